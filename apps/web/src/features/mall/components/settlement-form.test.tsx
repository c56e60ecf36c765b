import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contract } from '@pinyou/contract';

const call = vi.fn();

vi.mock('../../../lib/api.ts', () => ({ api: { call: (...a: unknown[]) => call(...a) } }));
vi.mock('../../../lib/i18n.ts', () => ({ useStrings: () => undefined, currentLanguage: () => 'en' }));
vi.mock('../../../lib/nav.ts', () => ({ nav: { navigateTo: vi.fn(), switchTab: vi.fn(), redirectTo: vi.fn() } }));
vi.mock('../../../lib/translation.ts', () => ({
  useTranslation: () => ({ t: (k: string, o?: Record<string, unknown>) => (o ? `${k} ${JSON.stringify(o)}` : k) }),
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const { SettlementForm } = await import('./settlement-form.tsx');

const rmb = (amount_minor: number) => ({ amount_minor, currency: 'RMB' });
const item = (id: number) => ({
  product_id: id,
  sku_id: null,
  title: `商品${id}`,
  title_en: `Goods ${id}`,
  image: '/img/goods.png',
  sku_name: '',
  sku_name_en: '',
  quantity: 1,
  price: rmb(1000),
  rebate: rmb(0),
  cart_id: id,
  price_changed: false,
});
const estimates = {
  SEA: { mode: 'SEA', amount: { amount_minor: 1000, currency: 'SGD' }, weight_kg: '2.20', chargeable_weight_kg: '2.20' },
  AIR: { mode: 'AIR', amount: { amount_minor: 2550, currency: 'SGD' }, weight_kg: '2.20', chargeable_weight_kg: '2.50' },
};
const tradeInfo = (mode: 'SEA' | 'AIR') => ({
  orders: [
    {
      source: 'jd',
      shop_name: 'JD shop',
      items: [item(1)],
      goods_total: rmb(1000),
      inland_freight: rmb(600),
      rebate: rmb(10),
      total: rmb(1600),
    },
    {
      source: 'taobao',
      shop_name: 'TB shop',
      items: [item(2)],
      goods_total: rmb(1000),
      inland_freight: rmb(0),
      rebate: rmb(0),
      total: rmb(1000),
    },
  ],
  goods_total: rmb(2000),
  inland_freight: rmb(600),
  rebate: rmb(10),
  total: rmb(2600),
  total_sgd: { amount_minor: 520, currency: 'SGD' },
  exchange_rate: '5.00',
  shipping_modes: [
    { mode: 'GROUP', allowed: false, reason: 'Join a group first' },
    { mode: 'SEA', allowed: true, reason: '' },
    { mode: 'AIR', allowed: true, reason: '' },
  ],
  default_address: { id: 7, receiver: 'Tan Mei', phone: '81234567', district: 'Tampines', address: 'Blk 123 #04-56' },
  group: null,
  price_changed: false,
  coupons: [],
  pay_within_minutes: 30,
  freight_estimate: estimates[mode],
});

let root: Root;
let host: HTMLDivElement;
const flush = () =>
  act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
async function render() {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () =>
    root.render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SettlementForm what={{ cartIds: [1, 2] }} onCreated={() => undefined} />
      </QueryClientProvider>,
    ),
  );
  for (let i = 0; i < 4; i++) await flush();
}
const q = (id: string) => host.querySelector<HTMLElement>(`[data-testid="${id}"]`);
/** How many pieces of text on the screen say `text` (a key: that key, with or without its values). */
function times(text: string) {
  const walk = document.createTreeWalker(host, NodeFilter.SHOW_TEXT);
  let n = 0;
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    const v = (node as Text).data;
    if (text.startsWith('mall.') ? v === text || v.startsWith(`${text} `) : v.includes(text)) n += 1;
  }
  return n;
}

describe('SettlementForm', () => {
  beforeEach(() => {
    call.mockReset();
    call.mockImplementation((endpoint: unknown, body: { shipping_mode?: 'SEA' | 'AIR' }) => {
      if (endpoint !== contract.mall.getTradeInfo) throw new Error('unexpected call');
      return Promise.resolve(tradeInfo(body.shipping_mode ?? 'SEA'));
    });
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });

  it('says once roughly what the freight to Singapore costs by the chosen mode, billed when weighed', async () => {
    await render();
    expect(q('freight-later')!.textContent).toBe('mall.freightToSgmall.freightAbout {"amount":"S$10.00"}');
    expect(q('freight-estimate-note')!.textContent).toBe('mall.freightWeighed {"mode":"mall.modeShort.SEA","kg":"2.20"}');
    expect(times('mall.freightToSg')).toBe(1);
    expect(times('mall.freightWeighed')).toBe(1);
    await act(async () => q('mode-AIR')!.querySelector('input')!.click());
    for (let i = 0; i < 4; i++) await flush();
    expect(call).toHaveBeenLastCalledWith(contract.mall.getTradeInfo, expect.objectContaining({ shipping_mode: 'AIR' }), expect.anything());
    expect(q('freight-later')!.textContent).toContain('"amount":"S$25.50"');
    expect(q('freight-estimate-note')!.textContent).toContain('"kg":"2.50"');
  });

  it('lists each line, each amount and the address once, with several orders', async () => {
    await render();
    for (const text of ['Goods 1', 'Goods 2', 'mall.goodsTotal', 'mall.inland', 'mall.rebateTotal', 'mall.coupon', 'mall.rate'])
      expect(times(text), text).toBe(1);
    expect(times('mall.rebate')).toBe(0);
    // Each seller's order says its own total once (the settlement's lines are below).
    expect(q('settle-order-total-jd')!.textContent).toBe('mall.orderSubtotal¥16.00 mall.inclInland {"fee":"¥6.00"}');
    expect(q('settle-order-total-taobao')!.textContent).toBe('mall.orderSubtotal¥10.00');
    for (const text of ['Tan Mei', '81234567', 'Tampines', 'Blk 123 #04-56']) expect(times(text), text).toBe(1);
  });
});
