import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space, Table, Tag } from 'antd';
import { useT } from '../../i18n.ts';
import { strings } from './groups-common.ts';
import { actionColumn } from '../../components/list-page.tsx';
import { enumText } from '../../enums.ts';
import { adminLeaderApplications } from './api/admin-leader-applications.ts';
import { adminReviewApplication } from './api/admin-review-application.ts';

export function ApplicationsPage() {
  const t = useT(strings);
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['groups', 'apps'], queryFn: () => adminLeaderApplications({ page: 1, page_size: 100 }) });
  const review = async (id: number, approve: boolean) => {
    let reason = '';
    if (!approve) {
      reason = window.prompt(t('reason')) ?? '';
      if (!reason.trim()) return;
    }
    await adminReviewApplication({ id, approve, reason });
    await qc.invalidateQueries({ queryKey: ['groups'] });
  };
  return (
    <Card title={t('applications')}>
      <Table
        scroll={{ x: 'max-content' }}
        rowKey="id"
        dataSource={q.data?.list ?? []}
        pagination={false}
        columns={[
          { title: t('user'), dataIndex: 'user_account' },
          { title: t('leader'), dataIndex: 'leader_name' },
          { title: t('phone'), dataIndex: 'phone' },
          { title: t('address'), render: (_, a) => `${a.address} #${a.floor}-${a.unit} (${a.postcode})` },
          { title: t('status'), render: (_, a) => <Tag>{enumText('applicationStatus', a.status)}</Tag> },
          {
            ...actionColumn,
            title: '',
            render: (_, a) =>
              a.status === 'pending' ? (
                <Space>
                  <Button type="primary" size="small" onClick={() => void review(a.id, true)} data-testid={`approve-${a.user_account}`}>
                    {t('approve')}
                  </Button>
                  <Button danger size="small" onClick={() => void review(a.id, false)}>
                    {t('reject')}
                  </Button>
                </Space>
              ) : (
                a.reason
              ),
          },
        ]}
      />
    </Card>
  );
}
