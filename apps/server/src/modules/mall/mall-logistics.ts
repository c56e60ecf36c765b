import type { Language, MallOrderStatus } from '@pinyou/contract';
import type { MallDeps } from './mall.deps.ts';
import type { OrderRow } from './mall-orders.repository.ts';

const T = {
  created: { en: 'Order placed', zh_CN: '订单已提交' },
  paid: { en: 'Paid; waiting for us to buy it', zh_CN: '已支付，等待采购' },
  purchased: { en: 'Bought from the seller (order {no})', zh_CN: '已向商家下单（订单号 {no}）' },
  shipped: {
    en: 'Shipped by the seller: {carrier} {tracking}, on its way to our China warehouse',
    zh_CN: '商家已发货：{carrier} {tracking}，正发往国内仓库',
  },
  inbound: { en: 'Arrived at our China warehouse', zh_CN: '已到达国内仓库' },
  packed: { en: 'Packed for Singapore with your parcels', zh_CN: '已与您的包裹一起打包发往新加坡' },
  done: { en: 'Delivered', zh_CN: '已送达' },
  cancelPending: { en: 'Cancellation requested; waiting for the merchant', zh_CN: '已申请取消，等待商家确认' },
  cancelled: { en: 'Cancelled', zh_CN: '已取消' },
};
const fill = (s: string, v: Record<string, string>) => s.replace(/\{(\w+)\}/g, (_, k: string) => v[k] ?? '');

/**
 * An order's logistics: the mainland leg (sandbox: derived from the order's own timestamps — the seller's
 * courier is not queried) and, once it is our parcel, that parcel's status and stage to Singapore.
 */
export async function logisticsOf(d: MallDeps, o: OrderRow, lang: Language) {
  const ev: { at: Date; text: string }[] = [{ at: o.createdAt, text: T.created[lang] }];
  if (o.paidAt) ev.push({ at: o.paidAt, text: T.paid[lang] });
  if (o.purchasedAt) ev.push({ at: o.purchasedAt, text: fill(T.purchased[lang], { no: o.platformOrderNo }) });
  if (o.shippedAt) ev.push({ at: o.shippedAt, text: fill(T.shipped[lang], { carrier: o.carrier, tracking: o.trackingNo }) });
  const st = o.parcelId ? await d.parcels.parcelState(d.db, o.parcelId) : null;
  if (st?.inboundAt) ev.push({ at: st.inboundAt, text: T.inbound[lang] });
  if (o.packedAt) ev.push({ at: o.packedAt, text: T.packed[lang] });
  if (o.doneAt) ev.push({ at: o.doneAt, text: T.done[lang] });
  if (o.cancelRequestedAt && o.status === 'cancel_pending') ev.push({ at: o.cancelRequestedAt, text: T.cancelPending[lang] });
  if (o.cancelledAt) ev.push({ at: o.cancelledAt, text: T.cancelled[lang] });
  ev.sort((a, b) => b.at.getTime() - a.at.getTime());
  return {
    order_id: o.id,
    status: o.status as MallOrderStatus,
    carrier: o.carrier,
    tracking_no: o.trackingNo,
    events: ev.map((e) => ({ time: e.at.toISOString(), text: e.text })),
    parcel_id: o.parcelId,
    parcel_status: st?.status ?? '',
    stage: st?.stage ?? null,
  };
}
