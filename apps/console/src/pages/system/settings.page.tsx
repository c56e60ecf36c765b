import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Divider, Form, Image, Input, Row, Space, Upload } from 'antd';
import { DEFAULT_OFFICIAL_ACCOUNT_QR, settingsInputOf, type SystemSettingsInput } from '@pinyou/contract';
import { defineStrings, useT } from '../../i18n.ts';
import { StoragePolicyFields, storageFormOf, storagePolicyOf, type StorageForm } from './storage-policy-fields.tsx';
import { InsuranceTermsFields, insuranceFormOf, insuranceSettingsOfForm, type InsuranceForm } from './insurance-terms-fields.tsx';
import { adminUploadImage } from '../admin/api/admin-upload-image.ts';
import { getSettings } from './api/get-settings.ts';
import { saveSettings } from './api/save-settings.ts';

const strings = defineStrings({
  en: {
    title: 'System settings',
    saved: 'Settings saved',
    rate: 'Exchange rate (RMB per 1 SGD)',
    rateFormat: 'Up to 4 decimals, e.g. 5.3200',
    maxTopup: 'Largest single top-up (S$)',
    twoDecimals: 'An amount with up to 2 decimals, e.g. 10000.00',
    warehouse: 'China warehouse',
    wh_name: 'name',
    wh_receiver: 'receiver',
    wh_phone: 'phone',
    wh_province: 'province',
    wh_city: 'city',
    wh_district: 'district',
    wh_address: 'address',
    wh_postcode: 'postcode',
    service: 'Customer service',
    cs_wechat: 'wechat',
    cs_whatsapp: 'whatsapp',
    cs_phone: 'phone',
    cs_email: 'email',
    hoursEn: 'Hours (English)',
    hoursZh: 'Hours (中文)',
    notice: 'Home notice',
    noticeEn: 'Notice (English)',
    noticeZh: 'Notice (中文)',
    payments: 'Payments',
    paynowUen: 'PayNow UEN',
    paynowName: 'PayNow merchant name',
    bank: 'Bank',
    accountName: 'Account name',
    accountNo: 'Account number',
    official: 'Official account',
    oaName: 'Name',
    qr: 'QR code image',
    qrExtra: "Upload the account's QR code (PNG or JPEG), or paste an https:// address. Empty shows the default image.",
    qrFormat: 'An uploaded image (/uploads/…) or an https:// address',
    uploadQr: 'Upload QR code',
    qrAlt: 'Official account QR code',
    save: 'Save settings',
  },
  zh_CN: {
    title: '系统设置',
    saved: '设置已保存',
    rate: '汇率（1 新币兑人民币）',
    rateFormat: '最多四位小数，如 5.3200',
    maxTopup: '单笔充值上限（新币）',
    twoDecimals: '金额最多两位小数，如 10000.00',
    warehouse: '国内仓库',
    wh_name: '仓库名称',
    wh_receiver: '收件人',
    wh_phone: '电话',
    wh_province: '省',
    wh_city: '市',
    wh_district: '区',
    wh_address: '详细地址',
    wh_postcode: '邮编',
    service: '客服',
    cs_wechat: '微信',
    cs_whatsapp: 'WhatsApp',
    cs_phone: '电话',
    cs_email: '邮箱',
    hoursEn: '服务时间（英文）',
    hoursZh: '服务时间（中文）',
    notice: '首页公告',
    noticeEn: '公告（英文）',
    noticeZh: '公告（中文）',
    payments: '收款',
    paynowUen: 'PayNow UEN',
    paynowName: 'PayNow 商户名称',
    bank: '开户银行',
    accountName: '户名',
    accountNo: '账号',
    official: '公众号',
    oaName: '名称',
    qr: '二维码图片',
    qrExtra: '上传公众号二维码（PNG 或 JPEG），或粘贴 https:// 地址。留空则显示默认图片。',
    qrFormat: '请上传图片（/uploads/…）或填写 https:// 地址',
    uploadQr: '上传二维码',
    qrAlt: '公众号二维码',
    save: '保存设置',
  },
});

