/** Row → contract object mappings, shared by the customer, terminal and staff calls. */
import {
  isCustomsComplete,
  logisticsStageText,
  rmb,
  sgd,
  storageFor,
  type CourierInfo,
  type Language,
  type Pack,
  type Parcel,
  type StoragePolicy,
} from '@pinyou/contract';
import { carrierName, carriers } from './carriers.ts';
import { cbmText, kgText } from './pricing.ts';
import type { PackRow, ParcelRow, ReturnRow, UnclaimedRow } from './parcels.repository.ts';
import type { parcelEvents } from './parcels.schema.ts';

type Text = { en: string; zh_CN: string };
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const cm = (mm: number) => Math.round(mm) / 10;

/** What a parcel's storage is counted with: the settings' policy and today. */
export interface StorageCtx {
  policy: StoragePolicy;
  now: Date;
}

/** The parcel's volume measured at scan-in, cbm (null: not measured). */
export const parcelCbm = (p: Pick<ParcelRow, 'lengthMm' | 'widthMm' | 'heightMm'>) =>
  p.lengthMm !== null && p.widthMm !== null && p.heightMm !== null ? (p.lengthMm * p.widthMm * p.heightMm) / 1e9 : null;

/** Storage of a parcel on a warehouse shelf (scanned in, not yet measured in a pack); null otherwise. */
export function storageOf(p: ParcelRow, ctx: StorageCtx | null): Parcel['storage'] {
  if (!ctx || p.status !== 'warehouse' || !p.inboundAt) return null;
  const s = storageFor(p.inboundAt, ctx.now, parcelCbm(p), ctx.policy);
  return { free_until: s.free_until, fee_so_far: sgd(s.fee_minor), disposable_from: s.disposable_from };
}

/** Nothing pushed by the courier's tracking (or the parcel is past the China leg). */
export const NO_COURIER: CourierInfo = { last_event: null, arriving_soon: false };

export function toParcel(
  p: ParcelRow,
  lang: Language,
  packNo: string | null = null,
  storage: StorageCtx | null = null,
  courier: CourierInfo = NO_COURIER,
): Parcel {
  const measured = p.lengthMm !== null && p.widthMm !== null && p.heightMm !== null;
  return {
    id: p.id,
    tracking_no: p.trackingNo,
    carrier: p.carrier,
    carrier_name: carrierName(p.carrier, lang),
    goods_name: p.goodsName,
    goods_value: rmb(p.goodsValueMinor),
    quantity: p.quantity,
    category: p.category as Parcel['category'],
    mode: p.mode as Parcel['mode'],
    status: p.status as Parcel['status'],
    is_low_value: p.isLowValue,
    min_value: p.minValueMinor !== null ? rmb(p.minValueMinor) : null,
    remark: p.remark,
    gst_paid_at_purchase: p.gstPaidAtPurchase,
    seller_gst_no: p.sellerGstNo,
    customs_description: p.customsDescription,
    customs_category: p.customsCategory as Parcel['customs_category'],
    customs_complete: isCustomsComplete({ customs_description: p.customsDescription, customs_category: p.customsCategory }),
    weight_kg: p.weightG !== null ? kgText(p.weightG) : null,
    size: measured ? { length_cm: cm(p.lengthMm!), width_cm: cm(p.widthMm!), height_cm: cm(p.heightMm!) } : null,
    volume_cbm: measured ? cbmText(p.lengthMm! * p.widthMm! * p.heightMm!) : null,
    photos: p.photos,
    shelf: p.shelf,
    pack_id: p.packId,
    pack_no: packNo,
    return_id: p.returnId,
    created_at: p.createdAt.toISOString(),
    inbound_at: iso(p.inboundAt),
    storage: storageOf(p, storage),
    courier,
  };
}

export function toPack(p: PackRow, lang: Language, parcelCount: number, batchNo: string | null): Pack {
  return {
    id: p.id,
    pack_no: p.packNo,
    mode: p.mode as Pack['mode'],
    status: p.status as Pack['status'],
    parcel_count: parcelCount,
    address: p.address ?? null,
    pack_date: p.packDate,
    is_cut: p.isCut,
    individual_clearance: p.individualClearance,
    insurance_cover: p.insured ? sgd(p.insuranceCoverMinor ?? 0) : null,
    gst_refunded: p.gstRefundedMinor ? sgd(p.gstRefundedMinor) : null,
    remark: p.remark,
    weight_kg: p.weightG !== null ? kgText(p.weightG) : null,
    volume_cbm: p.volumeMm3 !== null ? cbmText(p.volumeMm3) : null,
    pieces: p.pieces.map((x) => ({
      weight_kg: kgText(x.weightG),
      length_cm: cm(x.lengthMm),
      width_cm: cm(x.widthMm),
      height_cm: cm(x.heightMm),
    })),
    rate_text: p.rateText ? p.rateText[lang] : '',
    amount: p.amountMinor !== null ? { amount_minor: p.amountMinor, currency: p.currency as 'SGD' } : null,
    bill_id: p.billId,
    batch_id: p.batchId,
    batch_no: batchNo,
    stage: (p.stage as Pack['stage']) ?? null,
    dispatch_status: p.dispatchStatus as Pack['dispatch_status'],
    dispatch_date: p.dispatchDate,
    dispatch_slot: p.dispatchSlot,
    created_at: p.createdAt.toISOString(),
    packed_at: iso(p.packedAt),
    paid_at: iso(p.paidAt),
    shipped_at: iso(p.shippedAt),
    delivered_at: iso(p.deliveredAt),
    received_at: iso(p.receivedAt),
  };
}

