// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LazyPage } from './lazy-page.tsx';
import { setConsoleLang } from '../i18n.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
const q = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const Hello = () => <p data-testid="hello">Hello page</p>;

/** A load the test settles by hand, so the fallback is seen before the page (no timers). */
function deferred() {
  let resolve!: (c: typeof Hello) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<typeof Hello>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

beforeEach(() => {
  setConsoleLang('en');
  const host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(async () => {
  await act(async () => root.unmount());
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('lazy console page', () => {
  it('shows a skeleton until the page code arrives, then the page; a second visit does not load again', async () => {
    const d = deferred();
    const load = vi.fn(() => d.promise);
    await act(async () => root.render(<LazyPage page={{ path: 't/ok', load }} />));
    expect(q('page-loading')).toBeTruthy();
    expect(q('hello')).toBeNull();
    await act(async () => d.resolve(Hello));
    expect(q('hello')?.textContent).toBe('Hello page');
    expect(q('page-loading')).toBeNull();

    await act(async () => root.render(<p />));
    await act(async () => root.render(<LazyPage page={{ path: 't/ok', load }} />));
    expect(q('hello')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('offers a retry when the chunk fails to load, and the retry loads it again', async () => {
    const first = deferred();
    const second = deferred();
    const load = vi.fn().mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    await act(async () => root.render(<LazyPage page={{ path: 't/flaky', load }} />));
    await act(async () => first.reject(new Error('Failed to fetch dynamically imported module')));
    expect(q('page-load-failed')?.textContent).toContain('This page could not be loaded');
    expect(q('hello')).toBeNull();

    await act(async () => q('page-load-retry')!.click());
    expect(load).toHaveBeenCalledTimes(2);
    expect(q('page-loading')).toBeTruthy();
    await act(async () => second.resolve(Hello));
    expect(q('hello')).toBeTruthy();
    expect(q('page-load-failed')).toBeNull();
  });

  it('says so in Chinese when the console is in Chinese', async () => {
    setConsoleLang('zh_CN');
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    await act(async () => root.render(<LazyPage page={{ path: 't/zh', load }} />));
    expect(q('page-load-failed')?.textContent).toContain('页面加载失败');
    expect(q('page-load-retry')?.textContent).toContain('重新加载');
  });
});