/** The public system settings: exchange rate, warehouse, customer service, notice, top-up limits. */
export function SettingsPage() {
  const t = useT(strings);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['settings'], queryFn: () => getSettings({}) });
  const [form] = Form.useForm<SystemSettingsInput>();
  useEffect(() => {
    // The largest top-up arrives as Money and is typed as "10000.00", like every amount staff type.
    // The storage policy's fees are typed in S$ a day (storage_form), the insurance amounts in S$
    // (insurance_form), saved as Money.
    if (q.data)
      form.setFieldsValue({
        ...settingsInputOf(q.data.info),
        storage_form: storageFormOf(q.data.info.storage_policy),
        insurance_form: insuranceFormOf(q.data.info.insurance_terms),
      } as SystemSettingsInput);
  }, [q.data, form]);
  const onFinish = async (input: SystemSettingsInput) => {
    const { storage_form, insurance_form, ...v } = input as SystemSettingsInput & {
      storage_form?: StorageForm;
      insurance_form?: InsuranceForm;
    };
    const saved = settingsInputOf(q.data!.info);
    const info = {
      ...saved,
      ...v,
      recharge: { ...saved.recharge, ...v.recharge },
      ...(storage_form ? { storage_policy: storagePolicyOf(storage_form) } : {}),
      ...(insurance_form ? { insurance_terms: insuranceSettingsOfForm(insurance_form) } : {}),
    };
    await saveSettings({ info });
    message.success(t('saved'));
    await qc.invalidateQueries({ queryKey: ['settings'] });
  };
  const half = { xs: 24, md: 12 };
  return (
    <Card title={t('title')} loading={q.isLoading}>
      <Form form={form} layout="vertical" onFinish={(v) => void onFinish(v).catch(() => undefined)}>
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item
              name="exchange_rate"
              label={t('rate')}
              rules={[{ required: true, pattern: /^\d{1,3}(\.\d{1,4})?$/, message: t('rateFormat') }]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name={['recharge', 'max_amount']}
              label={t('maxTopup')}
              rules={[{ required: true, pattern: /^\d{1,9}(\.\d{1,2})?$/, message: t('twoDecimals') }]}
            >
              <Input inputMode="decimal" />
            </Form.Item>
          </Col>
        </Row>
        <Divider orientation="left">{t('warehouse')}</Divider>
        <Row gutter={16}>
          {(['name', 'receiver', 'phone', 'province', 'city', 'district', 'address', 'postcode'] as const).map((k) => (
            <Col {...half} key={k}>
              <Form.Item name={['warehouse', k]} label={t(`wh_${k}`)} rules={[{ required: true }]}>
                <Input />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Divider orientation="left">{t('service')}</Divider>
        <Row gutter={16}>
          {(['wechat', 'whatsapp', 'phone', 'email'] as const).map((k) => (
            <Col {...half} key={k}>
              <Form.Item name={['service', k]} label={t(`cs_${k}`)}>
                <Input />
              </Form.Item>
            </Col>
          ))}
          <Col {...half}>
            <Form.Item name={['service', 'hours', 'en']} label={t('hoursEn')}>
              <Input />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name={['service', 'hours', 'zh_CN']} label={t('hoursZh')}>
              <Input />
            </Form.Item>
          </Col>
        </Row>
        <Divider orientation="left">{t('notice')}</Divider>
        <Form.Item name={['notice', 'en']} label={t('noticeEn')}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item name={['notice', 'zh_CN']} label={t('noticeZh')}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Divider orientation="left">{t('payments')}</Divider>
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item name={['recharge', 'paynow_uen']} label={t('paynowUen')}>
              <Input />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name={['recharge', 'paynow_name']} label={t('paynowName')}>
              <Input />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name={['recharge', 'bank', 'name']} label={t('bank')}>
              <Input />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name={['recharge', 'bank', 'account_name']} label={t('accountName')}>
              <Input />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name={['recharge', 'bank', 'account_no']} label={t('accountNo')}>
              <Input />
            </Form.Item>
          </Col>
        </Row>
        <Divider orientation="left">{t('official')}</Divider>
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item name={['official_account', 'name']} label={t('oaName')}>
              <Input />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name={['official_account', 'qr_url']}
              label={t('qr')}
              extra={t('qrExtra')}
              rules={[{ pattern: /^(|\/\S*|https:\/\/\S+)$/, message: t('qrFormat') }]}
            >
              <Input placeholder={DEFAULT_OFFICIAL_ACCOUNT_QR} data-testid="gzh-qr-url" />
            </Form.Item>
            <Space align="start">
              <Upload
                accept="image/png,image/jpeg,image/webp"
                showUploadList={false}
                customRequest={async (o) => {
                  try {
                    const res = await adminUploadImage({ purpose: 'site' }, { file: o.file as File });
                    form.setFieldValue(['official_account', 'qr_url'], res.url);
                    o.onSuccess?.(res);
                  } catch (e) {
                    o.onError?.(e as Error);
                  }
                }}
              >
                <Button data-testid="gzh-qr-upload">{t('uploadQr')}</Button>
              </Upload>
              <Form.Item noStyle shouldUpdate>
                {() => (
                  <Image
                    width={96}
                    height={96}
                    style={{ objectFit: 'contain', border: '1px solid #eee' }}
                    src={form.getFieldValue(['official_account', 'qr_url']) || DEFAULT_OFFICIAL_ACCOUNT_QR}
                    alt={t('qrAlt')}
                    data-testid="gzh-qr-preview"
                  />
                )}
              </Form.Item>
            </Space>
          </Col>
        </Row>
        <StoragePolicyFields />
        <InsuranceTermsFields />
        <Button type="primary" htmlType="submit">
          {t('save')}
        </Button>
      </Form>
    </Card>
  );
}
