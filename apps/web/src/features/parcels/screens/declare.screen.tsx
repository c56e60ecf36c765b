import { useEffect, useState } from 'react';
import { Button, Form, Input, NavBar, Selector, TextArea } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import { useSearchParams } from 'react-router';
import { limits, type CustomsCategory, type GoodsCategory, type ShippingMode } from '@pinyou/contract';
import { useStrings } from '../../../lib/i18n.ts';
import { nav } from '../../../lib/nav.ts';
import { toast } from '../../../lib/feedback.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { paths } from '../../../lib/paths.ts';
import { useCreateOrder } from '../api/create-order.ts';
import { useWarehouseAddress } from '../api/warehouse-address.ts';
import { categories, goodsNameProblem, goodsValueProblem, ruleOf, modes, modeTakes, suggestCarrier, trackingPattern } from '../model.ts';
import { CustomsFields } from '../components/customs-fields.tsx';
import { GroupSeaIntro } from '../../../components/group-sea-intro.tsx';
import { useAuthInfo } from '../../../lib/session.ts';
import '../parcels.css';

interface Values {
  tracking_no: string;
  goods_name: string;
  goods_value: string;
  quantity: number;
  category: GoodsCategory[];
  mode: ShippingMode[];
  remark: string;
  customs_description?: string;
  customs_category?: CustomsCategory[];
}

