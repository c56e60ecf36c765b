import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Divider, Form, Image, Input, InputNumber, Row, Space, Upload } from 'antd';
import { contract, DEFAULT_OFFICIAL_ACCOUNT_QR, type SystemSettings } from '@pinyou/contract';
import { call } from '../../api.ts';

/** The public system settings: exchange rate, warehouse, customer service, notice, top-up limits. */
export function SettingsPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['settings'], queryFn: () => call(contract.admin.getSettings, {}) });
  const [form] = Form.useForm<SystemSettings & { max_amount_sgd: number }>();
  useEffect(() => {
    if (q.data) form.setFieldsValue({ ...q.data.info, max_amount_sgd: q.data.info.recharge.max_amount / 100 });
  }, [q.data, form]);
  const onFinish = async (v: SystemSettings & { max_amount_sgd: number }) => {
    const { max_amount_sgd, ...rest } = v;
    const info = {
      ...q.data!.info,
      ...rest,
      recharge: { ...q.data!.info.recharge, ...rest.recharge, max_amount: Math.round(max_amount_sgd * 100) },
    };
    await call(contract.admin.saveSettings, { info });
    message.success('Settings saved');
    await qc.invalidateQueries({ queryKey: ['settings'] });
  };
  const half = { xs: 24, md: 12 };
  return (
    <Card title="System settings" loading={q.isLoading}>
      <Form form={form} layout="vertical" onFinish={(v) => void onFinish(v).catch(() => undefined)}>
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item
              name="exchange_rate"
              label="Exchange rate (RMB per 1 SGD)"
              rules={[{ required: true, pattern: /^\d{1,3}(\.\d{1,4})?$/, message: 'Up to 4 decimals, e.g. 5.3200' }]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="max_amount_sgd" label="Largest single top-up (S$)" rules={[{ required: true }]}>
              <InputNumber min={1} precision={2} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Divider orientation="left">China warehouse</Divider>
        <Row gutter={16}>
          {(['name', 'receiver', 'phone', 'province', 'city', 'district', 'address', 'postcode'] as const).map((k) => (
            <Col {...half} key={k}>
              <Form.Item name={['warehouse', k]} label={k} rules={[{ required: true }]}>
                <Input />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Divider orientation="left">Customer service</Divider>
        <Row gutter={16}>
          {(['wechat', 'whatsapp', 'phone', 'email'] as const).map((k) => (
            <Col {...half} key={k}>
              <Form.Item name={['service', k]} label={k}>
                <Input />
              </Form.Item>
            </Col>
          ))}
          <Col {...half}>
            <Form.Item name={['service', 'hours', 'en']} label="Hours (English)">
              <Input />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name={['service', 'hours', 'zh_CN']} label="Hours (中文)">
              <Input />
            </Form.Item>
          </Col>
        </Row>
        <Divider orientation="left">Home notice</Divider>
        <Form.Item name={['notice', 'en']} label="Notice (English)">
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item name={['notice', 'zh_CN']} label="Notice (中文)">
          <Input.TextArea rows={2} />
        </Form.Item>
        <Divider orientation="left">Payments</Divider>
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item name={['recharge', 'paynow_uen']} label="PayNow UEN">
              <Input />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name={['recharge', 'paynow_name']} label="PayNow merchant name">
              <Input />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name={['recharge', 'bank', 'name']} label="Bank">
              <Input />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name={['recharge', 'bank', 'account_name']} label="Account name">
              <Input />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name={['recharge', 'bank', 'account_no']} label="Account number">
              <Input />
            </Form.Item>
          </Col>
        </Row>
        <Divider orientation="left">Official account</Divider>
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item name={['official_account', 'name']} label="Name">
              <Input />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name={['official_account', 'qr_url']}
              label="QR code image"
              extra="Upload the account's QR code (PNG or JPEG), or paste an https:// address. Empty shows the default image."
              rules={[{ pattern: /^(|\/\S*|https:\/\/\S+)$/, message: 'An uploaded image (/uploads/…) or an https:// address' }]}
            >
              <Input placeholder={DEFAULT_OFFICIAL_ACCOUNT_QR} data-testid="gzh-qr-url" />
            </Form.Item>
            <Space align="start">
              <Upload
                accept="image/png,image/jpeg,image/webp"
                showUploadList={false}
                customRequest={async (o) => {
                  try {
                    const res = await call(contract.admin.adminUploadImage, { purpose: 'site' }, { file: o.file as File });
                    form.setFieldValue(['official_account', 'qr_url'], res.url);
                    o.onSuccess?.(res);
                  } catch (e) {
                    o.onError?.(e as Error);
                  }
                }}
              >
                <Button data-testid="gzh-qr-upload">Upload QR code</Button>
              </Upload>
              <Form.Item noStyle shouldUpdate>
                {() => (
                  <Image
                    width={96}
                    height={96}
                    style={{ objectFit: 'contain', border: '1px solid #eee' }}
                    src={form.getFieldValue(['official_account', 'qr_url']) || DEFAULT_OFFICIAL_ACCOUNT_QR}
                    alt="Official account QR code"
                    data-testid="gzh-qr-preview"
                  />
                )}
              </Form.Item>
            </Space>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit">
          Save settings
        </Button>
      </Form>
    </Card>
  );
}
