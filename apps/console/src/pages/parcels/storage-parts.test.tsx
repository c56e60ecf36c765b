import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const call = vi.fn();
let role = 'warehouse';
vi.mock('../../api.ts', () => ({ call: (...a: unknown[]) => call(...a), staffToken: { get: () => 't' } }));
vi.mock('../../staff.ts', () => ({
  useCan: () => (def: { roles?: readonly string[] }) => role === 'admin' || !!def.roles?.includes(role),
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const { DisposeButton, StorageText } = await import('./storage-parts.tsx');
const { setConsoleLang } = await import('../../i18n.ts');

let root: Root;
const q = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
beforeEach(() => {
  setConsoleLang('en');
  const host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(async () => {
  await act(async () => root.unmount());
  document.body.innerHTML = '';
  role = 'warehouse';
});

const storage = (disposable_from: string, fee = 0) => ({
  free_until: '2026-12-29',
  fee_so_far: { amount_minor: fee, currency: 'SGD' as const },
  disposable_from,
});

describe('storage on the console parcel drawer', () => {
  it('shows free until, the fee so far and the disposal date', async () => {
    await act(async () => root.render(<StorageText storage={storage('2027-02-28', 220)} />));
    expect(q('parcel-storage')?.textContent).toContain('free until 2026-12-29');
    expect(q('parcel-storage')?.textContent).toContain('so far S$2.20');
    expect(q('parcel-storage')?.textContent).toContain('from 2027-02-28');
  });

  it('offers disposal to the warehouse only past the disposal date', async () => {
    await act(async () => root.render(<DisposeButton id={1} storage={storage('2000-01-01')} onDone={() => undefined} />));
    expect(q('dispose-parcel')).not.toBeNull();
    await act(async () => root.render(<DisposeButton id={1} storage={storage('2999-01-01')} onDone={() => undefined} />));
    expect(q('dispose-parcel')).toBeNull();
    role = 'finance';
    await act(async () => root.render(<DisposeButton id={2} storage={storage('2000-01-01')} onDone={() => undefined} />));
    expect(q('dispose-parcel')).toBeNull();
  });
});
