import fs from 'node:fs';
import path from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import { codeFromOutbox, randomId, randomPhone } from './support.ts';

/**
 * Shared steps of the customer journeys (issue 34): a phone in one language with nothing stored, the strings
 * the app shows read from its own locale files, a screenshot of every step, and the 320 px check.
 */
export type Lang = 'en' | 'zh_CN';

const locales = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../apps/web/src/locales');
const cache = new Map<string, Record<string, unknown>>();

/** The app's own text for `key` (e.g. 'account.register') in `lang`, so one test reads both languages. */
export function text(lang: Lang, key: string, vars: Record<string, string | number> = {}): string {
  const ns = key.split('.')[0];
  const dir = fs.existsSync(path.join(locales, ns)) ? ns : 'core';
  const file = path.join(locales, dir, `${lang}.json`);
  if (!cache.has(file)) cache.set(file, JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>);
  let v: unknown = cache.get(file);
  for (const k of key.split('.')) v = (v as Record<string, unknown> | undefined)?.[k];
  if (typeof v !== 'string') throw new Error(`no ${lang} text for ${key}`);
  return v.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => String(vars[k] ?? ''));
}

/** A 390 px phone whose browser speaks `lang` (navigator.languages), with nothing stored. */
export async function freshPhone(browser: Browser, lang: Lang) {
  const ctx = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    locale: lang === 'en' ? 'en-SG' : 'zh-CN',
    serviceWorkers: 'block',
    reducedMotion: 'reduce',
  });
  const page = await ctx.newPage();
  // The language is the customer's choice in the app; a first visit stores it as the app does.
  await page.addInitScript((l) => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', JSON.stringify({ content: l, expire: 0 }));
  }, lang);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors };
}

/**
 * A step's screenshot at 390 px, then the same screen at 320 px: nothing may stick out sideways.
 * Screenshots go to /tmp/journey-b/<journey>-<lang>-<nn>-<step>.png.
 */
export function stepper(journey: string, lang: Lang) {
  const dir = process.env.JOURNEY_SHOTS_DIR ?? '/tmp/journey-b';
  fs.mkdirSync(dir, { recursive: true });
  let n = 0;
  return async function step(page: Page, name: string) {
    n += 1;
    const base = path.join(dir, `${journey}-${lang}-${String(n).padStart(2, '0')}-${name}`);
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${base}.png` });
    await page.setViewportSize({ width: 320, height: 700 });
    await page.waitForTimeout(150);
    const over = await page.evaluate(() => {
      const w = document.documentElement.clientWidth;
      const wide = [...document.querySelectorAll<HTMLElement>('body *')]
        .filter((e) => {
          const r = e.getBoundingClientRect();
          if (!r.width || !r.height) return false;
          const s = getComputedStyle(e);
          if (s.visibility === 'hidden' || s.position === 'fixed') return false;
          // Inside a sideways scroller (tabs, chips) is fine: that is its job.
          for (let p = e.parentElement; p; p = p.parentElement) {
            const o = getComputedStyle(p).overflowX;
            if (o === 'auto' || o === 'scroll' || o === 'hidden') return false;
          }
          return r.right > w + 1;
        })
        .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}`)
        .slice(0, 5);
      return { scroll: document.documentElement.scrollWidth - w, wide };
    });
    await page.screenshot({ path: `${base}-320.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(over.scroll, `${name} at 320 px scrolls sideways (${over.wide.join(', ')})`).toBeLessThanOrEqual(1);
  };
}

/** Registers a new customer by phone from the home screen, reading the code from the console's outbox. */
export async function registerFromHome(page: Page, browser: Browser, lang: Lang) {
  const id = randomId('j');
  const phone = randomPhone();
  await page.locator('.adm-tab-bar-item').nth(2).click();
  await page.getByTestId('user-card').click();
  await page.getByRole('tab', { name: text(lang, 'account.register') }).click();
  const form = page.locator('form').filter({ has: page.getByTestId('register-submit') });
  await form.getByPlaceholder(text(lang, 'account.idPh')).fill(id);
  await form.locator('input[type=tel]').first().fill(phone);
  await form.getByTestId('send-code').click();
  const code = await codeFromOutbox(browser, phone);
  await form.locator('input[placeholder="123456"]').fill(code);
  await form.locator('input[type=password]').first().fill('secret123');
  await form.locator('input[type=password]').last().fill('secret123');
  await form.getByTestId('register-consent').click();
  await form.getByTestId('register-submit').click();
  // Registered and logged in: back where the customer came from (the personal centre).
  await expect(page).not.toHaveURL(/info-edit/, { timeout: 20_000 });
  await expect(page.getByTestId('user-card')).toContainText(id);
  return { id, phone, password: 'secret123' };
}
