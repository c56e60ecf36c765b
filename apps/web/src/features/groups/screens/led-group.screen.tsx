import { useState } from 'react';
import { Button, Dialog, Empty, Input, Selector, Tag, Toast } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import { packPatterns, type PackPattern } from '@pinyou/contract';
import { useStrings } from '../../../lib/i18n.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';
import { isNotInGroup, useGroupDetail } from '../api/group-detail.ts';
import { loadGate, QueryState } from '../../../components/query-state.tsx';
import { enterMember, useMemberAction, useMembers, useSetPackDate, type MemberAction } from '../api/leader.ts';

const weekdays = [1, 2, 3, 4, 5, 6, 7];

/** The leader's group: effective-leader status, packing pattern and date, members (blacklist, kick, log in as). */
export default function MyGroupScreen() {
  useStrings('groups');
  const { t } = useTranslation();
  const detail = useGroupDetail();
  const g = detail.data;
  const members = useMembers(!!g?.is_leader);
  const act = useMemberAction();
  const setDate = useSetPackDate();
  const [pattern, setPattern] = useState<PackPattern>('weekly');
  const [weekday, setWeekday] = useState(6);
  const [start, setStart] = useState('');
  if ((detail.isError && isNotInGroup(detail.error)) || (g && !g.is_leader))
    return (
      <div className="page">
        <Empty description={t('groups.notInGroup')} />
        <div className="section">
          <Button block color="primary" onClick={() => nav.navigateTo(paths.groupApplyLeader)}>
            {t('groups.applyTitle')}
          </Button>
        </div>
      </div>
    );
  const gate = loadGate(detail);
  if (gate) return gate;
  if (!g) return null;
  const save = async () => {
    const r = await setDate.mutateAsync({ pattern, start_date: start, ...(pattern === 'once' ? {} : { weekday }) }).catch(() => null);
    if (r) Toast.show({ icon: 'success', content: t('groups.nextDate', { date: r.next_pack_date ?? '' }) });
  };
  const doAction = async (action: MemberAction, userId: number) => {
    if (action === 'removeGroupByGroup' && !(await Dialog.confirm({ content: t('groups.kickConfirm') }))) return;
    await act.mutateAsync({ action, userId }).catch(() => null);
  };
  const asMember = async (userId: number) => {
    if (await enterMember(userId).catch(() => null)) nav.reLaunch(paths.home);
  };
  return (
    <div className="page">
      <div className="card" data-testid="my-group">
        <div className="section-title">{g.name}</div>
        <div>
          {t('groups.members', { count: g.member_count })} · {g.size_cbm} cbm ·{' '}
          <Tag color={g.effective ? 'success' : 'default'}>{t(g.effective ? 'groups.effective' : 'groups.notEffective')}</Tag>
        </div>
        <div className="muted">{g.pack_dates.join(' · ') || t('groups.noDate')}</div>
        <div className="row" style={{ gap: 4, flexWrap: 'wrap' }}>
          <Button size="small" fill="none" onClick={() => nav.navigateTo(paths.groupAddGroup)}>
            {t('groups.edit')}
          </Button>
          <Button
            size="small"
            fill="none"
            color="primary"
            onClick={() => nav.navigateTo(paths.groupDeliveryAdd)}
            data-testid="open-delivery-add"
          >
            {t('groups.addOn.open')}
          </Button>
        </div>
      </div>
      <div className="card">
        <div className="section-title">{t('groups.packing')}</div>
        <Selector
          options={packPatterns.map((p) => ({ label: t(`groups.pattern.${p}`), value: p }))}
          value={[pattern]}
          onChange={(v) => v[0] && setPattern(v[0])}
        />
        {pattern !== 'once' && (
          <Selector
            options={weekdays.map((d) => ({ label: t(`groups.weekday.${d}`), value: d }))}
            value={[weekday]}
            onChange={(v) => v[0] && setWeekday(v[0])}
          />
        )}
        <Input type="date" value={start} onChange={setStart} data-testid="pack-start" />
        <Button
          block
          color="primary"
          loading={setDate.isPending}
          onClick={() => void save()}
          data-testid="pack-save"
          style={{ marginTop: 8 }}
        >
          {t('groups.savePacking')}
        </Button>
      </div>
      <div className="card">
        <div className="section-title">{t('groups.memberList')}</div>
        <QueryState query={members} />
        {members.data?.list.map((m) => (
          <div
            key={m.user_id}
            style={{ minHeight: 44, borderBottom: '1px solid #eee', padding: '6px 0' }}
            data-testid={`member-${m.user_account}`}
          >
            <div onClick={() => nav.navigateTo(paths.memberOrder, { user_id: m.user_id })}>
              {m.user_account} {m.dragon_code && `(${m.dragon_code})`} · {m.order_count} / {m.unpaid_count}{' '}
              {m.status === 'blacklisted' && <Tag color="danger">{t('groups.blacklisted')}</Tag>}
            </div>
            <div className="row" style={{ gap: 4 }}>
              <Button size="mini" onClick={() => void doAction(m.status === 'blacklisted' ? 'deleteBlock' : 'addBlock', m.user_id)}>
                {t(m.status === 'blacklisted' ? 'groups.unblock' : 'groups.block')}
              </Button>
              <Button size="mini" color="danger" onClick={() => void doAction('removeGroupByGroup', m.user_id)}>
                {t('groups.kick')}
              </Button>
              <Button size="mini" onClick={() => void asMember(m.user_id)}>
                {t('groups.loginAs')}
              </Button>
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
