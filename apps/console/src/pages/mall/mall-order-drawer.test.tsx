import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contract } from '@pinyou/contract';

const call = vi.fn();
let role = 'service';
vi.mock('../../api.ts', () => ({ call: (...a: unknown[]) => call(...a), staffToken: { get: () => 't' } }));
vi.mock('../../staff.ts', async (orig) => ({
  ...(await orig<typeof import('../../staff.ts')>()),
  useMe: () => ({ data: { role } }),
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const { MallOrderDrawer } = await import('./mall-order-drawer.tsx');
const { setConsoleLang } = await import('../../i18n.ts');
const MA = contract.mallAdmin;

const order = (over: Record<string, unknown> = {}) => ({
  id: 5,
  order_sn: 'M5',
  source: 'jd',
  shop_name: 'JD',
  status: 'waiting_ship',
  items: [
    {
      product_id: 1,
      sku_id: 2,
      title: '耳机',
      title_en: 'Earphones',
      image: '',
      sku_name: '黑色',
      quantity: 2,
      price: { amount_minor: 12950, currency: 'RMB' },
      rebate: { amount_minor: 20, currency: 'RMB' },
    },
  ],
  item_count: 2,
  goods_total: { amount_minor: 25900, currency: 'RMB' },
  inland_freight: { amount_minor: 600, currency: 'RMB' },
  total: { amount_minor: 26500, currency: 'RMB' },
  rebate: { amount_minor: 20, currency: 'RMB' },
  rebate_credited: false,
  shipping_mode: 'SEA',
  deliver_to: 'Tampines',
  group_id: null,
  leader_name: '',
  remark: '',
  bill_id: 9,
  pay_before: null,
  created_at: '2026-11-23T01:00:00Z',
  paid_at: '2026-11-23T01:05:00Z',
  purchased_at: null,
  platform_order_no: '',
  carrier: '',
  tracking_no: '',
  shipped_at: null,
  parcel_id: null,
  packed_at: null,
  done_at: null,
  cancel_reason: '',
  cancel_refused_reason: '',
  cancelled_at: null,
  refund: { amount_minor: 0, currency: 'RMB' },
  can_pay: false,
  can_cancel: true,
  cancel_needs_confirmation: false,
  user_id: 3,
  user_account: 'demo',
  ...over,
});

let root: Root;
let host: HTMLDivElement;
const settle = () => act(async () => new Promise((r) => setTimeout(r, 60)));
const q = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
async function type(id: string, value: string) {
  const el = q(id) as HTMLInputElement;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
async function click(id: string) {
  await act(async () => q(id)!.click());
  await settle();
}

async function show(o: ReturnType<typeof order>) {
  call.mockImplementation(async (def: { path: string }) =>
    def.path === MA.adminMallOrder.path ? o : order({ ...o, purchased_at: '2026-11-23T02:00:00Z' }),
  );
  await act(async () =>
    root.render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <App>
          <MallOrderDrawer id={o.id} onClose={() => undefined} />
        </App>
      </QueryClientProvider>,
    ),
  );
  await settle();
}
const calledPaths = () => call.mock.calls.map((c) => (c[0] as { path: string }).path);

beforeEach(() => {
  call.mockReset();
  setConsoleLang('en');
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(async () => {
  await act(async () => root.unmount());
  document.body.innerHTML = '';
});

describe('mall order drawer', () => {
  it('customer service buy a paid order only with a platform order number and after confirming', async () => {
    role = 'service';
    await show(order());
    expect(q('mall-purchase')).toBeTruthy();
    expect(q('mall-cancel')).toBeTruthy();
    expect(q('mall-ship')).toBeNull();
    expect(document.body.textContent).toContain('¥265.00');
    expect(document.body.textContent).toContain('¥259.00');

    await click('mall-purchase');
    expect(document.body.textContent).toContain('Enter the order number the platform gave');
    expect(calledPaths()).not.toContain(MA.adminPurchaseMallOrder.path);

    await type('mall-platform-no', ' JD-1 ');
    await click('mall-purchase');
    expect(document.body.textContent).toContain('Record order M5 as bought?');
    expect(calledPaths()).not.toContain(MA.adminPurchaseMallOrder.path);
    await click('mall-confirm-ok');
    const bought = call.mock.calls.find((c) => (c[0] as { path: string }).path === MA.adminPurchaseMallOrder.path);
    expect(bought?.[1]).toEqual({ id: 5, platform_order_no: 'JD-1' });
  });

  it('our own shop is picked from stock without a platform number', async () => {
    role = 'admin';
    await show(order({ source: 'self' }));
    expect(q('mall-platform-no')).toBeNull();
    await click('mall-purchase');
    expect(document.body.textContent).toContain('picked from our stock');
    await click('mall-confirm-ok');
    expect(call.mock.calls.find((c) => (c[0] as { path: string }).path === MA.adminPurchaseMallOrder.path)?.[1]).toEqual({
      id: 5,
      platform_order_no: '',
    });
  });

  it('the warehouse enters tracking after purchase but neither buys nor refunds', async () => {
    role = 'warehouse';
    await show(order());
    expect(q('mall-purchase')).toBeNull();
    expect(q('mall-cancel')).toBeNull();
    expect(q('mall-ship')).toBeNull();

    await act(async () => root.unmount());
    root = createRoot(host);
    await show(order({ purchased_at: '2026-11-23T02:00:00Z', platform_order_no: 'JD-1' }));
    expect(q('mall-ship')).toBeTruthy();
    expect(q('mall-cancel')).toBeNull();
    await type('mall-tracking', 'sf1234567890123');
    await settle();
    expect((q('mall-carrier')?.querySelector('input') ?? (q('mall-carrier') as HTMLInputElement)).value).toBe('SF Express');
    await click('mall-ship');
    await click('mall-confirm-ok');
    expect(call.mock.calls.find((c) => (c[0] as { path: string }).path === MA.adminShipMallOrder.path)?.[1]).toEqual({
      id: 5,
      carrier: 'SF Express',
      tracking_no: 'SF1234567890123',
    });
  });

  it('a cancellation request: refusing needs a reason; confirming (refund) asks first; only customer service may', async () => {
    role = 'warehouse';
    await show(order({ status: 'cancel_pending', purchased_at: '2026-11-23T02:00:00Z', cancel_reason: '买错了' }));
    expect(document.body.textContent).toContain('The customer asked to cancel: 买错了');
    expect(q('mall-cancel-approve')).toBeNull();

    await act(async () => root.unmount());
    root = createRoot(host);
    role = 'service';
    setConsoleLang('zh_CN');
    await show(order({ status: 'cancel_pending', purchased_at: '2026-11-23T02:00:00Z', cancel_reason: '买错了' }));
    expect(document.body.textContent).toContain('待确认取消');
    await click('mall-cancel-refuse');
    expect(document.body.textContent).toContain('请输入原因');
    expect(calledPaths()).not.toContain(MA.adminReviewMallCancel.path);
    await click('mall-cancel-approve');
    expect(document.body.textContent).toContain('¥265.00');
    expect(calledPaths()).not.toContain(MA.adminReviewMallCancel.path);
    await click('mall-confirm-ok');
    expect(call.mock.calls.find((c) => (c[0] as { path: string }).path === MA.adminReviewMallCancel.path)?.[1]).toEqual({
      id: 5,
      approve: true,
      reason: '',
    });
  });
});
