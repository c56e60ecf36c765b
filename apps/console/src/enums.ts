import {
  applicationStatuses,
  articleCategories,
  billKinds,
  billStatuses,
  couponKinds,
  customerRoles,
  dispatchStatuses,
  goodsCategories,
  groupBatchStatuses,
  LANGUAGES,
  logisticsStageText,
  mallOrderStatuses,
  mallSources,
  memberStatuses,
  packStatuses,
  parcelStatuses,
  parcelCategoryText,
  shipmentText,
  rechargeMethods,
  rechargeStatuses,
  returnStatuses,
  shippingModes,
  staffRoles,
  supportStatuses,
  transactionTypes,
  unclaimedStatuses,
} from '@pinyou/contract';
import { consoleLang, useConsoleLang, type ConsoleLang } from './i18n.ts';

type Words = { en: string; zh_CN: string };
/** Every value of a contract enum in both languages: a value added to the contract is a compile error here until named. */
type WordsFor<T extends readonly string[]> = Record<T[number], Words>;
const w = (en: string, zh_CN: string): Words => ({ en, zh_CN });
const packWords = (pack_status: (typeof packStatuses)[number]): Words => ({
  en: shipmentText({ pack_status }, 'en'),
  zh_CN: shipmentText({ pack_status }, 'zh_CN'),
});

/**
 * The console's one place that turns the contract's codes (`wait_plan`, `GROUP`) into words. Pages show
 * `enumText('groupBatchStatus', b.status)`, never the code itself.
 */
