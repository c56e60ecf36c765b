import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const call = vi.fn();
vi.mock('../../api.ts', () => ({ call: (...a: unknown[]) => call(...a), staffToken: { get: () => 't' } }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const { ManifestButtons } = await import('./manifest-buttons.tsx');
const { setConsoleLang } = await import('../../i18n.ts');

let root: Root;
const q = (sel: string) => document.querySelector<HTMLElement>(sel);
beforeEach(() => {
  setConsoleLang('en');
  const host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(async () => {
  await act(async () => root.unmount());
  document.body.innerHTML = '';
  call.mockReset();
});

describe("the batch's manifest buttons", () => {
  it('asks for the link of the chosen format and downloads the file it names', async () => {
    const clicked: Array<{ href: string; download: string }> = [];
    const spy = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href')!, download: this.download });
    });
    call.mockImplementation(async (def: { path: string }, input: { batch_id: number; format: string }) => ({
      batch_no: 'S2611300001',
      file_name: `manifest-S2611300001.${input.format}`,
      url: `/api/files/manifest/${input.batch_id}.${input.format}?s=1&exp=1&sig=ab`,
      expires_at: '',
    }));
    await act(async () => root.render(<ManifestButtons batchId={7} />));
    expect(q('[data-testid="batch-manifest"]')!.textContent).toContain("Broker's customs manifest");
    await act(async () => q('[data-testid="manifest-csv"]')!.click());
    await act(async () => q('[data-testid="manifest-xlsx"]')!.click());
    expect(call.mock.calls.map((c) => [(c[0] as { path: string }).path, c[1]])).toEqual([
      ['/api/admin/parcels/batchManifest', { batch_id: 7, format: 'csv' }],
      ['/api/admin/parcels/batchManifest', { batch_id: 7, format: 'xlsx' }],
    ]);
    expect(clicked).toEqual([
      { href: '/api/files/manifest/7.csv?s=1&exp=1&sig=ab', download: 'manifest-S2611300001.csv' },
      { href: '/api/files/manifest/7.xlsx?s=1&exp=1&sig=ab', download: 'manifest-S2611300001.xlsx' },
    ]);
    spy.mockRestore();
  });

  it('speaks Chinese too', async () => {
    setConsoleLang('zh_CN');
    await act(async () => root.render(<ManifestButtons batchId={7} />));
    expect(q('[data-testid="batch-manifest"]')!.textContent).toContain('报关行申报清单');
  });
});
