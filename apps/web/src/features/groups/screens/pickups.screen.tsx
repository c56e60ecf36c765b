import { useState } from 'react';
import { Button, Checkbox, Empty, Input, Tag, Toast } from 'antd-mobile';
import { MAX_PAY_BILLS } from '@pinyou/contract';
import { useTranslation } from '../../../lib/translation.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { useStrings } from '../../../lib/i18n.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useCollection, useConfirmPickup, useGroupBatches } from '../api/pickups.ts';
import { getUnpaidBills, useMembersToPay } from '../api/members-to-pay.ts';
import { PayMemberRow } from '../components/pay-member-row.tsx';
import { PayPopup } from '../../../components/payment/pay-popup.tsx';

/**
 * The leader's collection list of a batch (paged, with the batch's totals), pickup confirmation by a member's
 * code (typed or scanned), and paying on behalf of members from the leader's balance in one payment: one
 * member's bills, the members ticked (kept across pages), or every unpaid bill of the batch (asked from the
 * server when tapped, as many as one payment takes).
 */
export default function MyGroupPickupScreen() {
  useStrings('groups');
  const { t } = useTranslation();
  const batches = useGroupBatches();
  const [batchId, setBatchId] = useState<number | null>(null);
  const current = batchId ?? batches.data?.list[0]?.id ?? null;
  const [unpaidOnly, setUnpaidOnly] = useState(false);
  const coll = useCollection(current);
  const members = useMembersToPay(current, unpaidOnly);
  const rows = members.data?.pages.flatMap((p) => p.list) ?? [];
  const totals = members.data?.pages[0]?.totals;
  const [paying, setPaying] = useState<number[] | null>(null);
  // Ticked members and their bills, whatever page they were ticked on.
  const [ticked, setTicked] = useState<ReadonlyMap<number, number[]>>(new Map());
  const tickedBills = [...ticked.values()].flat();
  const tick = (userId: number, bills: number[], on: boolean) => {
    if (on && tickedBills.length + bills.length > MAX_PAY_BILLS) {
      Toast.show({ content: t('groups.tooManyTicked', { count: MAX_PAY_BILLS }) });
      return;
    }
    setTicked((m) => {
      const next = new Map(m);
      if (on) next.set(userId, bills);
      else next.delete(userId);
      return next;
    });
  };
  const chooseBatch = (id: number) => {
    setBatchId(id);
    setTicked(new Map());
  };
  const [askingAll, setAskingAll] = useState(false);
  const payAll = async () => {
    setAskingAll(true);
    const due = await getUnpaidBills(current!).catch(() => null);
    setAskingAll(false);
    if (!due?.bill_ids.length) return;
    if (due.more) Toast.show({ content: t('groups.payAllInParts', { count: due.bill_ids.length }) });
    setPaying(due.bill_ids);
  };
  const [code, setCode] = useState('');
  const confirm = useConfirmPickup();
  const submit = async () => {
    const r = await confirm.mutateAsync(code.trim()).catch(() => null);
    if (!r) return;
    setCode('');
    Toast.show({ icon: 'success', content: t(r.already_signed ? 'groups.alreadySigned' : 'groups.confirmed', { who: r.user_account }) });
  };
  return (
    <div className="page">
      <div className="section row">
        <Input
          value={code}
          onChange={(v) => setCode(v.toUpperCase())}
          placeholder={t('groups.pickupCodePh')}
          maxLength={12}
          data-testid="pickup-code"
        />
        <Button
          color="primary"
          size="small"
          style={{ minHeight: 44 }}
          loading={confirm.isPending}
          onClick={() => void submit()}
          data-testid="pickup-confirm"
        >
          {t('groups.confirm')}
        </Button>
      </div>
      <div className="section row" style={{ overflowX: 'auto' }}>
        {batches.data?.list.map((b) => (
          <Tag key={b.id} color={b.id === current ? 'primary' : 'default'} onClick={() => chooseBatch(b.id)} style={{ padding: 8 }}>
            {b.batch_no} · {b.pack_date}
          </Tag>
        ))}
      </div>
      <QueryState query={batches} isEmpty={batches.data?.list.length === 0} empty={<Empty description={t('groups.noBatches')} />} />
      {current !== null && <QueryState query={coll} skeleton="card" />}
      {coll.data && (
        <div className="card" data-testid="collection">
          <div className="section-title">
            {t('groups.pickupTitle')} · {coll.data.batch.batch_no}
          </div>
          {totals && (
            <div className="row" style={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
              <span className="muted" data-testid="collection-totals">
                {t('groups.collectionTotals', {
                  count: totals.member_count,
                  unpaid: totals.unpaid_member_count,
                  amount: formatMoney(totals.unpaid_amount),
                })}
              </span>
              <Checkbox checked={unpaidOnly} onChange={setUnpaidOnly} data-testid="unpaid-only">
                {t('groups.unpaidOnly')}
              </Checkbox>
            </div>
          )}
          <PagedList
            query={members}
            items={rows}
            pullToRefresh={false}
            render={(r) => (
              <PayMemberRow
                key={r.user_id}
                r={r}
                ticked={ticked.has(r.user_id)}
                onTick={(on) => tick(r.user_id, r.bill_ids, on)}
                onPay={() => setPaying(r.bill_ids)}
              />
            )}
            empty={<Empty description={t(unpaidOnly ? 'groups.noneUnpaid' : 'groups.collectionEmpty')} data-testid="collection-empty" />}
          />
          {tickedBills.length > 0 ? (
            <Button block color="primary" style={{ margin: '8px 0' }} onClick={() => setPaying(tickedBills)} data-testid="pay-for-ticked">
              {t('groups.payForTicked', { count: ticked.size })}
            </Button>
          ) : (
            !!totals?.unpaid_member_count && (
              <Button
                block
                color="primary"
                style={{ margin: '8px 0' }}
                loading={askingAll}
                onClick={() => void payAll()}
                data-testid="pay-for-all"
              >
                {t('groups.payForAll', { count: totals.unpaid_member_count, amount: formatMoney(totals.unpaid_amount) })}
              </Button>
            )
          )}
          <a href={coll.data.export_url} download data-testid="collection-export">
            {t('groups.export')}
          </a>
        </div>
      )}
      <PayPopup
        open={!!paying}
        billIds={paying ?? undefined}
        onClose={() => setPaying(null)}
        onPaid={() => {
          setPaying(null);
          setTicked(new Map());
          void coll.refetch();
          void members.refetch();
        }}
      />
    </div>
  );
}
