import type { Language } from '../language.ts';

/*
 * One vocabulary for where a parcel or pack is, as the customer experiences it (issue 34 item 7): the app,
 * the console and the assistant all name a state with these words. Zod-free: the customer app loads it.
 * The stored states (parcel status, pack status, batch stage) stay as they are; this maps them to words.
 */

type Words = { en: string; zh_CN: string };

/** Sea/air stages of an outbound batch, in order (the same list as the contract's logisticsStages). */
export type StageKey =
  | 'loading_customs'
  | 'dock'
  | 'cn_cabinet_check'
  | 'in_transit'
  | 'container_arrival'
  | 'sg_customs'
  | 'sg_cabinet_check'
  | 'unpacking_delivery'
  | 'delivered';

export const logisticsStageText: Record<StageKey, Words> = {
  loading_customs: { en: 'Loading and customs declaration', zh_CN: '装柜报关' },
  dock: { en: 'At the dock', zh_CN: '到达码头' },
  cn_cabinet_check: { en: 'China container inspection', zh_CN: '国内查柜' },
  in_transit: { en: 'Ship in transit', zh_CN: '船运中' },
  container_arrival: { en: 'Container arrived', zh_CN: '到柜' },
  sg_customs: { en: 'Singapore customs clearance', zh_CN: '新加坡清关' },
  sg_cabinet_check: { en: 'Singapore container inspection', zh_CN: '新加坡查柜' },
  unpacking_delivery: { en: 'Unpacking and delivery', zh_CN: '拆柜派送' },
  delivered: { en: 'Delivered', zh_CN: '已送达' },
};

/** The customer-facing states, in the order a shipment passes them. */
export const shipmentStates = [
  'declared',
  'in_warehouse',
  'packing_requested',
  'to_pay',
  'waiting_packing',
  'on_the_way',
  'arrived',
  'received',
  'returning',
  'returned',
  'cancelled',
] as const;
export type ShipmentState = (typeof shipmentStates)[number];

/** What is stored about a parcel and/or its pack; every field optional, so a pack alone or a parcel alone works. */
export interface ShipmentFacts {
  /** The parcel's stored status (pending, warehouse, unpaid, ship, received, return). */
  parcel_status?: string | null;
  /** The pack's stored status (applied, packed, paid, shipped, delivered, received, cancelled). */
  pack_status?: string | null;
  /** GROUP, SEA or AIR: a GROUP pack is picked up at the leader's. */
  mode?: string | null;
  /** The outbound batch's stage, once the pack is in one. */
  stage?: string | null;
  /** The date the pack is (to be) packed and loaded: the pack's own, or its group's next packing date. */
  pack_date?: string | null;
}

export interface ShipmentStatus {
  state: ShipmentState;
  /** The packing date the words name (waiting_packing, packing_requested), or null. */
  date: string | null;
  /** The sea/air stage the words name (on_the_way), or null. */
  stage: StageKey | null;
  /** A GROUP shipment: collected at the leader's rather than delivered. */
  pickup: boolean;
}

/** The customer-facing state of a parcel or pack from what is stored about it. */
export function shipmentStatus(f: ShipmentFacts): ShipmentStatus {
  const pickup = f.mode === 'GROUP';
  const date = f.pack_date ?? null;
  const stage = f.stage && f.stage in logisticsStageText ? (f.stage as StageKey) : null;
  const at = (state: ShipmentState, extra: Partial<ShipmentStatus> = {}): ShipmentStatus => ({
    state,
    date: null,
    stage: null,
    pickup,
    ...extra,
  });
  if (f.parcel_status === 'return') return at('returning');
  if (f.parcel_status === 'pending') return at('declared');
  switch (f.pack_status) {
    case 'applied':
      return at('packing_requested', { date });
    case 'packed':
      return at('to_pay');
    case 'paid':
      // Paid but not yet in a batch: it waits in the warehouse for its packing date.
      return stage ? at('on_the_way', { stage }) : at('waiting_packing', { date });
    case 'shipped':
      return stage === 'delivered' ? at('arrived') : at('on_the_way', { stage });
    case 'delivered':
      return at('arrived');
    case 'received':
      return at('received');
    case 'cancelled':
      return f.parcel_status === 'warehouse' ? at('in_warehouse') : at('cancelled');
  }
  switch (f.parcel_status) {
    case 'warehouse':
      return at('in_warehouse');
    case 'unpaid':
      return at('to_pay');
    case 'ship':
      return at('waiting_packing', { date });
    case 'received':
      return at('received');
  }
  return at('declared');
}

const words: Record<ShipmentState, Words> = {
  declared: { en: 'Declared, not yet at the warehouse', zh_CN: '已申报，未入库' },
  in_warehouse: { en: 'In the warehouse', zh_CN: '已入库' },
  packing_requested: { en: 'Waiting to be packed', zh_CN: '待打包' },
  to_pay: { en: 'Packed, freight to pay', zh_CN: '已打包，待支付运费' },
  waiting_packing: { en: 'Paid, waiting for the next packing date', zh_CN: '已付款，等待下一个打包日' },
  on_the_way: { en: 'On the way', zh_CN: '运输中' },
  arrived: { en: 'Delivered', zh_CN: '已送达' },
  received: { en: 'Received', zh_CN: '已签收' },
  returning: { en: 'Being returned', zh_CN: '退货中' },
  returned: { en: 'Returned', zh_CN: '已退回' },
  cancelled: { en: 'Cancelled', zh_CN: '已取消' },
};

/** The state's words in `lang`, naming its date or stage when it has one. */
export function shipmentStatusText(s: ShipmentStatus, lang: Language): string {
  const zh = lang === 'zh_CN';
  switch (s.state) {
    case 'packing_requested':
      if (s.date) return zh ? `待打包，打包日 ${s.date}` : `Waiting to be packed on ${s.date}`;
      break;
    case 'waiting_packing':
      if (s.date) return zh ? `已付款，等待 ${s.date} 打包装柜` : `Paid, waiting for packing date ${s.date}`;
      break;
    case 'on_the_way':
      if (s.stage) return zh ? `运输中：${logisticsStageText[s.stage].zh_CN}` : `On the way: ${logisticsStageText[s.stage].en}`;
      break;
    case 'arrived':
      if (s.pickup) return zh ? '已到新加坡，可到团长处自提' : "Arrived in Singapore, ready for pick-up at your leader's";
      break;
    case 'received':
      if (s.pickup) return zh ? '已取件' : 'Collected';
      break;
  }
  return words[s.state][lang];
}

/** Shortcut: the words for what is stored. */
export const shipmentText = (f: ShipmentFacts, lang: Language) => shipmentStatusText(shipmentStatus(f), lang);

/**
 * The parcel list's categories as the customer reads them: "ship" holds paid parcels whether they still
 * wait for their packing date or are on the way, so it is named "Paid", never "Shipping".
 */
export const parcelCategoryText: Record<'pending' | 'warehouse' | 'unpaid' | 'ship' | 'received' | 'return', Words> = {
  pending: { en: 'Not arrived', zh_CN: '未入库' },
  warehouse: { en: 'In warehouse', zh_CN: '已入库' },
  unpaid: { en: 'To pay', zh_CN: '待支付' },
  ship: { en: 'Paid', zh_CN: '已付款' },
  received: { en: 'Received', zh_CN: '已签收' },
  return: { en: 'Returns', zh_CN: '退货' },
};
