import { Button, Form, Input, Selector, Switch, Tag } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation.ts';
import { parseAmountToMinor, type GoodsCategory, type ShippingMode } from '@pinyou/contract';
import { useStrings } from '../../../lib/i18n.ts';
import { nav } from '../../../lib/nav.ts';
import { formatMoney } from '../../../lib/money.ts';
import { paths } from '../../../lib/paths.ts';
import { useFreight } from '../api/freight.ts';
import { InfoRows } from '../components/info-rows.tsx';
import { categories, modes } from '../model.ts';
import '../parcels.css';

interface Values {
  mode: ShippingMode[];
  category: GoodsCategory[];
  weight_kg: string;
  length_cm: string;
  width_cm: string;
  height_cm: string;
  goods_value: string;
  is_cut: boolean;
  individual_clearance: boolean;
}

const positive = (max: number, msg: string) => ({
  validator: (_: unknown, v: string) => {
    const n = Number(v);
    return v && Number.isFinite(n) && n > 0 && n <= max ? Promise.resolve() : Promise.reject(new Error(msg));
  },
});

/** Freight calculator: the price line by line from the one pricing engine, and the GST on goods + freight by the one contract rule. */
export default function FreightCalculatorScreen() {
  useStrings('parcels');
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const startMode = (modes as readonly string[]).includes(params.get('mode') ?? '') ? (params.get('mode') as ShippingMode) : 'SEA';
  const calc = useFreight();
  const q = calc.data;

  const onFinish = (v: Values) => {
    calc.mutate({
      mode: v.mode[0] ?? 'SEA',
      category: v.category[0] ?? 'normal',
      weight_kg: Number(v.weight_kg),
      length_cm: Number(v.length_cm),
      width_cm: Number(v.width_cm),
      height_cm: Number(v.height_cm),
      goods_value: v.goods_value?.trim() ? v.goods_value.trim() : undefined,
      is_cut: v.is_cut,
      individual_clearance: v.individual_clearance,
    });
  };

  return (
    <div data-testid="freight-calculator">
      <Form
        layout="horizontal"
        initialValues={{ mode: [startMode], category: ['normal'], is_cut: false, individual_clearance: false }}
        onFinish={(v) => onFinish(v as Values)}
        onValuesChange={() => calc.reset()}
        footer={
          <Button block type="submit" color="primary" size="large" loading={calc.isPending} data-testid="calc-submit">
            {t('parcels.calc.submit')}
          </Button>
        }
      >
        <Form.Item name="mode" layout="vertical" label={t('parcels.modeLabel')}>
          <Selector columns={3} options={modes.map((m) => ({ label: t(`parcels.mode.${m}`), value: m }))} data-testid="calc-mode" />
        </Form.Item>
        <Form.Item name="category" layout="vertical" label={t('parcels.categoryLabel')}>
          <Selector
            columns={3}
            options={categories.map((c) => ({ label: t(`parcels.category.${c}`), value: c }))}
            data-testid="calc-category"
          />
        </Form.Item>
        <Form.Item name="weight_kg" label={t('parcels.calc.weight')} rules={[positive(100000, t('parcels.rule.weight'))]} extra="kg">
          <Input inputMode="decimal" placeholder="0.0" data-testid="calc-weight" />
        </Form.Item>
        <Form.Item name="length_cm" label={t('parcels.calc.length')} rules={[positive(2000, t('parcels.rule.dimension'))]} extra="cm">
          <Input inputMode="decimal" placeholder="0" data-testid="calc-length" />
        </Form.Item>
        <Form.Item name="width_cm" label={t('parcels.calc.width')} rules={[positive(2000, t('parcels.rule.dimension'))]} extra="cm">
          <Input inputMode="decimal" placeholder="0" data-testid="calc-width" />
        </Form.Item>
        <Form.Item name="height_cm" label={t('parcels.calc.height')} rules={[positive(2000, t('parcels.rule.dimension'))]} extra="cm">
          <Input inputMode="decimal" placeholder="0" data-testid="calc-height" />
        </Form.Item>
        <Form.Item
          name="goods_value"
          label={t('parcels.calc.declared')}
          extra="RMB"
          rules={[
            {
              validator: (_, v: string) =>
                !v?.trim() || (parseAmountToMinor(v) ?? 0) >= 100
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('parcels.rule.goodsValue'))),
            },
          ]}
        >
          <Input inputMode="decimal" placeholder={t('parcels.optional')} data-testid="calc-value" />
        </Form.Item>
        <Form.Item name="is_cut" label={t('parcels.pack.isCut')} childElementPosition="right" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="individual_clearance" label={t('parcels.pack.individual')} childElementPosition="right" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
      {q && (
        <div className="section" data-testid="calc-result">
          <div className="row between">
            <div className="section-title" style={{ margin: 0 }}>
              {t('parcels.calc.result')}
            </div>
            <Tag color="primary">{t(`parcels.sizeClass.${q.size_class}`)}</Tag>
          </div>
          <InfoRows
            rows={[
              [t('parcels.volume'), `${q.volume_cbm} m³`],
              q.mode !== 'AIR' ? [t('parcels.calc.billedVolume'), `${q.billed_volume_cbm} m³`] : null,
              [t('parcels.calc.actualWeight'), `${q.actual_weight_kg} kg`],
              q.mode === 'AIR' ? [t('parcels.calc.chargeableWeight'), `${q.chargeable_weight_kg} kg`] : null,
              [t('parcels.pack.rate'), q.rate_text],
            ]}
          />
          {q.oversize && <div className="pc-low">{t('parcels.calc.oversize')}</div>}
          <div style={{ marginTop: 8 }} data-testid="calc-lines">
            {q.lines.map((l) => (
              <div className="pc-line" key={l.code}>
                <div className="row between">
                  <b>{l.label}</b>
                  <span>{formatMoney(l.amount.amount_minor, l.amount.currency)}</span>
                </div>
                <div className="d">{l.detail}</div>
              </div>
            ))}
          </div>
          <div className="row between" style={{ marginTop: 8 }}>
            <span>{t('parcels.calc.total')}</span>
            <span className="pc-total" data-testid="calc-total">
              {formatMoney(q.total.amount_minor, q.total.currency)}
            </span>
          </div>
          {q.gst.declared_value.amount_minor > 0 && (
            <div className="section" style={{ margin: '12px 0 0', background: '#f5f9ff' }} data-testid="calc-gst">
              <div className="section-title">{t('parcels.calc.gst')}</div>
              <InfoRows
                rows={[
                  [
                    t('parcels.calc.declared'),
                    `${formatMoney(q.gst.declared_value.amount_minor, q.gst.declared_value.currency)} ≈ ${formatMoney(q.gst.declared_value_sgd.amount_minor, q.gst.declared_value_sgd.currency)}`,
                  ],
                  [t('parcels.calc.cif'), formatMoney(q.gst.cif.amount_minor, q.gst.cif.currency)],
                  [t('parcels.calc.gstRate'), `${q.gst.rate_percent}%`],
                  [t('parcels.calc.gstEstimate'), formatMoney(q.gst.estimate.amount_minor, q.gst.estimate.currency)],
                ]}
              />
              <p className="pc-hint">{q.gst.note}</p>
            </div>
          )}
          <p className="pc-hint">{t('parcels.calc.note')}</p>
        </div>
      )}
      <div className="pc-actions">
        <Button fill="outline" onClick={() => nav.navigateTo(paths.airRules)}>
          {t(`titles.${paths.airRules}`)}
        </Button>
        <Button fill="outline" color="primary" onClick={() => nav.navigateTo(paths.orderCreate)}>
          {t('parcels.declare.submit')}
        </Button>
      </div>
    </div>
  );
}
