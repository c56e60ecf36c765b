import { Button, Dialog, Empty, Toast } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import { useStrings } from '../../../lib/i18n.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';
import { isNotInGroup, useGroupDetail } from '../api/group-detail.ts';
import { loadGate } from '../../../components/query-state.tsx';
import { ContactLink } from '../../../components/contact-link.tsx';
import { formatSgPhone } from '../../../components/fields/field-rules.ts';
import { useQuitGroup } from '../api/quit-group.ts';

/** The caller's group: leader, collection address, coming packing dates, recipient code; quit (H5). */
export default function GroupDetailScreen() {
  useStrings('groups');
  const { t } = useTranslation();
  const q = useGroupDetail();
  const quit = useQuitGroup();
  // Only the server's "no group" answer means not in a group; an unreachable server is a failure with retry.
  if (q.isError && isNotInGroup(q.error))
    return (
      <div className="page">
        <Empty description={t('groups.notInGroup')} />
        <div className="section">
          <Button block color="primary" onClick={() => nav.navigateTo(paths.map)}>
            {t('groups.findLeader')}
          </Button>
        </div>
      </div>
    );
  const gate = loadGate(q);
  if (gate) return gate;
  const g = q.data;
  if (!g) return null;
  const onQuit = async () => {
    if (!(await Dialog.confirm({ content: t('groups.quitConfirm') }))) return;
    if (await quit.mutateAsync().catch(() => null)) {
      Toast.show({ icon: 'success', content: t('groups.notInGroup') });
      nav.navigateBack();
    }
  };
  return (
    <div className="page">
      <div className="card" data-testid="group-detail">
        <div className="section-title">{g.name}</div>
        <div>
          {t('groups.leader')}: {g.leader_name}
        </div>
        {g.phone && (
          <div className="row" style={{ gap: 12, flexWrap: 'wrap' }}>
            <ContactLink kind="phone" value={g.phone} label={formatSgPhone(g.phone)} testId="leader-phone" />
            <ContactLink kind="whatsapp" value={g.phone} label="WhatsApp" testId="leader-whatsapp" />
          </div>
        )}
        <div>
          {t('groups.address')}: {g.address} #{g.floor}-{g.unit} ({g.postcode})
        </div>
        <div className="muted">
          {g.pattern ? `${t(`groups.pattern.${g.pattern}`)} · ` : ''}
          {g.next_pack_date ? t('groups.nextDate', { date: g.next_pack_date }) : t('groups.noDate')}
        </div>
        <div className="muted">{t('groups.members', { count: g.member_count })}</div>
        <Button
          size="small"
          fill="none"
          color="primary"
          onClick={() =>
            nav.navigateTo(paths.openLocation, {
              lat: g.lat,
              lng: g.lng,
              name: g.name,
              address: `${g.address} #${g.floor}-${g.unit} (${g.postcode})`,
            })
          }
          data-testid="group-place"
        >
          {t('groups.location.view')}
        </Button>
      </div>
      {g.recipient_hint && (
        <div className="card">
          <div className="muted">{t('groups.recipientHint')}</div>
          <div style={{ fontSize: 20, fontWeight: 700 }} data-testid="recipient-hint">
            {g.recipient_hint}
          </div>
        </div>
      )}
      {(g.is_leader || g.my_status === 'active') && (
        <div className="section">
          <Button block color="primary" onClick={() => nav.navigateTo(paths.groupDeliveryAdd)} data-testid="open-delivery-add">
            {t('groups.addOn.open')}
          </Button>
        </div>
      )}
      {!g.is_leader && g.my_status && (
        <div className="section">
          <Button block color="danger" fill="outline" onClick={() => void onQuit()} data-testid="group-quit">
            {t('groups.quit')}
          </Button>
        </div>
      )}
    </div>
  );
}
