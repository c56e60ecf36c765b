import { App, AutoComplete, Button, Card, Form, Input, Space } from 'antd';
import { carrierName, carrierOf, carriers } from '@pinyou/contract';
import { defineStrings, useConsoleLang, useT } from '../../i18n.ts';
import { money } from '../money.ts';
import type { AdminMallOrder } from './api/mall-order.ts';
import { adminCancelMallOrder } from './api/admin-cancel-mall-order.ts';
import { adminPurchaseMallOrder } from './api/admin-purchase-mall-order.ts';
import { adminReviewMallCancel } from './api/admin-review-mall-cancel.ts';
import { adminShipMallOrder } from './api/admin-ship-mall-order.ts';

const strings = defineStrings({
  en: {
    buy: 'Bought on the platform',
    buyTitle: 'Buy it on {source}',
    pick: 'Picked from our stock',
    pickTitle: 'Our shop: pick the goods from stock',
    platformNo: 'Platform order number',
    platformNoReq: 'Enter the order number the platform gave',
    buyConfirm: 'Record order {sn} as bought?',
    buyConfirmBody: 'We paid the platform for {total}. The order then waits for the courier and tracking number.',
    pickConfirm: 'Record order {sn} as picked from our stock?',
    pickConfirmBody: 'The goods are taken out of our stock and wait for the courier and tracking number.',
    ship: 'Shipped',
    shipTitle: 'Shipped to our warehouse',
    shipHint: 'The goods become the customer’s declared parcel on its way to the warehouse.',
    carrier: 'Courier',
    carrierReq: 'Enter the courier',
    tracking: 'Tracking number',
    trackingReq: 'Enter the tracking number',
    trackingChars: 'Letters, digits and dashes only',
    shipConfirm: 'Order {sn} shipped with {carrier} {tracking}?',
    shipConfirmBody: 'A parcel with this tracking number is declared for customer {customer}.',
    cancel: 'Cancel and refund',
    cancelTitle: 'Cannot buy it (sold out, price changed)?',
    cancelTitleBought: 'The platform cancelled the purchase?',
    reason: 'Reason (the customer sees it)',
    reasonReq: 'Enter the reason',
    cancelConfirm: 'Cancel order {sn} and refund the customer?',
    cancelConfirmBody:
      'What {customer} paid for this order (order total {total}) goes back to their wallet at once. This cannot be undone.',
    review: 'Cancellation request',
    approve: 'Confirm cancellation (refund)',
    approveConfirm: 'Confirm the cancellation of {sn}?',
    approveConfirmBody:
      'What {customer} paid for this order (order total {total}) goes back to their wallet at once, and a coupon used is returned. Make sure the platform order was cancelled. This cannot be undone.',
    refuse: 'Refuse',
    refuseReason: 'Why it cannot be cancelled (the customer sees it)',
    refuseConfirm: 'Refuse the cancellation of {sn}?',
    ok: 'Yes',
    no: 'No',
  },
  zh_CN: {
    buy: '已在平台下单',
    buyTitle: '在{source}采购',
    pick: '已从库存出货',
    pickTitle: '自营商品：从库存出货',
    platformNo: '平台订单号',
    platformNoReq: '请输入平台的订单号',
    buyConfirm: '确认订单 {sn} 已采购？',
    buyConfirmBody: '已向平台支付 {total}。之后等待填写快递和单号。',
    pickConfirm: '确认订单 {sn} 已从库存出货？',
    pickConfirmBody: '商品从我方库存出货，之后等待填写快递和单号。',
    ship: '已发货',
    shipTitle: '已发往我方仓库',
    shipHint: '商品将成为该客户已预报的包裹，正在运往仓库。',
    carrier: '快递公司',
    carrierReq: '请输入快递公司',
    tracking: '快递单号',
    trackingReq: '请输入快递单号',
    trackingChars: '只能包含字母、数字和短横线',
    shipConfirm: '订单 {sn} 已用 {carrier} {tracking} 发出？',
    shipConfirmBody: '将为客户 {customer} 预报一个该单号的包裹。',
    cancel: '取消并退款',
    cancelTitle: '无法采购（缺货、涨价）？',
    cancelTitleBought: '平台已取消采购订单？',
    reason: '原因（客户可见）',
    reasonReq: '请输入原因',
    cancelConfirm: '取消订单 {sn} 并退款给客户？',
    cancelConfirmBody: '{customer} 为该订单支付的款项（订单金额 {total}）将立即退回其钱包。此操作不能撤销。',
    review: '取消申请',
    approve: '同意取消（退款）',
    approveConfirm: '同意取消订单 {sn}？',
    approveConfirmBody:
      '{customer} 为该订单支付的款项（订单金额 {total}）将立即退回其钱包，使用的优惠券一并退回。请确认平台订单已取消。此操作不能撤销。',
    refuse: '拒绝',
    refuseReason: '不能取消的原因（客户可见）',
    refuseConfirm: '拒绝取消订单 {sn}？',
    ok: '确定',
    no: '返回',
  },
});
const sourceName = {
  jd: { en: 'JD', zh_CN: '京东' },
  taobao: { en: 'Taobao', zh_CN: '淘宝' },
  '1688': { en: '1688', zh_CN: '1688' },
  pdd: { en: 'PDD', zh_CN: '拼多多' },
  self: { en: 'our shop', zh_CN: '自营' },
};

