import { useCallback, useState } from 'react';
import { Button, Empty, Form, Input, SearchBar, Tabs, Tag } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import { useStrings } from '../../../lib/i18n.ts';
import { nav } from '../../../lib/nav.ts';
import { toast } from '../../../lib/feedback.ts';
import { paths } from '../../../lib/paths.ts';
import { usePddList, type PickupStatus } from '../api/pdd-list.ts';
import { addPddTrack, addPddTrackWithOutbound, usePddAction, type NewPickup } from '../api/pdd-actions.ts';
import { ScanInput } from '../components/scan-input.tsx';
import '../content.css';

const tabs: Array<PickupStatus | 'all'> = ['all', 'stored', 'collected', 'outbound'];
const tabLabel = { all: 'all', stored: 'stored', collected: 'done', outbound: 'sent' } as const;

/** Pickup-site staff: record parcels for customers (scan or type), and see what is at the site. */
export default function SelfManageScreen() {
  useStrings('content');
  const { t } = useTranslation();
  const [tab, setTab] = useState<PickupStatus | 'all'>('all');
  const [keyword, setKeyword] = useState('');
  const [tracking, setTracking] = useState('');
  const [form] = Form.useForm<Omit<NewPickup, 'tracking_no'>>();
  const { data, error } = usePddList(tab === 'all' ? undefined : tab, keyword);
  const add = usePddAction(addPddTrack);
  const addOut = usePddAction(addPddTrackWithOutbound);
  const onTracking = useCallback((v: string) => setTracking(v), []);

  async function submit(outbound: boolean) {
    const v = await form.validateFields();
    const input = { ...v, tracking_no: tracking.trim() };
    await (outbound ? addOut : add).mutateAsync(input);
    toast(t('content.pickup.saved'), 'success');
    setTracking('');
    form.resetFields();
  }

  if (error && (error as { code?: number }).code === 667) return <Empty description={t('content.pickup.notPickup')} />;
  return (
    <div data-testid="selfmanage">
      <div className="ct-card">
        <div style={{ fontWeight: 600, marginBottom: 8 }}>{t('content.pickup.add')}</div>
        <ScanInput value={tracking} onChange={onTracking} placeholder={t('content.pickup.tracking')} testId="pdd-tracking" />
        <Form form={form} layout="horizontal" style={{ '--border-top': 'none' } as React.CSSProperties}>
          <Form.Item name="pickup_code" label={t('content.pickup.code')} rules={[{ required: true }]}>
            <Input data-testid="pdd-code" />
          </Form.Item>
          <Form.Item name="customer" label={t('content.pickup.customer')} rules={[{ required: true }]}>
            <Input data-testid="pdd-customer" />
          </Form.Item>
          <Form.Item name="remark" label={t('content.pickup.remark')}>
            <Input />
          </Form.Item>
        </Form>
        <div style={{ display: 'flex', gap: 8 }}>
          <Button block color="primary" disabled={!tracking.trim()} onClick={() => void submit(false)} data-testid="pdd-save">
            {t('content.pickup.save')}
          </Button>
          <Button
            block
            color="primary"
            fill="outline"
            disabled={!tracking.trim()}
            onClick={() => void submit(true)}
            data-testid="pdd-save-outbound"
          >
            {t('content.pickup.saveOutbound')}
          </Button>
        </div>
      </div>
      <Tabs activeKey={tab} onChange={(k) => setTab(k as typeof tab)}>
        {tabs.map((k) => (
          <Tabs.Tab key={k} title={`${t(`content.pickup.${tabLabel[k]}`)}${k !== 'all' && data?.counts[k] ? ` ${data.counts[k]}` : ''}`} />
        ))}
      </Tabs>
      <div style={{ padding: '0 12px' }}>
        <SearchBar placeholder={t('content.pickup.search')} onSearch={(v) => setKeyword(v.trim())} onClear={() => setKeyword('')} />
      </div>
      {data && data.list.length === 0 && <Empty description={t('content.pickup.empty')} />}
      {data?.list.map((r) => (
        <div
          key={r.id}
          className="ct-card"
          role="button"
          onClick={() => nav.navigateTo(paths.selfManageDetail, { id: r.id })}
          data-testid="pdd-item"
        >
          <div className="row">
            <strong>{r.tracking_no}</strong>
            <Tag color={r.status === 'stored' ? 'warning' : r.status === 'outbound' ? 'primary' : 'success'}>{r.status_text}</Tag>
          </div>
          <div className="muted">
            {t('content.pickup.code')}: {r.pickup_code} · {r.customer.nickname || r.customer.account}
          </div>
        </div>
      ))}
    </div>
  );
}
