import { formatMoney, type Language } from '@pinyou/contract';
import { parcelState, type ParcelFacts } from './assistant.parcel-state.ts';

export interface ParcelInfo extends ParcelFacts {
  tracking_no: string;
  goods_name: string;
  history: Array<{ text: string; note: string; at: string }>;
}

export interface QuotePiece {
  weight_kg: number;
  length_cm: number;
  width_cm: number;
  height_cm: number;
}

export interface QuoteAnswer {
  total_minor: number;
  currency: string;
  chargeable_weight_kg: string;
  volume_cbm: string;
  /** The engine's own lines (what it charged and how), in the asker's language. */
  lines: Array<{ label: string; detail: string }>;
}

/** What the assistant's tools may read, each scoped to one customer by the server (never by the model). */
export interface AssistantData {
  /** The customer's own parcel with this number, or null when they have none (another user's parcel is null too). */
  parcelByTracking(userId: number, trackingNo: string, lang: Language): Promise<ParcelInfo | null>;
  /** The customer's most recent parcels (a few), newest first. */
  recentParcels(userId: number, lang: Language): Promise<ParcelInfo[]>;
  amountOwed(userId: number): Promise<{ total_minor: number; bills: number; balance_minor: number }>;
  /** The pricing engine: the same quote as the freight calculator and the bill. */
  quote(i: { mode: 'SEA' | 'AIR'; pieces: QuotePiece[] }, lang: Language): Promise<QuoteAnswer>;
  /** The customer's latest top-ups. */
  topups(
    userId: number,
    lang: Language,
  ): Promise<Array<{ order_no: string; method: string; status: string; amount_minor: number; created_at: string }>>;
  /** The customer's unused coupons, soonest to expire first. */
  coupons(userId: number, lang: Language): Promise<Array<{ name: string; expires_at: string }>>;
}

/** Optional: the groups module answers this when it is present. */
export interface GroupPackingInfo {
  packingOf(userId: number): Promise<{ group_name: string; pack_date: string | null; pattern: string } | null>;
}

/** Optional: the mall module answers this when it is present (it is built after this one). */
export interface MallOrdersInfo {
  recentOrders(userId: number): Promise<Array<{ order_sn: string; status: string; title: string; created_at: string }>>;
}

