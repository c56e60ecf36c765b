import { Col, Divider, Form, InputNumber, Row } from 'antd';
import { defaultInsuranceTerms, insuranceSettingsOf, type InsuranceSettings } from '@pinyou/contract';
import { defineStrings, useT } from '../../i18n.ts';

/** The pack insurance terms in the settings form (issue 37): the rate in percent, the amounts typed in S$. */
const strings = defineStrings({
  en: {
    insurance: 'Pack insurance',
    rate: 'Premium (% of the declared value)',
    minPremium: 'Minimum premium (S$)',
    maxCover: 'Maximum cover (S$)',
    minOverCover: 'The minimum premium may not be more than the maximum cover',
  },
  zh_CN: {
    insurance: '包裹保险',
    rate: '保费（申报货值的百分比）',
    minPremium: '最低保费（新币）',
    maxCover: '最高保额（新币）',
    minOverCover: '最低保费不能高于最高保额',
  },
});

export interface InsuranceForm {
  rate_percent: number;
  min_premium_sgd: number;
  max_cover_sgd: number;
}

export const insuranceFormOf = (s: InsuranceSettings = insuranceSettingsOf(defaultInsuranceTerms)): InsuranceForm => ({
  rate_percent: s.rate_percent,
  min_premium_sgd: s.min_premium.amount_minor / 100,
  max_cover_sgd: s.max_cover.amount_minor / 100,
});

export const insuranceSettingsOfForm = (f: InsuranceForm): InsuranceSettings => ({
  rate_percent: f.rate_percent,
  min_premium: { amount_minor: Math.round((f.min_premium_sgd ?? 0) * 100), currency: 'SGD' },
  max_cover: { amount_minor: Math.round((f.max_cover_sgd ?? 0) * 100), currency: 'SGD' },
});

export function InsuranceTermsFields() {
  const t = useT(strings);
  const third = { xs: 24, md: 8 };
  return (
    <>
      <Divider orientation="left">{t('insurance')}</Divider>
      <Row gutter={16}>
        <Col {...third}>
          <Form.Item name={['insurance_form', 'rate_percent']} label={t('rate')} rules={[{ required: true }]}>
            <InputNumber min={0} max={20} step={0.1} precision={2} style={{ width: '100%' }} data-testid="insurance-rate" />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item
            name={['insurance_form', 'min_premium_sgd']}
            label={t('minPremium')}
            dependencies={[['insurance_form', 'max_cover_sgd']]}
            rules={[
              { required: true },
              ({ getFieldValue }) => ({
                validator: (_, v: number | null) =>
                  v === null || v === undefined || v <= (getFieldValue(['insurance_form', 'max_cover_sgd']) ?? Infinity)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('minOverCover'))),
              }),
            ]}
          >
            <InputNumber min={0} max={100_000} step={1} precision={2} style={{ width: '100%' }} data-testid="insurance-min" />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item name={['insurance_form', 'max_cover_sgd']} label={t('maxCover')} rules={[{ required: true }]}>
            <InputNumber min={0.01} max={10_000_000} step={100} precision={2} style={{ width: '100%' }} data-testid="insurance-max" />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
