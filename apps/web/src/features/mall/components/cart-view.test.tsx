import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/request.ts';

const call = vi.fn();
const navigateTo = vi.fn();

vi.mock('../../../lib/api.ts', () => ({ api: { call: (...a: unknown[]) => call(...a) } }));
vi.mock('../../../lib/i18n.ts', () => ({ useStrings: () => undefined, currentLanguage: () => 'en' }));
vi.mock('../../../lib/nav.ts', () => ({
  nav: { navigateTo: (...a: unknown[]) => navigateTo(...a), switchTab: vi.fn(), redirectTo: vi.fn() },
}));
vi.mock('../../../lib/translation.ts', () => ({
  useTranslation: () => ({ t: (k: string, o?: Record<string, unknown>) => (o ? `${k} ${JSON.stringify(o)}` : k) }),
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const { CartView } = await import('./cart-view.tsx');

const line = (id: number, o: Partial<Record<string, unknown>> = {}) => ({
  id,
  product_id: 100 + id,
  sku_id: null,
  source: 'jd',
  shop_name: 'JD shop',
  title: `商品${id}`,
  title_en: `Goods ${id}`,
  image: '/img/goods.png',
  sku_name: '',
  sku_name_en: '',
  quantity: 2,
  price: { amount_minor: 1000, currency: 'RMB' },
  added_price: { amount_minor: 1000, currency: 'RMB' },
  stock: 3,
  selected: true,
  available: true,
  air_allowed: true,
  ...o,
});
const cart = {
  groups: [
    { source: 'jd', shop_name: 'JD shop', items: [line(1), line(2, { available: false, selected: false })] },
    { source: 'taobao', shop_name: 'TB shop', items: [line(3, { source: 'taobao', added_price: { amount_minor: 900, currency: 'RMB' } })] },
  ],
  count: 3,
  selected_count: 2,
  selected_total: { amount_minor: 4000, currency: 'RMB' },
  exchange_rate: '5.00',
};

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
        <CartView />
      </QueryClientProvider>,
    ),
  );
  await flush();
  await flush();
}
const q = (id: string) => host.querySelector<HTMLElement>(`[data-testid="${id}"]`);

describe('CartView', () => {
  beforeEach(() => [call, navigateTo].forEach((f) => f.mockReset()));
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });

  it('groups by source, greys what cannot be bought, shows price changes, and settles only the selected lines', async () => {
    call.mockResolvedValue(cart);
    await render();
    expect(q('cart-group-jd')).not.toBeNull();
    expect(q('cart-group-taobao')).not.toBeNull();
    expect(q('cart-line-2')!.className).toContain('off');
    expect(q('cart-pick-2')!.querySelector('input')!.disabled).toBe(true);
    expect(q('cart-line-3')!.textContent).toContain('mall.priceChangedFrom');
    expect(q('cart-total')!.textContent).toBe('¥40.00');
    expect(q('cart-bar')!.textContent).toContain('S$8.00');
    // The number box is bounded by the stock: + is off at 3 of 3.
    expect(q('cart-qty-1')!.querySelector('input')!.max).toBe('3');
    await act(async () => q('cart-settle')!.click());
    expect(navigateTo).toHaveBeenCalledWith('pages/sub/cartSettlement', { cart_ids: '1,3' });
  });

  it('a failed load is a failure with retry, never "your cart is empty"', async () => {
    call.mockRejectedValue(new ApiError(-1, 'No response'));
    await render();
    expect(q('failure-state')).not.toBeNull();
    expect(host.textContent).not.toContain('mall.cartEmpty');
    call.mockResolvedValue({ ...cart, groups: [], count: 0, selected_count: 0, selected_total: { amount_minor: 0, currency: 'RMB' } });
    await act(async () => q('retry')!.click());
    await flush();
    expect(host.textContent).toContain('mall.cartEmpty');
  });
});