/** Declare an incoming courier parcel (custom navigation bar). */
export default function DeclareScreen() {
  useStrings('parcels');
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const create = useCreateOrder();
  const warehouse = useWarehouseAddress();
  const [carrier, setCarrier] = useState<string | null>(null);
  const [typed, setTyped] = useState(false);
  const category = (Form.useWatch('category', form) as GoodsCategory[] | undefined)?.[0] ?? 'normal';
  const mode = (Form.useWatch('mode', form) as ShippingMode[] | undefined)?.[0];
  // The mode chosen on the home card carries into the form.
  const [params] = useSearchParams();
  const asked = params.get('mode');
  const startMode: ShippingMode = (modes as readonly string[]).includes(asked ?? '') ? (asked as ShippingMode) : 'SEA';
  // Special goods go by sea only: a mode that cannot take them is disabled and the choice moves to sea.
  useEffect(() => {
    if (mode && !modeTakes(mode, category)) form.setFieldValue('mode', ['SEA']);
  }, [mode, category, form]);

  const onFinish = async (v: Values) => {
    const p = await create.mutateAsync({
      tracking_no: v.tracking_no.trim(),
      goods_name: v.goods_name.trim(),
      goods_value: v.goods_value.trim(),
      quantity: Number(v.quantity),
      category: v.category[0] ?? 'normal',
      mode: v.mode[0] ?? 'SEA',
      remark: v.remark ?? '',
      // Left empty, the server takes the goods name when it is already English.
      ...(v.customs_description?.trim() ? { customs_description: v.customs_description.trim() } : {}),
      customs_category: v.customs_category?.[0] ?? '',
    });
    nav.redirectTo(paths.orderSuccess, { id: p.id, no: p.tracking_no, status: p.status, mode: p.mode });
  };
  const w = warehouse.data;
  // Group sea needs a leader: a customer in no group is told what it is and taken to find one first.
  const me = useAuthInfo().data;
  const needsLeader = (mode ?? startMode) === 'GROUP' && !!me && !me.group_id;

  return (
    <div>
      <NavBar className="pc-nav-bar" onBack={() => nav.navigateBack()} style={{ background: '#0b62d6', color: '#fff' }}>
        {t(`titles.${paths.orderCreate}`)}
      </NavBar>
      {needsLeader && <GroupSeaIntro onDoor={() => form.setFieldValue('mode', ['SEA'])} />}
      <Form
        style={needsLeader ? { display: 'none' } : undefined}
        form={form}
        layout="horizontal"
        initialValues={{ quantity: 1, category: ['normal'], mode: [startMode], remark: '' }}
        onFinish={(v) => void onFinish(v as Values).catch(() => undefined)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={create.isPending} data-testid="declare-submit">
            {t('parcels.declare.submit')}
          </Button>
        }
      >
        <Form.Header>{t('parcels.declare.parcel')}</Form.Header>
        <Form.Item
          name="tracking_no"
          label={t('parcels.trackingNo')}
          rules={[
            { required: true, whitespace: true, message: t('parcels.rule.trackingNo') },
            { pattern: trackingPattern, message: t('parcels.rule.trackingNoChars') },
          ]}
          description={
            typed ? (
              <span className="pc-carrier" data-testid="carrier-hint">
                {carrier ? t('parcels.declare.carrier', { name: t(`parcels.carrier.${carrier}`) }) : t('parcels.declare.carrierUnknown')}
              </span>
            ) : undefined
          }
        >
          <Input
            placeholder={t('parcels.declare.trackingPh')}
            maxLength={40}
            clearable
            data-testid="tracking-no"
            onChange={(v) => {
              setTyped(v.trim().length >= 6);
              setCarrier(suggestCarrier(v));
            }}
          />
        </Form.Item>
        <Form.Item name="goods_name" label={t('parcels.goodsName')} required rules={[ruleOf(goodsNameProblem, t)]}>
          <Input placeholder={t('parcels.declare.goodsNamePh')} maxLength={60} clearable data-testid="goods-name" />
        </Form.Item>
        <Form.Item name="goods_value" label={t('parcels.goodsValueRmb')} required rules={[ruleOf(goodsValueProblem, t)]}>
          <Input placeholder="≥ 1.00" inputMode="decimal" maxLength={12} clearable data-testid="goods-value" />
        </Form.Item>
        <Form.Item
          name="quantity"
          label={t('parcels.quantity')}
          rules={[
            {
              validator: async (_, v) =>
                Number(v) >= limits.numberBoxMin && Number(v) <= 9999 ? undefined : Promise.reject(new Error(t('parcels.quantity'))),
            },
          ]}
          normalize={(v: string) => (v === '' ? v : Math.trunc(Number(v)) || v)}
        >
          {/* A plain number field: antd-mobile's Stepper puts spinbutton attributes on a div (axe: critical). */}
          <Input
            type="number"
            inputMode="numeric"
            min={limits.numberBoxMin}
            max={9999}
            aria-label={t('parcels.quantity')}
            data-testid="quantity"
          />
        </Form.Item>
        <Form.Item
          name="category"
          layout="vertical"
          label={t('parcels.categoryLabel')}
          description={<span className="pc-hint">{t(`parcels.categoryHint.${category}`)}</span>}
          rules={[{ required: true }]}
        >
          <Selector columns={3} options={categories.map((c) => ({ label: t(`parcels.category.${c}`), value: c }))} data-testid="category" />
        </Form.Item>
        <Form.Item
          name="mode"
          layout="vertical"
          label={t('parcels.modeLabel')}
          rules={[{ required: true }]}
          description={category === 'special' ? <span className="pc-hint">{t('parcels.rule.specialSeaOnly')}</span> : undefined}
        >
          <Selector
            columns={3}
            options={modes.map((m) => ({ label: t(`parcels.mode.${m}`), value: m, disabled: !modeTakes(m, category) }))}
            data-testid="mode"
          />
        </Form.Item>
        <Form.Header>{t('parcels.customs.title')}</Form.Header>
        <CustomsFields />
        <Form.Item name="remark" label={t('parcels.remark')}>
          <TextArea placeholder={t('parcels.declare.remarkPh')} maxLength={limits.textAreaMax} showCount autoSize />
        </Form.Item>
      </Form>
      <div className="section" data-testid="warehouse-address">
        <div className="row between">
          <div className="section-title">{t('parcels.declare.warehouse')}</div>
          <Button
            size="mini"
            color="primary"
            fill="outline"
            disabled={!w}
            data-testid="copy-address"
            onClick={() => void copyText(w?.full_text ?? '').then((ok) => toast(ok ? t('common.copied') : t('common.copyFailed')))}
          >
            {t('common.copy')}
          </Button>
        </div>
        {w && <div style={{ whiteSpace: 'pre-line', fontSize: 13, lineHeight: 1.7 }}>{w.full_text}</div>}
        <p className="pc-hint">{t('parcels.declare.warehouseHint')}</p>
      </div>
    </div>
  );
}
