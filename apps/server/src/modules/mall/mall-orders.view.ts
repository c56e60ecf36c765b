import { rmb, type MallOrderStatus, type MallOrderView, type MallShippingMode, type MallSource } from '@pinyou/contract';
import type { OrderRow } from './mall-orders.repository.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Before purchase an order is cancelled at once; after purchase (not shipped) it is a request staff review. */
export const cancellableAtOnce = (o: OrderRow) =>
  o.status === 'waiting_pay' || (o.status === 'waiting_ship' && !o.purchasedAt && !o.platformOrderNo);
export const cancelNeedsConfirmation = (o: OrderRow) => o.status === 'waiting_ship' && (!!o.purchasedAt || !!o.platformOrderNo);

export function orderView(o: OrderRow, now = new Date()): MallOrderView {
  const live = o.status === 'waiting_pay' && (!o.payBefore || o.payBefore.getTime() > now.getTime());
  return {
    id: o.id,
    order_sn: o.orderSn,
    source: o.source as MallSource,
    shop_name: o.shopName,
    status: o.status as MallOrderStatus,
    items: o.items.map((i) => ({
      product_id: i.productId,
      sku_id: i.skuId,
      title: i.title,
      title_en: i.titleEn,
      image: i.image,
      sku_name: i.skuName,
      sku_name_en: i.skuNameEn ?? '',
      quantity: i.quantity,
      price: rmb(i.priceMinor),
      rebate: rmb(i.rebateMinor),
    })),
    item_count: o.itemCount,
    goods_total: rmb(o.goodsTotalMinor),
    inland_freight: rmb(o.inlandFreightMinor),
    total: rmb(o.totalMinor),
    rebate: rmb(o.rebateMinor),
    rebate_credited: o.rebateCredited,
    shipping_mode: o.shippingMode as MallShippingMode,
    deliver_to: o.deliverTo,
    group_id: o.groupId,
    leader_name: o.leaderName,
    remark: o.remark,
    bill_id: o.billId,
    pay_before: iso(o.payBefore),
    created_at: o.createdAt.toISOString(),
    paid_at: iso(o.paidAt),
    purchased_at: iso(o.purchasedAt),
    platform_order_no: o.platformOrderNo,
    carrier: o.carrier,
    tracking_no: o.trackingNo,
    shipped_at: iso(o.shippedAt),
    parcel_id: o.parcelId,
    packed_at: iso(o.packedAt),
    done_at: iso(o.doneAt),
    cancel_reason: o.cancelReason,
    cancel_refused_reason: o.cancelRefusedReason,
    cancelled_at: iso(o.cancelledAt),
    refund: rmb(o.refundMinor),
    can_pay: live,
    can_cancel: (o.status === 'waiting_pay' && live) || o.status === 'waiting_ship',
    cancel_needs_confirmation: cancelNeedsConfirmation(o),
  };
}

export const adminOrderView = (o: OrderRow, account: string) => ({ ...orderView(o), user_id: o.userId, user_account: account });