export const quoteLinesOf = (p: PackRow, lang: Language) =>
  p.quoteLines.map((l) => ({
    code: l.code,
    label: l.label[lang],
    detail: l.detail[lang],
    amount: { amount_minor: l.amountMinor, currency: p.currency as 'SGD' },
  }));

export const parcelEventText: Record<string, Text> = {
  declared: { en: 'Declared', zh_CN: '已申报' },
  courier: { en: 'With the China courier on its way to the warehouse', zh_CN: '国内快递运输中，前往仓库' },
  inbound: { en: 'Arrived at the warehouse and shelved', zh_CN: '已到仓上架' },
  problem: { en: 'The warehouse found a problem', zh_CN: '仓库发现异常' },
  problem_answered: { en: 'You answered the warehouse', zh_CN: '您已回复仓库' },
  problem_resolved: { en: 'Problem resolved', zh_CN: '异常已处理' },
  reshelved: { en: 'Re-measured and shelved', zh_CN: '已重新测量上架' },
  attributed: {
    en: 'Undeclared, given to you by the recipient code on its label: please add goods name and value',
    zh_CN: '未申报，按面单上的接龙代码归入您名下：请补充商品名称和价值',
  },
  claimed: { en: 'Claimed as an unclaimed parcel and confirmed by staff', zh_CN: '认领无主包裹，客服已确认' },
  edited: { en: 'Goods name / value supplemented', zh_CN: '已补充商品名称/价值' },
  flagged_low_value: { en: 'Declared value too low: please supplement', zh_CN: '申报价值过低，请补充' },
  pack_applied: { en: 'Packing requested', zh_CN: '已申请打包' },
  pack_cancelled: { en: 'Packing cancelled; back in the warehouse list', zh_CN: '已取消打包，回到在库列表' },
  packed: { en: 'Packed and measured; freight billed', zh_CN: '已打包测量，已出账单' },
  repriced: {
    en: 'Freight re-priced at the group batch rate; the new bill replaces the unpaid one',
    zh_CN: '运费已按拼邮批次单价重新计算，新账单取代未支付的原账单',
  },
  paid: { en: 'Freight paid; awaiting shipment', zh_CN: '运费已支付，等待发货' },
  received: { en: 'Receipt confirmed', zh_CN: '已确认收货' },
  return_applied: { en: 'Return requested', zh_CN: '已申请退货' },
  return_rejected: { en: 'Return refused; back in the warehouse list', zh_CN: '退货被拒绝，回到在库列表' },
  return_cancelled: { en: 'Return cancelled; back in the warehouse list', zh_CN: '退货已取消，回到在库列表' },
  return_paid: { en: 'Return fee paid', zh_CN: '退货费用已支付' },
  return_sent: { en: 'Returned: sent to the return address', zh_CN: '已退回：已寄往退货地址' },
  pickup_stored: { en: 'At the self-pickup site', zh_CN: '已到自提点' },
  pickup_collected: { en: 'Collected at the self-pickup site', zh_CN: '已在自提点取件' },
  pickup_outbound: { en: 'Sent from the self-pickup site to our warehouse', zh_CN: '自提点已转寄仓库' },
  disposed: { en: 'Disposed of by the warehouse after the storage period', zh_CN: '超过仓储期限，已由仓库处置' },
};

export function toHistory(rows: Array<typeof parcelEvents.$inferSelect>, lang: Language) {
  // The courier event's note is the carrier's code: the customer reads its name, or nothing when it is not known.
  const noteOf = (e: (typeof rows)[number]) =>
    e.event === 'courier' && e.note ? (carriers.some((c) => c.code === e.note) ? carrierName(e.note, lang) : '') : e.note;
  return rows.map((e) => ({ event: e.event, text: parcelEventText[e.event]?.[lang] ?? e.event, note: noteOf(e), at: e.at.toISOString() }));
}

export const stageText = (stage: string, lang: Language) => logisticsStageText[stage as keyof typeof logisticsStageText]?.[lang] ?? stage;

export function toReturn(r: ReturnRow, parcelRows: ParcelRow[], lang: Language) {
  return {
    id: r.id,
    status: r.status as 'review',
    consignee: r.consignee,
    phone: r.phone,
    address: r.address,
    postcode: r.postcode,
    parcel_ids: r.parcelIds,
    parcels: parcelRows.filter((p) => r.parcelIds.includes(p.id)).map((p) => toParcel(p, lang)),
    fee: rmb(r.feeMinor),
    bill_id: r.billId,
    reject_reason: r.rejectReason,
    courier_no: r.courierNo,
    created_at: r.createdAt.toISOString(),
  };
}

/** Shows the first 3 and last 3 characters: enough to recognise, not enough to claim. */
export function maskTracking(n: string) {
  if (n.length <= 6) return n.slice(0, 1) + '*'.repeat(Math.max(0, n.length - 2)) + n.slice(-1);
  return n.slice(0, 3) + '*'.repeat(n.length - 6) + n.slice(-3);
}

export function toUnclaimed(u: UnclaimedRow, lang: Language, viewerId: number | null) {
  return {
    id: u.id,
    tracking_no_masked: maskTracking(u.trackingNo),
    carrier_name: carrierName(u.carrier, lang),
    weight_kg: kgText(u.weightG),
    size: { length_cm: cm(u.lengthMm), width_cm: cm(u.widthMm), height_cm: cm(u.heightMm) },
    volume_cbm: cbmText(u.lengthMm * u.widthMm * u.heightMm),
    photos: u.photos,
    status: u.status as 'unclaimed',
    claimed_by_me: viewerId !== null && u.claimantId === viewerId,
    arrived_at: u.arrivedAt.toISOString(),
  };
}
