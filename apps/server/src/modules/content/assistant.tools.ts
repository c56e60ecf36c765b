import { formatMoney, type Language } from '@pinyou/contract';

/** What the assistant's tools may read, each scoped to one customer by the server (never by the model). */
export interface AssistantData {
  /** The customer's own parcel with this number, or null when they have none (another user's parcel is null too). */
  parcelByTracking(
    userId: number,
    trackingNo: string,
    lang: Language,
  ): Promise<{
    tracking_no: string;
    status: string;
    goods_name: string;
    history: Array<{ text: string; note: string; at: string }>;
  } | null>;
  parcelCounts(userId: number): Promise<Record<string, number>>;
  amountOwed(userId: number): Promise<{ total_minor: number; bills: number; balance_minor: number }>;
  quote(
    i: { mode: 'SEA' | 'AIR'; weight_kg: number; length_cm: number; width_cm: number; height_cm: number },
    lang: Language,
  ): Promise<{ total_minor: number; currency: string; chargeable_weight_kg: string; volume_cbm: string }>;
}

/** Optional: the groups module answers this when it is present. */
export interface GroupPackingInfo {
  packingOf(userId: number): Promise<{ group_name: string; pack_date: string | null; pattern: string } | null>;
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

const statusText: Record<string, { en: string; zh_CN: string }> = {
  pending: { en: 'not yet at the warehouse', zh_CN: '未到仓' },
  warehouse: { en: 'in the warehouse', zh_CN: '已在仓库' },
  unpaid: { en: 'packed, waiting for payment', zh_CN: '已打包，待支付' },
  ship: { en: 'paid: waiting for its packing date or on its way', zh_CN: '已付款：等待打包日或运输中' },
  received: { en: 'received', zh_CN: '已签收' },
  return: { en: 'being returned', zh_CN: '退货中' },
};

/**
 * The tools, bound to one customer. The model (or the offline answerer) chooses a tool and its
 * arguments; who the data belongs to is fixed here, so no prompt can reach another user's data.
 * There are no write tools.
 */
export function toolBox(data: AssistantData, groups: GroupPackingInfo | null, userId: number, lang: Language): ToolBox {
  const zh = lang === 'zh_CN';
  const definitions: ToolDefinition[] = [
    {
      name: 'parcel_status',
      description: "Status and history of one of the customer's own parcels by its China tracking number.",
      parameters: { type: 'object', properties: { tracking_no: { type: 'string' } }, required: ['tracking_no'] },
    },
    {
      name: 'my_parcels',
      description: "How many of the customer's parcels are in each state.",
      parameters: { type: 'object', properties: {} },
    },
    {
      name: 'amount_owed',
      description: 'What the customer owes now (unpaid bills) and their wallet balance.',
      parameters: { type: 'object', properties: {} },
    },
    {
      name: 'freight_quote',
      description: 'Freight price from the pricing engine for one piece (weight in kg, sides in cm).',
      parameters: {
        type: 'object',
        properties: {
          mode: { type: 'string', enum: ['SEA', 'AIR'] },
          weight_kg: { type: 'number' },
          length_cm: { type: 'number' },
          width_cm: { type: 'number' },
          height_cm: { type: 'number' },
        },
        required: ['mode', 'weight_kg', 'length_cm', 'width_cm', 'height_cm'],
      },
    },
  ];
  if (groups) {
    definitions.push({
      name: 'group_packing_date',
      description: "The packing date of the customer's group (group shipping).",
      parameters: { type: 'object', properties: {} },
    });
  }
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
        const state = statusText[p.status]?.[lang] ?? p.status;
        const lastText = last ? `${last.text}${last.note ? ` (${last.note})` : ''} — ${last.at.slice(0, 16).replace('T', ' ')} UTC` : '';
        return zh
          ? `您的包裹 ${p.tracking_no}${p.goods_name ? `（${p.goods_name}）` : ''}：${state}。${lastText ? `最新记录：${lastText}。` : ''}`
          : `Your parcel ${p.tracking_no}${p.goods_name ? ` (${p.goods_name})` : ''} is ${state}.${lastText ? ` Latest: ${lastText}.` : ''}`;
      }
      case 'my_parcels': {
        const c = await data.parcelCounts(userId);
        const parts = Object.entries(c)
          .filter(([, n]) => n > 0)
          .map(([s, n]) => `${statusText[s]?.[lang] ?? s}: ${n}`);
        if (!parts.length) return zh ? '您目前没有包裹。' : 'You have no parcels at the moment.';
        return zh
          ? `您的包裹：${parts.join('，')}。发我一个快递单号，我可以查具体包裹。`
          : `Your parcels — ${parts.join(', ')}. Send me a tracking number for one parcel's details.`;
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
      case 'freight_quote': {
        const n = (k: string) => Number(args[k]);
        const dims = ['weight_kg', 'length_cm', 'width_cm', 'height_cm'].map(n);
        if (dims.some((v) => !Number.isFinite(v) || v <= 0 || v > 10_000))
          return zh ? '请告诉我重量（公斤）和长宽高（厘米）。' : 'Please tell me the weight (kg) and the length, width and height (cm).';
        const mode = args.mode === 'AIR' ? 'AIR' : 'SEA';
        const q = await data.quote({ mode, weight_kg: dims[0], length_cm: dims[1], width_cm: dims[2], height_cm: dims[3] }, lang);
        return zh
          ? `${mode === 'AIR' ? '空运' : '海运'}预估运费 ${money(q.total_minor, q.currency)}（计费重量 ${q.chargeable_weight_kg} 公斤，体积 ${q.volume_cbm} 立方米），以仓库实际测量为准。`
          : `Estimated ${mode === 'AIR' ? 'air' : 'sea'} freight: ${money(q.total_minor, q.currency)} (chargeable weight ${q.chargeable_weight_kg} kg, volume ${q.volume_cbm} cbm); the warehouse's measurement decides.`;
      }
      case 'group_packing_date': {
        if (!groups) return zh ? '暂时无法查询团的信息。' : 'Group information is not available right now.';
        const g = await groups.packingOf(userId);
        if (!g) return zh ? '您还没有加入团。' : 'You are not in a group yet.';
        if (!g.pack_date)
          return zh ? `您的团“${g.group_name}”还没有设置打包日期。` : `Your group "${g.group_name}" has no packing date set yet.`;
        return zh ? `您的团“${g.group_name}”的打包日期是 ${g.pack_date}。` : `Your group "${g.group_name}" packs on ${g.pack_date}.`;
      }
      default:
        return zh ? '没有这个工具。' : 'No such tool.';
    }
  };
  return { definitions, run };
}
