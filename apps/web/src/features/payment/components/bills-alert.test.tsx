import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

const call = vi.fn();
vi.mock('../../../lib/api.ts', () => ({ api: { call: (...a: unknown[]) => call(...a) } }));
vi.mock('../../../lib/nav.ts', () => ({ nav: { navigateTo: vi.fn() } }));
vi.mock('../../../lib/translation.ts', () => ({
  useTranslation: () => ({ t: (k: string, o?: Record<string, unknown>) => (o ? `${k} ${JSON.stringify(o)}` : k) }),
}));
vi.mock('../../../lib/dates.ts', () => ({ formatDateTime: (iso: string) => `at ${iso}` }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const { default: BillsAlert } = await import('./bills-alert.tsx');

let root: Root | null = null;
let host: HTMLDivElement | null = null;
afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  call.mockReset();
});

async function show(answer: { unpaid_count: number; list: Array<{ pay_before: string | null }> }) {
  call.mockResolvedValue({ page: 1, page_size: 1, total: answer.unpaid_count, ...answer });
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    root!.render(
      <QueryClientProvider client={qc}>
        <BillsAlert />
      </QueryClientProvider>,
    );
  });
  await act(async () => new Promise((r) => setTimeout(r, 0)));
  return host.querySelector('[data-testid="alert-unpaid"]')?.textContent ?? null;
}

describe('home alert of bills to pay', () => {
  it('says a deadline only when the first bill due has one, as the bill itself does', async () => {
    expect(await show({ unpaid_count: 2, list: [{ pay_before: '2026-12-01T10:00:00Z' }] })).toBe(
      'home.billsAlertDue {"count":2,"when":"at 2026-12-01T10:00:00Z"}',
    );
  });

  it('says no deadline when the bills have none', async () => {
    expect(await show({ unpaid_count: 1, list: [{ pay_before: null }] })).toBe('home.billsAlert {"count":1}');
  });

  it('is not there with nothing to pay', async () => {
    expect(await show({ unpaid_count: 0, list: [] })).toBeNull();
  });
});
