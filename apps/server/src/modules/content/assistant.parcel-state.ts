import { logisticsStageText, type Language } from '@pinyou/contract';

/**
 * A parcel's state as the customer lives it, from its list status and its pack: a paid parcel waiting in
 * the warehouse for its batch is "paid, waiting to ship", never "on its way". One small mapping, kept
 * here until the contract's shared state vocabulary replaces it.
 */
export interface ParcelFacts {
  status: string;
  pack: {
    status: string;
    mode: string;
    pack_date: string | null;
    stage: string | null;
    shipped_at: string | null;
    dispatch_date: string | null;
  } | null;
}

type T = { en: string; zh_CN: string };
export interface ParcelState {
  key:
    | 'declared'
    | 'in_warehouse'
    | 'packing_requested'
    | 'awaiting_payment'
    | 'paid_waiting'
    | 'on_the_way'
    | 'delivered'
    | 'received'
    | 'returning';
  text: string;
  next: string;
}

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : null);

export function parcelState(p: ParcelFacts, lang: Language): ParcelState {
  const pick = (t: T) => t[lang];
  const pack = p.pack;
  const s = (key: ParcelState['key'], text: T, next: T): ParcelState => ({ key, text: pick(text), next: pick(next) });
  switch (p.status) {
    case 'pending':
      return s(
        'declared',
        { en: 'declared, not yet at the warehouse', zh_CN: '已申报，未到仓' },
        { en: 'It shows as in the warehouse once we scan it in.', zh_CN: '仓库签收入库后状态会更新。' },
      );
    case 'warehouse':
      if (pack && pack.status === 'applied') {
        const d = pack.pack_date;
        return s(
          'packing_requested',
          { en: 'in the warehouse, packing requested', zh_CN: '已在仓库，已申请打包' },
          d
            ? { en: `Packing date: ${d}; you get the freight bill after it is measured.`, zh_CN: `打包日期：${d}；测量后会出运费账单。` }
            : { en: 'Staff pack and measure it, then bill the freight.', zh_CN: '仓库打包测量后会出运费账单。' },
        );
      }
      return s(
        'in_warehouse',
        { en: 'in the warehouse', zh_CN: '已在仓库' },
        { en: 'Request packing when all your parcels are in.', zh_CN: '包裹到齐后即可申请打包。' },
      );
    case 'unpaid':
      return s(
        'awaiting_payment',
        { en: 'packed and measured, the freight bill is unpaid', zh_CN: '已打包测量，运费账单待支付' },
        { en: 'Pay the bill and it joins the next shipment.', zh_CN: '支付账单后随下一批发出。' },
      );
    case 'ship': {
      if (!pack || pack.status === 'paid') {
        const d = pack?.pack_date;
        return s(
          'paid_waiting',
          { en: 'paid, waiting in the warehouse to ship', zh_CN: '已支付，在仓库等待发货' },
          d
            ? { en: `It leaves with the batch of ${d}.`, zh_CN: `随 ${d} 的批次发出。` }
            : { en: 'It leaves with the next batch.', zh_CN: '随下一批次发出。' },
        );
      }
      if (pack.status === 'delivered' || pack.stage === 'delivered')
        return s(
          'delivered',
          { en: 'delivered', zh_CN: '已送达' },
          { en: 'Please confirm receipt in the app.', zh_CN: '请在应用里确认收货。' },
        );
      const stage = pack.stage ? logisticsStageText[pack.stage as keyof typeof logisticsStageText] : null;
      const since = day(pack.shipped_at);
      return s(
        'on_the_way',
        {
          en: `on its way to Singapore${stage ? ` (${stage.en})` : ''}`,
          zh_CN: `运输中，发往新加坡${stage ? `（${stage.zh_CN}）` : ''}`,
        },
        pack.dispatch_date
          ? { en: `Delivery to your door on ${pack.dispatch_date}.`, zh_CN: `预约派送日期：${pack.dispatch_date}。` }
          : pack.mode === 'AIR'
            ? {
                en: `Shipped${since ? ` on ${since}` : ''}; air takes about 3–7 working days.`,
                zh_CN: `${since ? `${since} ` : ''}已发出；空运约3–7个工作日。`,
              }
            : {
                en: `Shipped${since ? ` on ${since}` : ''}; sea takes about 7–14 working days.`,
                zh_CN: `${since ? `${since} ` : ''}已发出；海运约7–14个工作日。`,
              },
      );
    }
    case 'received':
      return s('received', { en: 'received', zh_CN: '已签收' }, { en: 'Nothing more to do.', zh_CN: '无需其他操作。' });
    case 'return':
      return s(
        'returning',
        { en: 'being returned', zh_CN: '退货中' },
        { en: 'See the return in “My returns”.', zh_CN: '请在“我的退货”中查看进度。' },
      );
    default:
      return s('in_warehouse', { en: p.status, zh_CN: p.status }, { en: '', zh_CN: '' });
  }
}
