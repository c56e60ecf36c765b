import { Button, Col, Divider, Form, InputNumber, Row, Space } from 'antd';
import { defaultStoragePolicy, type StoragePolicy } from '@pinyou/contract';
import { defineStrings, useT } from '../../i18n.ts';

/** The storage policy in the settings form (issue 37): days as numbers, each band's fee typed in S$ a day. */
const strings = defineStrings({
  en: {
    storage: 'Storage in the China warehouse',
    freeDays: 'Free storage days',
    reminderDays: 'Remind this many days before free storage ends and before disposal',
    disposeAfter: 'Staff may dispose of a parcel after (days)',
    maxCbm: 'Up to (cbm; empty: any larger)',
    dailyFee: 'Fee a day (S$)',
    addBand: 'Add size band',
    remove: 'Remove',
  },
  zh_CN: {
    storage: '国内仓库仓储',
    freeDays: '免费仓储天数',
    reminderDays: '免费期结束前及处置前提前提醒天数',
    disposeAfter: '在仓超过多少天后可处置',
    maxCbm: '体积上限（立方米；留空为更大）',
    dailyFee: '每日费用（新币）',
    addBand: '添加体积档',
    remove: '删除',
  },
});

export interface StorageForm {
  free_days: number;
  reminder_days_before: number;
  dispose_after_days: number;
  bands: Array<{ max_cbm: number | null; fee_sgd: number }>;
}

export const storageFormOf = (p: StoragePolicy = defaultStoragePolicy): StorageForm => ({
  free_days: p.free_days,
  reminder_days_before: p.reminder_days_before,
  dispose_after_days: p.dispose_after_days,
  bands: p.bands.map((b) => ({ max_cbm: b.max_cbm, fee_sgd: b.daily_fee.amount_minor / 100 })),
});

export const storagePolicyOf = (f: StorageForm): StoragePolicy => ({
  free_days: f.free_days,
  reminder_days_before: f.reminder_days_before,
  dispose_after_days: f.dispose_after_days,
  bands: f.bands.map((b) => ({
    max_cbm: b.max_cbm ?? null,
    daily_fee: { amount_minor: Math.round((b.fee_sgd ?? 0) * 100), currency: 'SGD' as const },
  })),
});

export function StoragePolicyFields() {
  const t = useT(strings);
  const third = { xs: 24, md: 8 };
  return (
    <>
      <Divider orientation="left">{t('storage')}</Divider>
      <Row gutter={16}>
        <Col {...third}>
          <Form.Item name={['storage_form', 'free_days']} label={t('freeDays')} rules={[{ required: true }]}>
            <InputNumber min={0} max={365} precision={0} style={{ width: '100%' }} data-testid="storage-free-days" />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item name={['storage_form', 'reminder_days_before']} label={t('reminderDays')} rules={[{ required: true }]}>
            <InputNumber min={0} max={60} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item name={['storage_form', 'dispose_after_days']} label={t('disposeAfter')} rules={[{ required: true }]}>
            <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.List name={['storage_form', 'bands']}>
        {(fields, { add, remove }) => (
          <>
            {fields.map((f) => (
              <Space key={f.key} align="baseline" wrap>
                <Form.Item name={[f.name, 'max_cbm']} label={t('maxCbm')}>
                  <InputNumber min={0.0001} step={0.01} style={{ width: 140 }} />
                </Form.Item>
                <Form.Item name={[f.name, 'fee_sgd']} label={t('dailyFee')} rules={[{ required: true }]}>
                  <InputNumber min={0} max={1000} step={0.1} precision={2} style={{ width: 140 }} />
                </Form.Item>
                <Button onClick={() => remove(f.name)} disabled={fields.length <= 1}>
                  {t('remove')}
                </Button>
              </Space>
            ))}
            <Form.Item>
              <Button onClick={() => add({ max_cbm: null, fee_sgd: 0 })} disabled={fields.length >= 10}>
                {t('addBand')}
              </Button>
            </Form.Item>
          </>
        )}
      </Form.List>
    </>
  );
}