export const enumWords = {
  shippingMode: {
    GROUP: w('Group sea', '拼邮海运'),
    SEA: w('Sea to door', '海运到门'),
    AIR: w('Air to door', '空运到门'),
  } satisfies WordsFor<typeof shippingModes>,
  goodsCategory: {
    normal: w('Normal goods', '普货'),
    sensitive: w('Sensitive goods', '敏感货'),
    special: w('Special goods', '特货'),
  } satisfies WordsFor<typeof goodsCategories>,
  // Parcel and pack states: the contract's one vocabulary (parcels.status.ts), as the app and the assistant say them.
  parcelStatus: parcelCategoryText satisfies WordsFor<typeof parcelStatuses>,
  packStatus: {
    applied: packWords('applied'),
    packed: packWords('packed'),
    paid: packWords('paid'),
    shipped: w('On the way', '运输中'),
    delivered: packWords('delivered'),
    received: w('Received by customer', '客户已签收'),
    cancelled: packWords('cancelled'),
  } satisfies WordsFor<typeof packStatuses>,
  returnStatus: {
    review: w('To review', '待审核'),
    pay: w('Approved, fee unpaid', '已通过，待付运费'),
    paid: w('Paid, to send', '已付款，待寄出'),
    sent: w('Sent', '已寄出'),
    rejected: w('Rejected', '已拒绝'),
    cancelled: w('Cancelled', '已取消'),
  } satisfies WordsFor<typeof returnStatuses>,
  unclaimedStatus: {
    unclaimed: w('Unclaimed', '待认领'),
    claimed: w('Claimed, to confirm', '已认领，待确认'),
    confirmed: w('Confirmed', '已确认'),
  } satisfies WordsFor<typeof unclaimedStatuses>,
  dispatchStatus: {
    none: w('Not booked', '未预约'),
    waiting: w('Waiting for confirmation', '待确认'),
    confirmed: w('Confirmed', '已确认'),
  } satisfies WordsFor<typeof dispatchStatuses>,
  groupBatchStatus: {
    wait_plan: w('Waiting for a plan', '待计划'),
    wait_pack: w('Waiting to pack', '待打包'),
    packing: w('Packing', '打包中'),
    packed: w('Packed', '已打包'),
    outbound: w('Shipped', '已出库'),
    cancelled: w('Cancelled', '已取消'),
  } satisfies WordsFor<typeof groupBatchStatuses>,
  memberStatus: {
    active: w('Active', '正常'),
    blacklisted: w('Blacklisted', '已拉黑'),
    kicked: w('Removed', '已移出'),
    left: w('Left', '已退团'),
  } satisfies WordsFor<typeof memberStatuses>,
  applicationStatus: {
    pending: w('To review', '待审核'),
    approved: w('Approved', '已通过'),
    rejected: w('Rejected', '已拒绝'),
  } satisfies WordsFor<typeof applicationStatuses>,
  billKind: {
    pack: w('Pack freight', '打包运费'),
    return: w('Return', '退件'),
    mall: w('Mall order', '商城订单'),
    claim: w('Claim', '认领'),
    other: w('Other', '其他'),
  } satisfies WordsFor<typeof billKinds>,
  billStatus: {
    unpaid: w('Unpaid', '未支付'),
    paid: w('Paid', '已支付'),
    cancelled: w('Void', '已作废'),
    refunded: w('Refunded', '已退款'),
  } satisfies WordsFor<typeof billStatuses>,
  couponKind: {
    discount: w('Discount', '折扣券'),
    freight: w('Freight', '运费券'),
  } satisfies WordsFor<typeof couponKinds>,
  couponIssueMode: {
    activity: w('Claimed in the app', '活动领取'),
    code: w('Redeem code', '兑换码'),
  },
  couponStatus: {
    unused: w('Unused', '未使用'),
    used: w('Used', '已使用'),
    expired: w('Expired', '已过期'),
  },
  rechargeMethod: {
    wechat: w('WeChat Pay', '微信支付'),
    paynow: w('PayNow', 'PayNow'),
    offline: w('Bank transfer', '银行转账'),
  } satisfies WordsFor<typeof rechargeMethods>,
  rechargeStatus: {
    pending: w('To review', '待审核'),
    paid: w('Credited', '已入账'),
    rejected: w('Rejected', '已驳回'),
    closed: w('Closed', '已关闭'),
  } satisfies WordsFor<typeof rechargeStatuses>,
  transactionType: {
    topup: w('Top-up', '充值'),
    payment: w('Payment', '支付'),
    refund: w('Refund', '退款'),
    adjustment: w('Adjustment', '人工调整'),
  } satisfies WordsFor<typeof transactionTypes>,
  mallOrderStatus: {
    waiting_pay: w('Awaiting payment', '待付款'),
    waiting_ship: w('To ship', '待发货'),
    shipped: w('Shipped', '已发货'),
    packed: w('Packed', '已打包'),
    done: w('Completed', '已完成'),
    cancelled: w('Cancelled', '已取消'),
    cancel_pending: w('Cancellation requested', '取消待审核'),
  } satisfies WordsFor<typeof mallOrderStatuses>,
  mallSource: {
    jd: w('JD', '京东'),
    taobao: w('Taobao', '淘宝'),
    '1688': w('1688', '1688'),
    pdd: w('Pinduoduo', '拼多多'),
    self: w('Own shop', '自营'),
  } satisfies WordsFor<typeof mallSources>,
  articleCategory: {
    rules: w('Rules', '规则'),
    guide: w('Guide', '指南'),
    news: w('News', '新闻'),
  } satisfies WordsFor<typeof articleCategories>,
  supportStatus: {
    waiting: w('Waiting', '待接入'),
    assigned: w('Assigned', '处理中'),
    closed: w('Closed', '已关闭'),
  } satisfies WordsFor<typeof supportStatuses>,
  customerRole: {
    user: w('Customer', '用户'),
    leader: w('Leader', '团长'),
    member: w('Member', '团员'),
    pickup: w('Pick-up point', '自提点'),
  } satisfies WordsFor<typeof customerRoles>,
  staffRole: {
    admin: w('Administrator', '管理员'),
    finance: w('Finance', '财务'),
    warehouse: w('Warehouse', '仓库'),
    service: w('Customer service', '客服'),
    content: w('Content', '内容运营'),
    leader_desk: w('Leader desk', '团长服务台'),
  } satisfies WordsFor<typeof staffRoles>,
  language: {
    en: w('English', '英文'),
    zh_CN: w('Chinese', '中文'),
  } satisfies WordsFor<typeof LANGUAGES>,
  logisticsStage: logisticsStageText,
  outboxStatus: {
    sent: w('Sent', '已发送'),
    delivered: w('Delivered', '已送达'),
    read: w('Read', '已读'),
    failed: w('Failed', '发送失败'),
  },
} as const;

export type EnumKind = keyof typeof enumWords;
export type EnumValue<K extends EnumKind> = keyof (typeof enumWords)[K] & string;

/**
 * The words for one code in the given (default: the chosen) language. A code the console does not know
 * yet (a newer server) is shown with its underscores as spaces rather than as a raw code.
 */
export function enumText<K extends EnumKind>(kind: K, value: string | null | undefined, lang: ConsoleLang = consoleLang()): string {
  if (value === null || value === undefined || value === '') return '—';
  const words = (enumWords[kind] as Record<string, Words | undefined>)[value];
  return words ? words[lang] : value.replace(/_/g, ' ').toLowerCase();
}

/** `enumText` bound to the chosen language, re-rendering the page when it changes. */
export function useEnumText() {
  const lang = useConsoleLang();
  return <K extends EnumKind>(kind: K, value: string | null | undefined) => enumText(kind, value, lang);
}

/** Select options for a contract enum (all its values, or the ones given), labelled in the given language. */
export function enumOptions<K extends EnumKind>(kind: K, values: readonly string[] = Object.keys(enumWords[kind]), lang = consoleLang()) {
  return values.map((value) => ({ value, label: enumText(kind, value, lang) }));
}
