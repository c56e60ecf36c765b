import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Code } from '@pinyou/contract';
import { ApiError } from '../../lib/request.ts';

const call = vi.fn();
const navigateTo = vi.fn();
const redirectTo = vi.fn();
const confirm = vi.fn();
const alertFn = vi.fn(async () => undefined);

vi.mock('../../lib/api.ts', () => ({ api: { call: (...a: unknown[]) => call(...a) } }));
vi.mock('../../lib/i18n.ts', () => ({ useStrings: () => undefined }));
vi.mock('../../lib/nav.ts', () => ({
  nav: { navigateTo: (...a: unknown[]) => navigateTo(...a), redirectTo: (...a: unknown[]) => redirectTo(...a) },
}));
vi.mock('../../lib/feedback.ts', () => ({ alert: (...a: unknown[]) => alertFn(...(a as [])) }));
vi.mock('../../lib/translation.ts', () => ({
  useTranslation: () => ({ t: (k: string, o?: Record<string, unknown>) => (o ? `${k} ${JSON.stringify(o)}` : k) }),
}));
vi.mock('antd-mobile', async (orig) => ({
  ...(await orig<typeof import('antd-mobile')>()),
  Dialog: { confirm: (...a: unknown[]) => confirm(...a) },
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const { PayPanel } = await import('./pay-panel.tsx');

const bill = {
  id: 7,
  kind: 'pack',
  ref_id: 3,
  user_id: 1,
  user_account: '',
  status: 'unpaid',
  expired: false,
  amount: { amount_minor: 10000, currency: 'RMB' },
  amount_sgd: { amount_minor: 2000, currency: 'SGD' },
  lines: [],
  description: 'Sea freight',
  pay_before: null,
  group_id: null,
  paid_at: null,
  paid_by_user_id: null,
  created_at: '2026-01-01T00:00:00Z',
};
const coupon = {
  id: 11,
  batch_id: 1,
  kind: 'discount',
  name: 'S$5 off',
  discount_type: 'amount',
  amount: { amount_minor: 500, currency: 'SGD' },
  percent_off: 0,
  max_discount: null,
  min_volume: '0',
  min_amount: { amount_minor: 0, currency: 'SGD' },
  applies_to: ['pack'],
  status: 'unused',
  expires_at: '2026-12-01T00:00:00Z',
  used_at: null,
  created_at: '2026-01-01T00:00:00Z',
  usable: true,
  discount: { amount_minor: 500, currency: 'SGD' },
  reason_code: null,
  reason: '',
  claimable: false,
};
const offer = {
  batch_id: 4,
  kind: 'freight',
  name: 'S$8 freight',
  discount_type: 'amount',
  amount: { amount_minor: 800, currency: 'SGD' },
  percent_off: 0,
  max_discount: null,
  min_volume: '0.000',
  min_amount: { amount_minor: 0, currency: 'SGD' },
  applies_to: ['pack'],
  claimable: true,
  usable: true,
  discount: { amount_minor: 800, currency: 'SGD' },
  reason_code: null,
  reason: '',
};
const info = (balance: number) => ({
  bills: [bill],
  exchange_rate: '5.0000',
  total: { amount_minor: 2000, currency: 'SGD' },
  balance: { amount_minor: balance, currency: 'SGD' },
  coupons: [coupon],
  claimable_coupons: [] as unknown[],
  shortfall: { amount_minor: Math.max(0, 2000 - balance), currency: 'SGD' },
});
const paid = {
  payment_id: 99,
  bill_ids: [7],
  total: { amount_minor: 2000, currency: 'SGD' },
  discount: { amount_minor: 500, currency: 'SGD' },
  charged: { amount_minor: 1500, currency: 'SGD' },
  coupon_id: 11,
  exchange_rate: '5.0000',
  balance_after: { amount_minor: 500, currency: 'SGD' },
  paid_at: '',
  replayed: false,
};

let root: Root;
let host: HTMLDivElement;
const flush = () =>
  act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
async function render(el: React.ReactElement) {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () =>
    root.render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{el}</QueryClientProvider>,
    ),
  );
  await flush();
  await flush();
}
const payButton = () => host.querySelector<HTMLButtonElement>('[data-testid="pay-submit"]')!;
const click = async () => {
  await act(async () => payButton().click());
  await flush();
};
const payCalls = () => call.mock.calls.filter(([def]) => (def as { path: string }).path.endsWith('orderPackPay'));

describe('PayPanel', () => {
  beforeEach(() => {
    sessionStorage.clear();
    [call, navigateTo, redirectTo, confirm, alertFn].forEach((f) => f.mockReset());
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });

  it('pays with the best coupon, sends the same idempotency key again on retry, then opens payDone', async () => {
    call.mockImplementation(async (def: { path: string }) =>
      def.path.endsWith('getPayInfo') ? info(10000) : Promise.reject(new ApiError(-1, 'No response from the server!')),
    );
    await render(<PayPanel billIds={[7]} />);
    expect(host.textContent).toContain('S$20.00'); // the RMB bill converted
    expect(payButton().textContent).toContain('S$15.00'); // best coupon applied
    await click();
    expect(alertFn).toHaveBeenCalledTimes(1);
    expect(payButton().textContent).toContain('wallet.pay.retry');
    call.mockImplementation(async (def: { path: string }) => (def.path.endsWith('getPayInfo') ? info(10000) : paid));
    await click();
    const [first, second] = payCalls().map(([, input]) => input as { bill_id: number; coupon_id: number; idempotency_key: string });
    expect(first).toMatchObject({ bill_id: 7, coupon_id: 11 });
    expect(second.idempotency_key).toBe(first.idempotency_key);
    expect(first.idempotency_key).toMatch(/^[A-Za-z0-9_.:-]{8,64}$/);
    expect(redirectTo).toHaveBeenCalledWith('pages/sub/payDone', { kind: 'payment', id: 99, amount: 1500 });
    // The next payment of these bills is a new attempt.
    expect(sessionStorage.length).toBe(0);
  });

  it('insufficient balance: goes straight to a top-up of exactly the shortfall (no second dialog), and back here after', async () => {
    call.mockImplementation(async (def: { path: string }) =>
      def.path.endsWith('getPayInfo')
        ? info(1500)
        : Promise.reject(new ApiError(Code.INSUFFICIENT_BALANCE, 'short', { shortfall: { amount_minor: 250, currency: 'SGD' } })),
    );
    await render(<PayPanel billIds={[7]} returnTo="pages/sub/cartOrderDetail?id=4" />);
    // Balance 15.00 covers 20.00 - 5.00 coupon: the pay call is made, and the server says 2.50 is missing.
    await click();
    expect(payCalls()).toHaveLength(1);
    expect(confirm).not.toHaveBeenCalled();
    expect(navigateTo).toHaveBeenCalledWith('pages/sub/recharge', { amount: '2.50', back: 'pages/sub/cartOrderDetail?id=4' });
  });

  it('a short balance is never offered as "pay": the one button tops up the missing amount', async () => {
    call.mockImplementation(async () => info(1000));
    await render(<PayPanel billIds={[7]} returnTo="pages/sub/cartOrderDetail?id=4" />);
    // 20.00 - 5.00 coupon = 15.00 due, 10.00 in the balance.
    expect(payButton().textContent).toContain('wallet.pay.topUpAmount');
    expect(payButton().textContent).not.toContain('wallet.pay.payAmount');
    await click();
    expect(payCalls()).toHaveLength(0);
    expect(confirm).not.toHaveBeenCalled();
    expect(navigateTo).toHaveBeenCalledWith('pages/sub/recharge', { amount: '5.00', back: 'pages/sub/cartOrderDetail?id=4' });
  });

  it('offers a better coupon not claimed yet: one tap claims it, picks it and the amount updates', async () => {
    let claimed = false;
    call.mockImplementation(async (def: { path: string }, input: unknown) => {
      if (def.path.endsWith('claimeActivityCoupon')) {
        expect(input).toEqual({ batch_id: 4 });
        claimed = true;
        return { ...coupon, id: 12, batch_id: 4, name: 'S$8 freight', claimable: undefined };
      }
      if (def.path.endsWith('getPayInfo'))
        return claimed
          ? { ...info(10000), coupons: [coupon, { ...coupon, id: 12, name: 'S$8 freight', discount: offer.discount }] }
          : { ...info(10000), claimable_coupons: [offer] };
      return paid;
    });
    await render(<PayPanel billIds={[7]} />);
    expect(payButton().textContent).toContain('S$15.00'); // the S$5 coupon held
    const offerButton = host.querySelector<HTMLButtonElement>('[data-testid="pay-claim-coupon"]')!;
    expect(offerButton.textContent).toContain('wallet.pay.claimAndUse {"amount":"S$8.00"}');
    await act(async () => offerButton.click());
    await flush();
    await flush();
    expect(payButton().textContent).toContain('S$12.00');
    expect(host.querySelector('[data-testid="pay-claim-coupon"]')).toBeNull();
    await click();
    expect(payCalls()[0][1]).toMatchObject({ bill_id: 7, coupon_id: 12 });
  });

  it('says in one line why the coupons held do not apply', async () => {
    call.mockImplementation(async () => ({
      ...info(10000),
      coupons: [
        {
          ...coupon,
          usable: false,
          discount: { amount_minor: 0, currency: 'SGD' },
          reason_code: 'below_min_amount',
          reason: 'needs at least S$50.00',
        },
      ],
    }));
    await render(<PayPanel billIds={[7]} />);
    expect(host.querySelector('[data-testid="pay-coupon-hint"]')!.textContent).toBe(
      'wallet.pay.noneApply {"reason":"needs at least S$50.00"}',
    );
    expect(payButton().textContent).toContain('S$20.00');
    expect(host.querySelector('[data-testid="pay-claim-coupon"]')).toBeNull();
  });

  it('a bill past its time cannot be paid', async () => {
    call.mockImplementation(async () => ({ ...info(10000), bills: [{ ...bill, expired: true }] }));
    await render(<PayPanel kind="pack" refId={3} />);
    expect(payButton().disabled).toBe(true);
    expect(host.textContent).toContain('wallet.pay.expired');
    expect(call.mock.calls[0][1]).toEqual({ kind: 'pack', ref_id: 3 });
  });
});
