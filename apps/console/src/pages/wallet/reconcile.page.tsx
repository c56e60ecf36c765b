import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Space, Table, Tag } from 'antd';
import { type Money } from '@pinyou/contract';
import { defineStrings, useT } from '../../i18n.ts';
import { money } from '../money.ts';
import { adminReconcile } from './api/admin-reconcile.ts';

const strings = defineStrings({
  en: {
    title: 'Reconciliation',
    runAgain: 'Run again',
    balances: 'The ledger balances',
    notBalanced: 'The ledger does NOT balance',
    okDetail: 'Entries sum to zero in every currency and every transaction; all {n} wallets equal their entries.',
    badDetail: '{tx} unbalanced transaction(s), {wallets} wallet mismatch(es). Investigate before any manual change.',
    sums: 'Sum of all entries per currency (must be 0)',
    entries: '{currency} ({n} entries)',
    balanced: 'balanced',
    off: 'off',
    unbalanced: 'Unbalanced transactions: {list}',
    mismatches: 'Wallets whose stored balance differs from their entries',
    customerNo: 'Customer #',
    stored: 'Stored',
    fromEntries: 'From entries',
    accounts: 'Ledger accounts',
    account: 'Account',
    currency: 'Currency',
    balance: 'Balance',
  },
  zh_CN: {
    title: '对账',
    runAgain: '重新对账',
    balances: '账目平衡',
    notBalanced: '账目不平衡',
    okDetail: '每种币种、每笔交易的分录合计均为零；全部 {n} 个钱包余额与分录一致。',
    badDetail: '{tx} 笔交易借贷不平，{wallets} 个钱包余额与分录不符。请先查明原因，再做任何人工调整。',
    sums: '各币种分录合计（应为 0）',
    entries: '{currency}（{n} 条分录）',
    balanced: '平衡',
    off: '不平',
    unbalanced: '借贷不平的交易：{list}',
    mismatches: '余额与分录不符的钱包',
    customerNo: '客户编号',
    stored: '账面余额',
    fromEntries: '按分录计算',
    accounts: '总账科目',
    account: '科目',
    currency: '币种',
    balance: '余额',
  },
});

/** The server's proof that the double-entry ledger balances, and every account's balance. */
export function WalletReconcilePage() {
  const t = useT(strings);
  const q = useQuery({ queryKey: ['reconcile'], queryFn: () => adminReconcile({}) });
  const d = q.data;
  return (
    <Card
      title={t('title')}
      extra={
        <Button onClick={() => void q.refetch()} loading={q.isFetching}>
          {t('runAgain')}
        </Button>
      }
    >
      {d && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert
            type={d.ok ? 'success' : 'error'}
            showIcon
            data-testid="reconcile-result"
            message={d.ok ? t('balances') : t('notBalanced')}
            description={
              d.ok
                ? t('okDetail', { n: d.wallets_checked })
                : t('badDetail', { tx: d.unbalanced_transactions.length, wallets: d.wallet_mismatches.length })
            }
          />
          <Descriptions bordered size="small" column={1} title={t('sums')}>
            {d.currencies.map((c) => (
              <Descriptions.Item key={c.sum.currency} label={t('entries', { currency: c.sum.currency, n: c.entries })}>
                {money(c.sum)} {c.sum.amount_minor === 0 ? <Tag color="green">{t('balanced')}</Tag> : <Tag color="red">{t('off')}</Tag>}
              </Descriptions.Item>
            ))}
          </Descriptions>
          {d.unbalanced_transactions.length > 0 && (
            <Alert type="error" message={t('unbalanced', { list: d.unbalanced_transactions.join(', ') })} />
          )}
          {d.wallet_mismatches.length > 0 && (
            <Table
              rowKey="user_id"
              size="small"
              title={() => t('mismatches')}
              dataSource={d.wallet_mismatches}
              pagination={false}
              columns={[
                { title: t('customerNo'), dataIndex: 'user_id' },
                { title: t('stored'), dataIndex: 'stored', render: (v: Money) => money(v) },
                { title: t('fromEntries'), dataIndex: 'entries', render: (v: Money) => money(v) },
              ]}
            />
          )}
          <Table
            rowKey={(r) => `${r.code}-${r.balance.currency}`}
            size="small"
            title={() => t('accounts')}
            dataSource={d.accounts}
            pagination={false}
            columns={[
              { title: t('account'), dataIndex: 'code' },
              { title: t('currency'), key: 'currency', render: (_: unknown, r) => r.balance.currency },
              { title: t('balance'), dataIndex: 'balance', align: 'right', render: (v: Money) => money(v) },
            ]}
          />
        </Space>
      )}
    </Card>
  );
}
