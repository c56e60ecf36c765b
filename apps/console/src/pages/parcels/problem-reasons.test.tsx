import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const call = vi.fn();
vi.mock('../../api.ts', () => ({ call: (...a: unknown[]) => call(...a), staffToken: { get: () => 't' } }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const { ProblemReasonsButton } = await import('./problem-reasons.tsx');
const { setConsoleLang } = await import('../../i18n.ts');

let root: Root;
const q = (sel: string) => document.querySelector<HTMLElement>(sel);
const wait = () => act(async () => new Promise((r) => setTimeout(r, 50)));
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

describe('problem reasons editor', () => {
  it('loads the list, adds a reason and saves the whole list', async () => {
    const list = [{ code: 'damaged', en: 'Damaged', zh_CN: '破损' }];
    call.mockImplementation(async (def: { path: string }, input: { list?: unknown[] }) =>
      def.path.endsWith('problemReasonsSave') ? { list: input.list } : { list },
    );
    await act(async () =>
      root.render(
        <QueryClientProvider client={new QueryClient()}>
          <ProblemReasonsButton />
        </QueryClientProvider>,
      ),
    );
    await act(async () => q('[data-testid="problem-reasons"]')!.click());
    await wait();
    expect((q('[data-testid="problem-reasons-form"] input') as HTMLInputElement).value).toBe('damaged');
    await act(async () => q('[data-testid="problem-reason-add"]')!.click());
    await wait();
    const inputs = [...document.querySelectorAll<HTMLInputElement>('[data-testid="problem-reasons-form"] input')];
    expect(inputs).toHaveLength(6);
    const type = (el: HTMLInputElement, v: string) => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(el, v);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    };
    await act(async () => {
      type(inputs[3], 'needs_invoice');
      type(inputs[4], 'Invoice needed');
      type(inputs[5], '需要发票');
    });
    const ok = [...document.querySelectorAll<HTMLButtonElement>('.ant-modal-footer button')].find((b) => b.textContent === 'OK')!;
    await act(async () => ok.click());
    await wait();
    const saveCall = call.mock.calls.find(([def]) => (def as { path: string }).path.endsWith('problemReasonsSave'));
    expect(saveCall?.[1]).toEqual({
      list: [
        { code: 'damaged', en: 'Damaged', zh_CN: '破损' },
        { code: 'needs_invoice', en: 'Invoice needed', zh_CN: '需要发票' },
      ],
    });
  });
});
