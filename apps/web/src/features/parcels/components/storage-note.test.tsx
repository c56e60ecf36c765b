import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/translation.ts';
import en from '../../../locales/parcels/en.json';
import zh from '../../../locales/parcels/zh_CN.json';
import { StorageNote } from './storage-note.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
i18n.addResourceBundle('en', en);
i18n.addResourceBundle('zh_CN', zh);

let root: Root;
let el: HTMLDivElement;
beforeEach(() => {
  el = document.createElement('div');
  document.body.appendChild(el);
  root = createRoot(el);
});
afterEach(() => {
  act(() => root.unmount());
  el.remove();
});

const storage = (fee: number) => ({
  free_until: '2026-12-29',
  fee_so_far: { amount_minor: fee, currency: 'SGD' as const },
  disposable_from: '2027-02-28',
});
const show = (s: Parameters<typeof StorageNote>[0]['storage']) => act(() => root.render(<StorageNote storage={s} />));
const text = (id: string) => el.querySelector(`[data-testid="${id}"]`)?.textContent ?? null;

describe('the storage note on a parcel', () => {
  it('shows the last free day, and the fee once charging (English)', () => {
    act(() => i18n.changeLanguage('en'));
    show(storage(0));
    expect(text('storage-free-until')).toBe('Free storage until 29 Dec');
    expect(text('storage-fee')).toBeNull();
    expect(text('storage-disposal')).toBeNull();
    show(storage(220));
    expect(text('storage-fee')).toContain('Storage so far S$2.20');
    expect(text('storage-disposal')).toBe('Pack or collect it before 28 Feb 2027: from then it may be disposed of');
  });

  it('in Chinese', () => {
    act(() => i18n.changeLanguage('zh_CN'));
    show(storage(220));
    expect(text('storage-free-until')).toBe('免费仓储至 12月29日');
    expect(text('storage-fee')).toContain('已产生仓储费 S$2.20');
    expect(text('storage-disposal')).toBe('请在2027年2月28日前打包或取回，逾期仓库可能处理该包裹');
  });

  it('shows nothing for a parcel not on a shelf', () => {
    show(null);
    expect(el.querySelector('[data-testid="parcel-storage"]')).toBeNull();
  });
});
