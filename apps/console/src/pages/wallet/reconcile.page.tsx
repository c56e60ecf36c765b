import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Space, Table, Tag } from 'antd';
import { contract } from '@pinyou/contract';
import { call } from '../../api.ts';
import { money } from '../money.ts';

/** The server's proof that the double-entry ledger balances, and every account's balance. */
export function WalletReconcilePage() {
  const q = useQuery({ queryKey: ['reconcile'], queryFn: () => call(contract.walletAdmin.adminReconcile, {}) });
  const d = q.data;
  return (
    <Card
      title="Reconciliation"
      extra={
        <Button onClick={() => void q.refetch()} loading={q.isFetching}>
          Run again
        </Button>
      }
    >
      {d && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert
            type={d.ok ? 'success' : 'error'}
            showIcon
            data-testid="reconcile-result"
            message={d.ok ? 'The ledger balances' : 'The ledger does NOT balance'}
            description={
              d.ok
                ? `Entries sum to zero in every currency and every transaction; all ${d.wallets_checked} wallets equal their entries.`
                : `${d.unbalanced_transactions.length} unbalanced transaction(s), ${d.wallet_mismatches.length} wallet mismatch(es). Investigate before any manual change.`
            }
          />
          <Descriptions bordered size="small" column={1} title="Sum of all entries per currency (must be 0)">
            {d.currencies.map((c) => (
              <Descriptions.Item key={c.currency} label={`${c.currency} (${c.entries} entries)`}>
                {money(c.sum_minor, c.currency)} {c.sum_minor === 0 ? <Tag color="green">balanced</Tag> : <Tag color="red">off</Tag>}
              </Descriptions.Item>
            ))}
          </Descriptions>
          {d.unbalanced_transactions.length > 0 && (
            <Alert type="error" message={`Unbalanced transactions: ${d.unbalanced_transactions.join(', ')}`} />
          )}
          {d.wallet_mismatches.length > 0 && (
            <Table
              rowKey="user_id"
              size="small"
              title={() => 'Wallets whose stored balance differs from their entries'}
              dataSource={d.wallet_mismatches}
              pagination={false}
              columns={[
                { title: 'Customer #', dataIndex: 'user_id' },
                { title: 'Stored', dataIndex: 'stored_minor', render: (v: number) => money(v) },
                { title: 'From entries', dataIndex: 'entries_minor', render: (v: number) => money(v) },
              ]}
            />
          )}
          <Table
            rowKey={(r) => `${r.code}-${r.currency}`}
            size="small"
            title={() => 'Ledger accounts'}
            dataSource={d.accounts}
            pagination={false}
            columns={[
              { title: 'Account', dataIndex: 'code' },
              { title: 'Currency', dataIndex: 'currency' },
              { title: 'Balance', dataIndex: 'balance_minor', align: 'right', render: (v: number, r) => money(v, r.currency) },
            ]}
          />
        </Space>
      )}
    </Card>
  );
}
