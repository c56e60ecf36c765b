import { formatDateTime } from '../../../lib/dates.ts';
import { useState } from 'react';
import { CapsuleTabs, Empty, InfiniteScroll, List, Tabs } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation.ts';
import { useStrings } from '../../../lib/i18n.ts';
import { formatMoney } from '../../../lib/money.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';
import { useTransactions } from '../api/transactions.ts';
import { useRechargeOrders } from '../api/recharge-orders.ts';
import { RechargeStatusTag } from '../components/status-tag.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import type { TransactionType } from '../types.ts';

const TYPES = ['all', 'topup', 'payment', 'refund', 'adjustment'] as const;
const when = (iso: string) => formatDateTime(iso);

function TransactionList() {
  const { t } = useTranslation();
  const [type, setType] = useState<(typeof TYPES)[number]>('all');
  const q = useTransactions(type === 'all' ? undefined : (type as TransactionType));
  const rows = q.data?.pages.flatMap((p) => p.list) ?? [];
  const balance = q.data?.pages[0];
  return (
    <>
      {balance && (
        <div className="section row between">
          <span className="muted">{t('wallet.balance')}</span>
          <b data-testid="list-balance">{formatMoney(balance.balance)}</b>
        </div>
      )}
      <CapsuleTabs activeKey={type} onChange={(k) => setType(k as (typeof TYPES)[number])}>
        {TYPES.map((k) => (
          <CapsuleTabs.Tab key={k} title={t(`wallet.type.${k}`)} />
        ))}
      </CapsuleTabs>
      <QueryState query={q} isEmpty={!rows.length} empty={<Empty description={t('wallet.noTransactions')} />} />
      <List>
        {rows.map((r) => (
          <List.Item
            key={r.id}
            onClick={() => nav.navigateTo(paths.rechargeDetail, { id: r.id })}
            description={when(r.created_at)}
            extra={
              <div style={{ textAlign: 'right' }}>
                <div className={r.amount.amount_minor > 0 ? 'amount-in' : 'amount-out'} style={{ fontWeight: 600 }}>
                  {formatMoney(r.amount, { sign: true })}
                </div>
                <div className="muted" style={{ fontSize: 12 }}>
                  {t('wallet.balanceAfter', { amount: formatMoney(r.balance_after) })}
                </div>
              </div>
            }
            data-testid="transaction"
          >
            {r.title || t(`wallet.type.${r.type}`)}
          </List.Item>
        ))}
      </List>
      {rows.length > 0 && (
        <InfiniteScroll loadMore={async () => void (await q.fetchNextPage())} hasMore={!!q.hasNextPage && !q.isFetchNextPageError} />
      )}
    </>
  );
}

function TopUpList() {
  const { t } = useTranslation();
  const q = useRechargeOrders();
  const rows = q.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <>
      <QueryState query={q} isEmpty={!rows.length} empty={<Empty description={t('wallet.noTopUps')} />} />
      <List>
        {rows.map((o) => (
          <List.Item
            key={o.id}
            onClick={() => nav.navigateTo(paths.rechargeDetail, { order_no: o.order_no })}
            description={
              <>
                <div>
                  {when(o.created_at)} · {t(`wallet.methods.${o.method}`)}
                </div>
                {o.reject_reason && (
                  <div style={{ color: '#c8202d' }} data-testid="topup-reason">
                    {t('wallet.reason', { reason: o.reject_reason })}
                  </div>
                )}
              </>
            }
            extra={
              <div style={{ textAlign: 'right' }}>
                <div style={{ fontWeight: 600 }}>{formatMoney(o.amount)}</div>
                <RechargeStatusTag status={o.status} />
              </div>
            }
            data-testid="topup"
          >
            {o.order_no}
          </List.Item>
        ))}
      </List>
      {rows.length > 0 && (
        <InfiniteScroll loadMore={async () => void (await q.fetchNextPage())} hasMore={!!q.hasNextPage && !q.isFetchNextPageError} />
      )}
    </>
  );
}

/** Balance movements (with a type filter) and, on the second tab, the top-ups with their review state. */
export default function TransactionListScreen() {
  useStrings('wallet');
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'topups' ? 'topups' : 'transactions';
  return (
    <Tabs activeKey={tab} onChange={(k) => setParams({ tab: k }, { replace: true })}>
      <Tabs.Tab key="transactions" title={t('wallet.transactions')}>
        <TransactionList />
      </Tabs.Tab>
      <Tabs.Tab key="topups" title={t('wallet.topUps')}>
        <TopUpList />
      </Tabs.Tab>
    </Tabs>
  );
}
