import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pickedCoupon } from '../../../lib/payment/attempt.ts';

const call = vi.fn();
const navigateBack = vi.fn();

vi.mock('../../../lib/api.ts', () => ({ api: { call: (...a: unknown[]) => call(...a) } }));
vi.mock('../../../lib/i18n.ts', () => ({ useStrings: () => undefined }));
vi.mock('../../../lib/nav.ts', () => ({ nav: { navigateBack: () => navigateBack() } }));
vi.mock('../../../lib/translation.ts', () => ({
  useTranslation: () => ({ t: (k: string, o?: Record<string, unknown>) => (o ? `${k} ${JSON.stringify(o)}` : k) }),
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const { default: ChooseCouponScreen } = await import('./choose-coupon.screen.tsx');

const sgd = (amount_minor: number) => ({ amount_minor, currency: 'SGD' });
const base = {
  kind: 'discount',
  discount_type: 'amount',
  amount: sgd(500),
  percent_off: 0,
  max_discount: null,
  min_volume: '0.000',
  min_amount: sgd(0),
  applies_to: ['pack'],
};
const held = {
  ...base,
  id: 11,
  batch_id: 1,
  name: 'S$5 off from S$50',
  status: 'unused',
  expires_at: '2026-12-01T00:00:00Z',
  used_at: null,
  created_at: '2026-01-01T00:00:00Z',
  claimable: false,
  usable: false,
  discount: sgd(0),
  reason_code: 'below_min_amount',
  reason: 'needs at least S$50.00',
};
const info = {
  bills: [],
  exchange_rate: '5.0000',
  total: sgd(2000),
  balance: sgd(0),
  coupons: [held],
  claimable_coupons: [
    { ...base, batch_id: 4, name: 'S$3 freight', claimable: true, usable: true, discount: sgd(300), reason_code: null, reason: '' },
    {
      ...base,
      batch_id: 5,
      name: 'Returns S$2',
      claimable: true,
      usable: false,
      discount: sgd(0),
      reason_code: 'wrong_kind',
      reason: 'only for returns',
    },
  ],
  shortfall: sgd(2000),
};

let root: Root;
let host: HTMLDivElement;
const flush = () =>
  act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });

describe('ChooseCouponScreen', () => {
  beforeEach(() => {
    sessionStorage.clear();
    [call, navigateBack].forEach((f) => f.mockReset());
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });

  it('lists coupons that do not apply with their reason, and claims and picks one not claimed yet', async () => {
    call.mockImplementation(async (def: { path: string }) =>
      def.path.endsWith('claimeActivityCoupon') ? { ...held, id: 21, batch_id: 4 } : info,
    );
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
    await act(async () =>
      root.render(
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter initialEntries={['/choose?bill_ids=7']}>
            <ChooseCouponScreen />
          </MemoryRouter>
        </QueryClientProvider>,
      ),
    );
    await flush();
    await flush();
    const owned = host.querySelector('[data-testid="coupon-option"]')!;
    expect(owned.textContent).toContain('needs at least S$50.00');
    expect(owned.textContent).toContain('wallet.pay.notApplicable');
    const offers = [...host.querySelectorAll('[data-testid="coupon-claimable"]')];
    expect(offers.map((o) => o.textContent)).toEqual([expect.stringContaining('S$3 freight'), expect.stringContaining('only for returns')]);
    expect(offers[1].querySelector('[data-testid="coupon-claim"]')).toBeNull();
    const claim = offers[0].querySelector<HTMLButtonElement>('[data-testid="coupon-claim"]')!;
    expect(claim.textContent).toContain('wallet.pay.claimAndUse {"amount":"S$3.00"}');
    await act(async () => claim.click());
    await flush();
    await flush();
    expect(call.mock.calls.find(([def]) => (def as { path: string }).path.endsWith('claimeActivityCoupon'))![1]).toEqual({ batch_id: 4 });
    expect(pickedCoupon('b:7')).toBe(21);
    expect(navigateBack).toHaveBeenCalledTimes(1);
  });
});