export interface ToolDefinition {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface ToolBox {
  definitions: ToolDefinition[];
  /** Runs a tool for the bound customer; the answer is text for the model or the customer, in `lang`. */
  run(name: string, args: Record<string, unknown>): Promise<string>;
}

/** Amounts in answers are written by the contract's one formatter, as the screens write them. */
export const money = (minor: number, currency: string = 'SGD') => formatMoney(minor, currency === 'RMB' ? 'RMB' : 'SGD');

const mallStatus: Record<string, { en: string; zh_CN: string }> = {
  waiting_pay: { en: 'waiting for payment (pay in time or it expires)', zh_CN: '待付款（请及时付款，超时失效）' },
  waiting_ship: { en: 'paid: we are buying it on the platform', zh_CN: '已付款，我们正在平台为您下单' },
  shipped: { en: 'shipped by the seller, on its way to our China warehouse', zh_CN: '卖家已发货，正在运往国内仓库' },
  packed: { en: 'at our warehouse and packed for Singapore', zh_CN: '已到仓并打包，准备运往新加坡' },
  done: { en: 'delivered', zh_CN: '已送达' },
  cancelled: { en: 'cancelled', zh_CN: '已取消' },
  cancel_pending: { en: 'cancellation waiting for the merchant to confirm', zh_CN: '取消申请待商家确认' },
};
const topupStatus: Record<string, { en: string; zh_CN: string }> = {
  pending: { en: 'not credited yet (waiting for payment or review)', zh_CN: '尚未到账（等待支付或审核）' },
  paid: { en: 'credited to your wallet', zh_CN: '已到账' },
  rejected: { en: 'rejected', zh_CN: '已驳回' },
  closed: { en: 'closed', zh_CN: '已关闭' },
};
const methodText: Record<string, { en: string; zh_CN: string }> = {
  wechat: { en: 'WeChat Pay', zh_CN: '微信支付' },
  paynow: { en: 'PayNow', zh_CN: 'PayNow' },
  offline: { en: 'bank transfer', zh_CN: '银行转账' },
};

const definitions: ToolDefinition[] = [
  {
    name: 'parcel_status',
    description: "State, next step and latest record of one of the customer's own parcels by its China tracking number.",
    parameters: { type: 'object', properties: { tracking_no: { type: 'string' } }, required: ['tracking_no'] },
  },
  {
    name: 'my_parcels',
    description: "The customer's latest parcels: each one's true state and next step.",
    parameters: { type: 'object', properties: {} },
  },
  {
    name: 'amount_owed',
    description: 'What the customer owes now (unpaid bills) and their wallet balance.',
    parameters: { type: 'object', properties: {} },
  },
  {
    name: 'freight_quote',
    description:
      'Freight price from the pricing engine. Give the mode and what is known: weight (kg), volume (cbm), or the three sides (cm).',
    parameters: {
      type: 'object',
      properties: {
        mode: { type: 'string', enum: ['SEA', 'AIR'] },
        weight_kg: { type: 'number' },
        volume_cbm: { type: 'number' },
        length_cm: { type: 'number' },
        width_cm: { type: 'number' },
        height_cm: { type: 'number' },
      },
    },
  },
  {
    name: 'topups',
    description: "The customer's latest wallet top-ups and whether each is credited.",
    parameters: { type: 'object', properties: {} },
  },
  { name: 'coupons', description: "The customer's unused coupons and when each expires.", parameters: { type: 'object', properties: {} } },
];

const pos = (v: unknown) => {
  const n = Number(v);
  return v !== null && v !== undefined && Number.isFinite(n) && n > 0 && n <= 10_000 ? n : null;
};

/**
 * The tools, bound to one customer. The model (or the offline answerer) chooses a tool and its
 * arguments; who the data belongs to is fixed here, so no prompt can reach another user's data.
 * There are no write tools. Each answer is short and direct: the state or number first, then what next.
 */
export function toolBox(
  data: AssistantData,
  extra: { groups: GroupPackingInfo | null; mall: MallOrdersInfo | null },
  userId: number,
  lang: Language,
): ToolBox {
  const zh = lang === 'zh_CN';
  const defs = [...definitions];
  if (extra.groups)
    defs.push({
      name: 'group_packing_date',
      description: "The packing date of the customer's group.",
      parameters: { type: 'object', properties: {} },
    });
  if (extra.mall)
    defs.push({
      name: 'mall_orders',
      description: "The customer's latest mall orders and their status.",
      parameters: { type: 'object', properties: {} },
    });

  const parcelLine = (p: ParcelInfo) => {
    const st = parcelState(p, lang);
    const name = p.goods_name ? (zh ? `（${p.goods_name}）` : ` (${p.goods_name})`) : '';
    return zh ? `${p.tracking_no}${name}：${st.text}。${st.next}` : `${p.tracking_no}${name}: ${st.text}. ${st.next}`;
  };

  const quote = async (args: Record<string, unknown>) => {
    const w = pos(args.weight_kg);
    const v = pos(args.volume_cbm);
    const dims = [pos(args.length_cm), pos(args.width_cm), pos(args.height_cm)];
    const hasDims = dims.every((d) => d !== null);
    const modes: Array<'SEA' | 'AIR'> =
      args.mode === 'AIR' ? ['AIR'] : args.mode === 'SEA' ? ['SEA'] : hasDims || v ? ['SEA', 'AIR'] : ['AIR'];
    // The piece the engine prices: the sides given, or a box of the volume given (100 × 100 × h cm), or the weight alone.
    const piece = (): QuotePiece | null => {
      if (hasDims) return { weight_kg: w ?? 0, length_cm: dims[0]!, width_cm: dims[1]!, height_cm: dims[2]! };
      if (v) return { weight_kg: w ?? 0, length_cm: 100, width_cm: 100, height_cm: Math.round(v * 10_000) / 100 };
      if (w) return { weight_kg: w, length_cm: 1, width_cm: 1, height_cm: 1 };
      return null;
    };
    const p = piece();
    if (!p)
      return zh
        ? '请告诉我重量（公斤）、体积（方）或长宽高（厘米），以及海运还是空运。'
        : 'Tell me the weight (kg), the volume (cbm) or the three sides (cm), and sea or air.';
    const size = hasDims
      ? `${dims.join('×')} cm${w ? `, ${w} kg` : ''}`
      : v
        ? `${v} ${zh ? '方' : 'cbm'}${w ? `, ${w} kg` : ''}`
        : `${w} kg`;
    const parts: string[] = [];
    for (const mode of modes) {
      if (mode === 'SEA' && !hasDims && !v) {
        parts.push(
          zh ? '海运按体积计费：请告诉我体积（方）或长宽高。' : 'Sea freight is charged by volume: tell me the cbm or the three sides.',
        );
        continue;
      }
      const q = await data.quote({ mode, pieces: [p] }, lang);
      const how = q.lines[0]?.detail ?? '';
      parts.push(
        zh
          ? `${mode === 'AIR' ? '空运' : '海运'}${size}：预估运费 ${money(q.total_minor, q.currency)}（${how}）。`
          : `${mode === 'AIR' ? 'Air' : 'Sea'} freight for ${size}: about ${money(q.total_minor, q.currency)} (${how}).`,
      );
    }
    parts.push(
      zh
        ? '以仓库实际测量为准；运费计算器可逐项查看。'
        : "The warehouse's measurement decides the bill; the freight calculator shows each line.",
    );
    return parts.join(zh ? '' : ' ');
  };

  const run = async (name: string, args: Record<string, unknown>): Promise<string> => {
    switch (name) {
      case 'parcel_status': {
        const no = String(args.tracking_no ?? '')
          .trim()
          .toUpperCase()
          .slice(0, 40);
        const p = no ? await data.parcelByTracking(userId, no, lang) : null;
        if (!p)
          return zh
            ? `您的账户中没有单号为 ${no} 的包裹。请确认单号，或先在“申报包裹”中申报。`
            : `There is no parcel with the number ${no} on your account. Please check the number, or declare it first.`;
        const last = p.history.at(-1);
        // Customers are in Singapore: the time of the last event is said in Singapore time (UTC+8, no DST).
        const sgt = last ? new Date(Date.parse(last.at) + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ') : '';
        const note = last?.note ? (zh ? `（${last.note}）` : ` (${last.note})`) : '';
        const lastText = last ? `${last.text}${note}${zh ? `，新加坡时间 ${sgt}` : `, ${sgt} Singapore time`}` : '';
        return zh
          ? `您的包裹 ${parcelLine(p)}${lastText ? ` 最新记录：${lastText}。` : ''}`
          : `Your parcel ${parcelLine(p)}${lastText ? ` Latest: ${lastText}.` : ''}`;
      }
      case 'my_parcels': {
        const list = await data.recentParcels(userId, lang);
        if (!list.length)
          return zh
            ? '您目前没有包裹。到仓前请先在“申报包裹”中申报。'
            : 'You have no parcels yet. Declare each parcel before it reaches the warehouse.';
        const lines = list.map((p) => `• ${parcelLine(p)}`);
        return zh
          ? `您最近的包裹：\n${lines.join('\n')}\n发我快递单号可查单个包裹的记录。`
          : `Your latest parcels:\n${lines.join('\n')}\nSend me a tracking number for one parcel's history.`;
      }
      case 'amount_owed': {
        const o = await data.amountOwed(userId);
        if (o.bills === 0)
          return zh
            ? `您目前没有待支付的账单。钱包余额 ${money(o.balance_minor)}。`
            : `You owe nothing right now. Wallet balance: ${money(o.balance_minor)}.`;
        return zh
          ? `您有 ${o.bills} 张待支付账单，共 ${money(o.total_minor)}；钱包余额 ${money(o.balance_minor)}。`
          : `You have ${o.bills} unpaid bill${o.bills > 1 ? 's' : ''} totalling ${money(o.total_minor)}; wallet balance ${money(o.balance_minor)}.`;
      }
      case 'freight_quote':
        return quote(args);
      case 'group_packing_date': {
        if (!extra.groups) return zh ? '暂时无法查询团的信息。' : 'Group information is not available right now.';
        const g = await extra.groups.packingOf(userId);
        if (!g) return zh ? '您还没有加入团。' : 'You are not in a group yet.';
        if (!g.pack_date)
          return zh ? `您的团“${g.group_name}”还没有设置打包日期。` : `Your group "${g.group_name}" has no packing date set yet.`;
        return zh ? `您的团“${g.group_name}”的打包日期是 ${g.pack_date}。` : `Your group "${g.group_name}" packs on ${g.pack_date}.`;
      }
      case 'mall_orders': {
        const list = extra.mall ? await extra.mall.recentOrders(userId) : [];
        if (!list.length) return zh ? '您还没有商城订单。' : 'You have no mall orders yet.';
        const lines = list.map((o) => `• ${o.order_sn} ${o.title}: ${mallStatus[o.status]?.[lang] ?? o.status}`);
        return zh ? `您最近的商城订单：\n${lines.join('\n').replace(/: /g, '：')}` : `Your latest mall orders:\n${lines.join('\n')}`;
      }
      case 'topups': {
        const list = await data.topups(userId, lang);
        if (!list.length) return zh ? '您还没有充值记录。' : 'You have no top-ups yet.';
        const lines = list.map(
          (r) =>
            `• ${r.created_at.slice(0, 10)} ${methodText[r.method]?.[lang] ?? r.method} ${money(r.amount_minor)}${zh ? '：' : ': '}${topupStatus[r.status]?.[lang] ?? r.status}`,
        );
        const pending = list.some((r) => r.status === 'pending');
        const hint = pending
          ? zh
            ? '\n银行转账人工审核需1个工作日；即时支付3分钟后仍未到账，请改用银行转账并上传凭证。'
            : '\nA bank transfer review takes 1 working day; if an instant payment is not credited after 3 minutes, pay by bank transfer and upload the voucher.'
          : '';
        return (zh ? `您最近的充值：\n${lines.join('\n')}` : `Your latest top-ups:\n${lines.join('\n')}`) + hint;
      }
      case 'coupons': {
        const list = await data.coupons(userId, lang);
        if (!list.length) return zh ? '您目前没有可用的优惠券。' : 'You have no unused coupons right now.';
        const lines = list.map((c) =>
          zh ? `• ${c.name}：${c.expires_at.slice(0, 10)} 到期` : `• ${c.name}: expires ${c.expires_at.slice(0, 10)}`,
        );
        return zh
          ? `您有 ${list.length} 张可用优惠券：\n${lines.join('\n')}`
          : `You have ${list.length} unused coupon${list.length > 1 ? 's' : ''}:\n${lines.join('\n')}`;
      }
      default:
        return zh ? '没有这个工具。' : 'No such tool.';
    }
  };
  return { definitions: defs, run };
}
