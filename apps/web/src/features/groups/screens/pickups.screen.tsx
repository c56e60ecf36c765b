import { useState } from 'react';
import { Button, Checkbox, Empty, Input, Tag, Toast } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { useStrings } from '../../../lib/i18n.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useCollection, useConfirmPickup, useGroupBatches } from '../api/pickups.ts';
import { useMembersToPay } from '../api/members-to-pay.ts';
import { PayPopup } from '../../../components/payment/pay-popup.tsx';

/**
 * The leader's collection list of a batch, pickup confirmation by a member's code (typed or scanned), and
 * paying on behalf of members from the leader's balance in one payment: one member's bills, the members ticked, or
 * every unpaid bill of the batch.
 */
export default function MyGroupPickupScreen() {
  useStrings('groups');
  const { t } = useTranslation();
  const batches = useGroupBatches();
  const [batchId, setBatchId] = useState<number | null>(null);
  const current = batchId ?? batches.data?.list[0]?.id ?? null;
  const coll = useCollection(current);
  const toPay = useMembersToPay(current);
  const billsOf = new Map((toPay.data?.list ?? []).map((r) => [r.user_id, r.bill_ids]));
  const allUnpaid = [...billsOf.values()].flat();
  const [paying, setPaying] = useState<number[] | null>(null);
  const [ticked, setTicked] = useState<number[]>([]);
  const tickedBills = ticked.flatMap((id) => billsOf.get(id) ?? []);
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
          <Tag key={b.id} color={b.id === current ? 'primary' : 'default'} onClick={() => setBatchId(b.id)} style={{ padding: 8 }}>
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
          {coll.data.list.map((r) => (
            <div
              key={r.user_id}
              className="row"
              style={{ minHeight: 44, justifyContent: 'space-between' }}
              data-testid={`collect-${r.user_account}`}
            >
              <span>
                {!r.paid && !!billsOf.get(r.user_id)?.length ? (
                  // The member's name is the checkbox's label, so a screen reader says whom it selects.
                  <Checkbox
                    checked={ticked.includes(r.user_id)}
                    onChange={(on) => setTicked((x) => (on ? [...x, r.user_id] : x.filter((id) => id !== r.user_id)))}
                    className="member-tick"
                    data-testid={`tick-${r.user_account}`}
                  >
                    {r.user_account}
                  </Checkbox>
                ) : (
                  r.user_account
                )}{' '}
                {r.dragon_code && `(${r.dragon_code})`} · {r.volume_cbm} cbm · {formatMoney(r.amount)}
              </span>
              <span>
                <Tag color={r.paid ? 'success' : 'warning'}>{t(r.paid ? 'groups.paid' : 'groups.unpaid')}</Tag>{' '}
                <Tag color={r.signed ? 'success' : 'default'}>{t(r.signed ? 'groups.signed' : 'groups.notSigned')}</Tag>
                {!r.paid && !!billsOf.get(r.user_id)?.length && (
                  <Button
                    size="mini"
                    color="primary"
                    fill="outline"
                    style={{ marginLeft: 6, minHeight: 32 }}
                    onClick={() => setPaying(billsOf.get(r.user_id)!)}
                    data-testid={`pay-for-${r.user_account}`}
                  >
                    {t('groups.payFor')}
                  </Button>
                )}
              </span>
            </div>
          ))}
          {coll.data.list.length === 0 && <Empty description={t('groups.collectionEmpty')} data-testid="collection-empty" />}
          {tickedBills.length > 0 ? (
            <Button block color="primary" style={{ margin: '8px 0' }} onClick={() => setPaying(tickedBills)} data-testid="pay-for-ticked">
              {t('groups.payForTicked', { count: ticked.length })}
            </Button>
          ) : (
            allUnpaid.length > 1 && (
              <Button block color="primary" style={{ margin: '8px 0' }} onClick={() => setPaying(allUnpaid)} data-testid="pay-for-all">
                {t('groups.payForAll', { count: allUnpaid.length })}
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
          setTicked([]);
          void coll.refetch();
          void toPay.refetch();
        }}
      />
    </div>
  );
}
