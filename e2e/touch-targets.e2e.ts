import { expect, test, type Page } from '@playwright/test';
import { contract } from '@pinyou/contract';
import { paths } from '../apps/web/src/lib/paths.ts';
import { apiClient } from './parcels-api.ts';
import { useLanguage } from './support.ts';

/**
 * Issue 34 item 9: on every route of the app (the paths map), logged in, in both languages at 390 px, every
 * visible thing a finger can tap has a hit area of at least 44×44 CSS px, and no two inputs share an id.
 *
 * The hit area of an element is its box, or the box of the nearest tappable ancestor (a link around an
 * icon, a list row around its arrow): tapping anywhere in that box does the same thing.
 */

const MIN = 44;

interface Small {
  what: string;
  w: number;
  h: number;
}

/** Visible tappable elements under 44×44 (with their tappable ancestors' box), and duplicate input ids. */
function audit(page: Page) {
  return page.evaluate((min) => {
    const tappable =
      'button, a[href], [role=button], [role=tab], [role=link], [role=checkbox], [role=radio], [role=switch], input:not([type=hidden]), select, textarea, summary, [onclick]';
    const small: { what: string; w: number; h: number }[] = [];
    const visible = (e: Element) => {
      const r = e.getBoundingClientRect();
      if (r.width < 1 || r.height < 1) return false;
      const s = getComputedStyle(e);
      if (s.visibility === 'hidden' || s.display === 'none' || Number(s.opacity) === 0) return false;
      // Only what is on screen or reachable by scrolling the page, not under a closed drawer.
      return !e.closest('[aria-hidden=true], .adm-popup-body-hidden, [inert]');
    };
    for (const e of document.querySelectorAll(tappable)) {
      if (!visible(e) || (e as HTMLButtonElement).disabled) continue;
      // The hit area: the largest box among the element and its tappable ancestors, and the label that
      // wraps a checkbox or radio.
      let w = 0;
      let h = 0;
      // Layout size (offsetWidth/Height), not the drawn one: a dialog still zooming in is drawn smaller.
      const size = (x: Element) => {
        const r = x.getBoundingClientRect();
        return x instanceof HTMLElement ? { width: x.offsetWidth || r.width, height: x.offsetHeight || r.height } : r;
      };
      for (
        let p: Element | null = e;
        p;
        p = p.parentElement?.closest(`${tappable}, label, .adm-list-item, .adm-checkbox, .adm-radio`) ?? null
      ) {
        const r = size(p);
        w = Math.max(w, r.width);
        h = Math.max(h, r.height);
      }
      // Inputs inside a taller field row: the row focuses them.
      const field = e.closest('.adm-list-item, .adm-form-item, .adm-input, .adm-text-area, .adm-search-bar');
      if (field && (e.tagName === 'INPUT' || e.tagName === 'TEXTAREA')) {
        const r = size(field);
        w = Math.max(w, r.width);
        h = Math.max(h, r.height);
      }
      if (w + 0.5 < min || h + 0.5 < min) {
        const label = (e.getAttribute('aria-label') ?? e.textContent ?? e.getAttribute('placeholder') ?? '').trim().slice(0, 30);
        const id = e.getAttribute('data-testid') ?? [...e.classList].slice(0, 2).join('.');
        small.push({ what: `${e.tagName.toLowerCase()}${id ? `[${id}]` : ''} "${label}"`, w: Math.round(w), h: Math.round(h) });
      }
    }
    const ids = [...document.querySelectorAll('input[id], textarea[id], select[id]')].map((e) => e.id);
    const dupes = [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
    return { small, dupes };
  }, MIN);
}

const routes = Object.values(paths);

for (const lang of ['en', 'zh_CN'] as const) {
  test(`${lang}: every route: tappable things are at least 44×44 px, input ids are unique`, async ({ page, baseURL }) => {
    test.setTimeout(600_000);
    const api = apiClient(baseURL!);
    const login = await api.call(contract.account.appletLogin, { code: `sandbox:touch-${lang}-${Date.now()}` });
    await useLanguage(page, lang);
    await page.addInitScript((tk) => {
      if (!localStorage.getItem('TOKEN')) localStorage.setItem('TOKEN', JSON.stringify({ content: tk, expire: 0 }));
    }, login.token);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
    const found: string[] = [];
    for (const route of routes) {
      await page.goto(`/#/${route}`);
      await page.waitForLoadState('networkidle').catch(() => undefined);
      await page.waitForTimeout(300);
      const { small, dupes } = await audit(page);
      for (const s of small as Small[]) found.push(`${route}: ${s.what} ${s.w}×${s.h}`);
      for (const d of dupes) found.push(`${route}: two inputs with id "${d}"`);
    }
    expect(found, found.join('\n')).toEqual([]);
    expect(errors).toEqual([]);
  });
}
