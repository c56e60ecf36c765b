/**
 * The screens Lighthouse measures (issue 36: the screens of a customer's first shipment, then the parcel list and
 * checkout), each with the demo customer logged in and its content taken from the demo data through the API, so
 * that every measured page draws what a customer sees there, never a login redirect or an empty state.
 */
import { contract, type EndpointDef, type ResponseOf } from '@pinyou/contract';
import { paths } from '../../web/src/lib/paths.ts';
import type { BenchServer } from './scenario.ts';

export interface LighthouseScreen {
  screen: string;
  /** The hash route with its query, e.g. `pages/order/package?ids=3`. */
  hash: string;
  /** A CSS selector found on the page only once the screen's own content has drawn (checked after each run). */
  shows: string;
}

const route = (path: string, query: Record<string, string | number> = {}) => {
  const q = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return q ? `${path}?${q}` : path;
};

/**
 * Finds in the demo data (SEED_DEMO=1) what each screen needs and fills the cart: a parcel in the warehouse to
 * pick for packing, an unpaid pack bill for the pay sheet, goods for the search, detail, cart and checkout.
 */
export async function lighthouseScreens(server: BenchServer, token: string): Promise<LighthouseScreen[]> {
  const must = <T>(what: string, value: T | undefined | null): T => {
    if (value === undefined || value === null) throw new Error(`Lighthouse setup: the demo data has no ${what}`);
    return value;
  };
  const ok = async <E extends EndpointDef>(def: E, input: Record<string, unknown>, token?: string): Promise<ResponseOf<E>> => {
    const r = await server.call(def, input, { token });
    if (r.code !== 0) throw new Error(`Lighthouse setup: ${def.path} answered ${r.code} ${r.msg}`);
    return r.data as ResponseOf<E>;
  };

  // Packing: the customer arrives from a parcel in the warehouse, ticked (estimate and address shown).
  const inWarehouse = await ok(contract.parcels.applyPackList, {}, token);
  const packable = must(
    'parcel in the warehouse that can be packed',
    inWarehouse.list.find((p) => !p.is_low_value),
  );
  // Pay sheet: a measured pack awaiting payment; `pay=1` opens the sheet on arrival, as the To pay list does.
  const packs = await ok(contract.parcels.getUserPackList, { page: 1, page_size: 20, status: 'packed' }, token);
  const unpaid = must('pack awaiting payment', packs.list[0]);

  const keyword = '耳机';
  const found = await ok(contract.mall.getRequestParam, { keyword, page: 1, page_size: 20 });
  const buyable = found.list.filter((g) => !g.sold_out && g.stock > 0);
  // A JD goods page (the mall's main source; each source has its own detail route).
  const jd = must(
    `JD goods in stock for "${keyword}"`,
    buyable.find((g) => g.source === 'jd'),
  );
  const product = await ok(contract.mall.getDetail, { id: jd.id });
  const sku = must(
    'goods option in stock',
    product.skus.find((k) => k.stock > 0),
  );
  // The cart: these goods and two more of other sellers, so that it has several seller groups.
  await ok(contract.mall.putIntoShoppingCart, { product_id: jd.id, sku_id: sku.id, quantity: 1 }, token);
  for (const g of buyable.filter((x) => x.source !== 'jd').slice(0, 2)) {
    const option = (await ok(contract.mall.getDetail, { id: g.id })).skus.find((k) => k.stock > 0);
    if (option) await ok(contract.mall.putIntoShoppingCart, { product_id: g.id, sku_id: option.id, quantity: 1 }, token);
  }

  return [
    { screen: 'home', hash: route(paths.home), shows: '[data-testid="warehouse"]' },
    { screen: 'declare', hash: route(paths.orderCreate), shows: '[data-testid="tracking-no"]' },
    { screen: 'packing', hash: route(paths.orderPackage, { ids: packable.id }), shows: '[data-testid="pack-address"]' },
    { screen: 'pay sheet', hash: route(paths.packageDetail, { id: unpaid.id, pay: 1 }), shows: '[data-testid="pay-submit"]' },
    { screen: 'mall search', hash: route(paths.cargoList, { keyword }), shows: `[data-testid="product-${jd.id}"]` },
    { screen: 'product', hash: route(paths.cargoJdDetail, { id: jd.id }), shows: '[data-testid="detail-title"]' },
    { screen: 'cart', hash: route(paths.cartList), shows: '[data-testid^="cart-line-"]' },
    { screen: 'parcel list', hash: route(paths.orderAll), shows: '[data-testid="parcel-card"]' },
    {
      screen: 'checkout',
      hash: route(paths.cartSettlement, { product_id: product.id, sku_id: sku.id, quantity: 1 }),
      shows: '[data-testid="settle-order-jd"]',
    },
  ];
}