type Props = { o: AdminMallOrder; onDone: (o: AdminMallOrder) => void };

/** A confirmation dialog before the call; the call's own error message (staff language) is shown by `call`. */
function useConfirm() {
  const { modal } = App.useApp();
  const t = useT(strings);
  return (title: string, content: string, run: () => Promise<void>, danger = false) =>
    modal.confirm({
      title,
      content,
      okText: t('ok'),
      cancelText: t('no'),
      okButtonProps: { danger, 'data-testid': 'mall-confirm-ok' },
      onOk: () => run().catch(() => undefined),
    });
}

export function PurchaseForm({ o, onDone }: Props) {
  const t = useT(strings);
  const lang = useConsoleLang();
  const confirm = useConfirm();
  const self = o.source === 'self';
  return (
    <Card size="small" title={self ? t('pickTitle') : t('buyTitle', { source: sourceName[o.source][lang] })}>
      <Form
        layout="inline"
        onFinish={(v: { platform_order_no?: string }) =>
          confirm(
            self ? t('pickConfirm', { sn: o.order_sn }) : t('buyConfirm', { sn: o.order_sn }),
            self ? t('pickConfirmBody') : t('buyConfirmBody', { total: money(o.total) }),
            async () => onDone(await adminPurchaseMallOrder({ id: o.id, platform_order_no: (v.platform_order_no ?? '').trim() })),
          )
        }
      >
        {!self && (
          <Form.Item name="platform_order_no" rules={[{ required: true, whitespace: true, message: t('platformNoReq') }, { max: 64 }]}>
            <Input placeholder={t('platformNo')} style={{ width: 240 }} data-testid="mall-platform-no" />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" data-testid="mall-purchase">
          {self ? t('pick') : t('buy')}
        </Button>
      </Form>
    </Card>
  );
}

export function ShipForm({ o, onDone }: Props) {
  const t = useT(strings);
  const lang = useConsoleLang();
  const confirm = useConfirm();
  const [form] = Form.useForm<{ carrier: string; tracking_no: string }>();
  const options = carriers.map((c) => ({ value: c.name[lang] }));
  return (
    <Card size="small" title={t('shipTitle')} extra={<span style={{ color: '#888' }}>{t('shipHint')}</span>}>
      <Form
        form={form}
        layout="inline"
        onValuesChange={(changed: { tracking_no?: string }) => {
          // Suggest the courier from the number's format while the courier field is still empty.
          const code = changed.tracking_no !== undefined ? carrierOf(changed.tracking_no) : null;
          if (code && !form.getFieldValue('carrier')) form.setFieldValue('carrier', carrierName(code, lang));
        }}
        onFinish={(v) => {
          const tracking = v.tracking_no.trim().toUpperCase();
          const carrier = v.carrier.trim();
          confirm(t('shipConfirm', { sn: o.order_sn, carrier, tracking }), t('shipConfirmBody', { customer: o.user_account }), async () =>
            onDone(await adminShipMallOrder({ id: o.id, carrier, tracking_no: tracking })),
          );
        }}
      >
        <Form.Item
          name="tracking_no"
          rules={[
            { required: true, whitespace: true, message: t('trackingReq') },
            { pattern: /^\s*[A-Za-z0-9-]+\s*$/, message: t('trackingChars') },
            { max: 40 },
          ]}
        >
          <Input placeholder={t('tracking')} style={{ width: 220 }} data-testid="mall-tracking" />
        </Form.Item>
        <Form.Item name="carrier" rules={[{ required: true, whitespace: true, message: t('carrierReq') }, { max: 40 }]}>
          <AutoComplete
            options={options}
            placeholder={t('carrier')}
            style={{ width: 180 }}
            filterOption={(input, opt) =>
              String(opt?.value ?? '')
                .toLowerCase()
                .includes(input.toLowerCase())
            }
            data-testid="mall-carrier"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" data-testid="mall-ship">
          {t('ship')}
        </Button>
      </Form>
    </Card>
  );
}

export function CancelForm({ o, onDone }: Props) {
  const t = useT(strings);
  const confirm = useConfirm();
  return (
    <Card size="small" title={o.purchased_at ? t('cancelTitleBought') : t('cancelTitle')}>
      <Form
        layout="inline"
        onFinish={(v: { reason: string }) =>
          confirm(
            t('cancelConfirm', { sn: o.order_sn }),
            t('cancelConfirmBody', { customer: o.user_account, total: money(o.total) }),
            async () => onDone(await adminCancelMallOrder({ id: o.id, reason: v.reason.trim() })),
            true,
          )
        }
      >
        <Form.Item name="reason" rules={[{ required: true, whitespace: true, message: t('reasonReq') }, { max: 140 }]}>
          <Input placeholder={t('reason')} style={{ width: 320 }} data-testid="mall-cancel-reason" />
        </Form.Item>
        <Button danger htmlType="submit" data-testid="mall-cancel">
          {t('cancel')}
        </Button>
      </Form>
    </Card>
  );
}

/** A customer's cancellation request after purchase: confirm (refund) or refuse with a reason. */
export function ReviewCancelForm({ o, onDone }: Props) {
  const t = useT(strings);
  const confirm = useConfirm();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Card size="small" title={t('review')}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Button
          type="primary"
          danger
          data-testid="mall-cancel-approve"
          onClick={() =>
            confirm(
              t('approveConfirm', { sn: o.order_sn }),
              t('approveConfirmBody', { customer: o.user_account, total: money(o.total) }),
              async () => onDone(await adminReviewMallCancel({ id: o.id, approve: true, reason: '' })),
              true,
            )
          }
        >
          {t('approve')}
        </Button>
        <Form
          form={form}
          layout="inline"
          onFinish={(v) =>
            confirm(t('refuseConfirm', { sn: o.order_sn }), v.reason.trim(), async () =>
              onDone(await adminReviewMallCancel({ id: o.id, approve: false, reason: v.reason.trim() })),
            )
          }
        >
          <Form.Item name="reason" rules={[{ required: true, whitespace: true, message: t('reasonReq') }, { max: 140 }]}>
            <Input placeholder={t('refuseReason')} style={{ width: 360 }} data-testid="mall-refuse-reason" />
          </Form.Item>
          <Button htmlType="submit" data-testid="mall-cancel-refuse">
            {t('refuse')}
          </Button>
        </Form>
      </Space>
    </Card>
  );
}
