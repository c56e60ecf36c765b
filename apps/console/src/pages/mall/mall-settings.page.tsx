import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, InputNumber, Select, Switch, Table } from 'antd';
import { mallSources, type MallSource } from '@pinyou/contract';
import { defineStrings, useT } from '../../i18n.ts';
import { LoadError, SourceTag, useCan, useMallT } from './mall-common.tsx';
import { adminMallSettings } from './api/admin-mall-settings.ts';
import { adminSaveMallSettings } from './api/admin-save-mall-settings.ts';

type SourceRow = { source: MallSource; on: boolean; rebate_percent: number };
type Values = { sources: SourceRow[]; pay_within_minutes: number; hot_keywords: string[] };

const strings = defineStrings({
  en: {
    title: 'Mall settings',
    sources: 'Sources',
    shown: 'Sold to customers',
    rebate: 'Rebate (% of the price)',
    payWithin: 'Unpaid orders expire after (minutes)',
    hot: 'Hot keywords (shown under the search box; Enter after each)',
    readOnly: 'Only finance staff can change these settings.',
    saved: 'Mall settings saved',
    required: 'Required',
    tooMany: 'At most 20 keywords of up to 30 characters',
  },
  zh_CN: {
    title: '商城设置',
    sources: '商品来源',
    shown: '对客户开放',
    rebate: '返利（价格的 %）',
    payWithin: '未付款订单失效时间（分钟）',
    hot: '热门搜索词（显示在搜索框下；每个词后按回车）',
    readOnly: '只有财务人员可以修改这些设置。',
    saved: '商城设置已保存',
    required: '必填',
    tooMany: '最多20个词，每个不超过30字',
  },
});

export function MallSettingsPage() {
  const t = useT(strings);
  const mt = useMallT();
  const can = useCan();
  const editable = can(['finance']);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['mallAdmin', 'settings'], queryFn: () => adminMallSettings({}) });
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (!q.data) return;
    // Every source has a row, in the usual order, even one the server has not stored yet.
    const sources = mallSources.map((s) => q.data.sources.find((x) => x.source === s) ?? { source: s, on: false, rebate_percent: 0 });
    form.setFieldsValue({ sources, pay_within_minutes: q.data.pay_within_minutes, hot_keywords: q.data.hot_keywords });
  }, [q.data, form]);
  const save = async (v: Values) => {
    try {
      const sources = (form.getFieldValue('sources') as SourceRow[]).map((s, i) => ({ ...s, ...v.sources?.[i] }));
      const saved = await adminSaveMallSettings({
        sources: sources.map((s) => ({ source: s.source, on: s.on, rebate_percent: s.rebate_percent ?? 0 })),
        pay_within_minutes: v.pay_within_minutes,
        hot_keywords: (v.hot_keywords ?? []).map((k) => k.trim()).filter(Boolean),
      });
      qc.setQueryData(['mallAdmin', 'settings'], saved);
      void message.success(t('saved'));
    } catch {
      /* shown by call */
    }
  };
  return (
    <Card title={t('title')} loading={q.isLoading}>
      <LoadError error={q.error} onRetry={() => void q.refetch()} />
      {!editable && <Alert type="info" showIcon message={t('readOnly')} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" disabled={!editable} onFinish={(v) => void save(v)} style={{ maxWidth: 720 }}>
        <Form.List name="sources">
          {(fields) => (
            <Table
              rowKey="key"
              size="small"
              pagination={false}
              style={{ marginBottom: 16 }}
              dataSource={fields}
              title={() => <b>{t('sources')}</b>}
              columns={[
                {
                  title: mt('source'),
                  render: (_, f) => <SourceTag source={(form.getFieldValue(['sources', f.name, 'source']) as MallSource) ?? 'self'} />,
                },
                {
                  title: t('shown'),
                  render: (_, f) => (
                    <Form.Item name={[f.name, 'on']} valuePropName="checked" noStyle>
                      <Switch data-testid={`mall-source-on-${f.name}`} />
                    </Form.Item>
                  ),
                },
                {
                  title: t('rebate'),
                  render: (_, f) => (
                    <Form.Item name={[f.name, 'rebate_percent']} rules={[{ required: true, message: t('required') }]} style={{ margin: 0 }}>
                      <InputNumber min={0} max={50} precision={2} suffix="%" data-testid={`mall-source-rebate-${f.name}`} />
                    </Form.Item>
                  ),
                },
              ]}
            />
          )}
        </Form.List>
        <Form.Item name="pay_within_minutes" label={t('payWithin')} rules={[{ required: true, message: t('required') }]}>
          <InputNumber min={5} max={7 * 24 * 60} precision={0} data-testid="mall-pay-within" />
        </Form.Item>
        <Form.Item
          name="hot_keywords"
          label={t('hot')}
          rules={[
            {
              validator: async (_, v: string[] | undefined) =>
                (v ?? []).length > 20 || (v ?? []).some((k) => k.length > 30) ? Promise.reject(new Error(t('tooMany'))) : undefined,
            },
          ]}
        >
          <Select mode="tags" open={false} tokenSeparators={[',', '，']} data-testid="mall-hot-keywords" />
        </Form.Item>
        <Button type="primary" htmlType="submit" data-testid="mall-settings-save">
          {mt('save')}
        </Button>
      </Form>
    </Card>
  );
}
