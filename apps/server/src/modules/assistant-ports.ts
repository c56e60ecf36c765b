import type { Language } from '@pinyou/contract';
import type { AssistantData, MallOrdersInfo, ParcelInfo } from './content/index.ts';

type Page = { page: number; page_size: number };
type Amount = { amount_minor: number; currency: string };
/** The parts of the parcels, wallet and mall services the assistant reads (their own calls, for one user). */
interface Parcels {
  declarations: {
    list(userId: number, q: Page & { keyword?: string }, lang: Language): Promise<{ list: Array<{ id: number; tracking_no: string }> }>;
    detail(
      userId: number,
      id: number,
      lang: Language,
    ): Promise<
      Omit<ParcelInfo, 'pack'> & {
        pack: {
          status: string;
          mode: string;
          pack_date: string | null;
          stage: string | null;
          shipped_at: string | null;
          dispatch_date: string | null;
        } | null;
      }
    >;
  };
  freight: {
    freight(
      i: { mode: 'SEA' | 'AIR'; category: 'normal'; pieces: ParcelPiece[] },
      lang: Language,
    ): Promise<{ total: Amount; chargeable_weight_kg: string; volume_cbm: string; lines: Array<{ label: string; detail: string }> }>;
  };
}
type ParcelPiece = { weight_kg: number; length_cm: number; width_cm: number; height_cm: number };
interface Wallet {
  billing: {
    payInfo(userId: number, ids: undefined, lang: Language): Promise<{ total: Amount; balance: Amount; bills: Array<{ status: string }> }>;
  };
  recharge: {
    mine(
      userId: number,
      q: Page,
      lang: Language,
    ): Promise<{ list: Array<{ order_no: string; method: string; status: string; amount: Amount; created_at: string }> }>;
  };
  coupons: {
    list(userId: number, q: Page & { status: 'unused' }, lang: Language): Promise<{ list: Array<{ name: string; expires_at: string }> }>;
  };
}
interface Mall {
  mallOrders: {
    orders: {
      records(
        userId: number,
        q: Page,
      ): Promise<{ list: Array<{ order_sn: string; status: string; items: Array<{ title: string }>; created_at: string }> }>;
    };
  };
}

/** The customer's own data the assistant's tools read, from the modules that own it; every call is for one user. */
export function assistantDataOf(parcels: Parcels, wallet: Wallet): AssistantData {
  const info = async (userId: number, id: number, lang: Language): Promise<ParcelInfo> => {
    const d = await parcels.declarations.detail(userId, id, lang);
    return {
      tracking_no: d.tracking_no,
      status: d.status,
      goods_name: d.goods_name,
      history: d.history,
      pack: d.pack && {
        status: d.pack.status,
        mode: d.pack.mode,
        pack_date: d.pack.pack_date,
        stage: d.pack.stage,
        shipped_at: d.pack.shipped_at,
        dispatch_date: d.pack.dispatch_date,
      },
    };
  };
  return {
    parcelByTracking: async (userId, trackingNo, lang) => {
      const page = await parcels.declarations.list(userId, { page: 1, page_size: 5, keyword: trackingNo }, lang);
      const p = page.list.find((x) => x.tracking_no === trackingNo);
      return p ? info(userId, p.id, lang) : null;
    },
    recentParcels: async (userId, lang) => {
      const page = await parcels.declarations.list(userId, { page: 1, page_size: 5 }, lang);
      return Promise.all(page.list.map((p) => info(userId, p.id, lang)));
    },
    amountOwed: async (userId) => {
      const i = await wallet.billing.payInfo(userId, undefined, 'en');
      return {
        total_minor: i.total.amount_minor,
        bills: i.bills.filter((b) => b.status === 'unpaid').length,
        balance_minor: i.balance.amount_minor,
      };
    },
    quote: async (q, lang) => {
      const r = await parcels.freight.freight({ mode: q.mode, category: 'normal', pieces: q.pieces }, lang);
      return {
        total_minor: r.total.amount_minor,
        currency: r.total.currency,
        chargeable_weight_kg: r.chargeable_weight_kg,
        volume_cbm: r.volume_cbm,
        lines: r.lines.map((l) => ({ label: l.label, detail: l.detail })),
      };
    },
    topups: async (userId, lang) => {
      const page = await wallet.recharge.mine(userId, { page: 1, page_size: 3 }, lang);
      return page.list.map((r) => ({
        order_no: r.order_no,
        method: r.method,
        status: r.status,
        amount_minor: r.amount.amount_minor,
        created_at: r.created_at,
      }));
    },
    coupons: async (userId, lang) => {
      const page = await wallet.coupons.list(userId, { page: 1, page_size: 5, status: 'unused' }, lang);
      return page.list.map((c) => ({ name: c.name, expires_at: c.expires_at }));
    },
  };
}

/** The customer's latest mall orders, for the assistant. */
export function assistantMallOf(mall: Mall): MallOrdersInfo {
  return {
    recentOrders: async (userId) => {
      const page = await mall.mallOrders.orders.records(userId, { page: 1, page_size: 3 });
      return page.list.map((o) => ({ order_sn: o.order_sn, status: o.status, title: o.items[0]?.title ?? '', created_at: o.created_at }));
    },
  };
}
