import { expect, type Browser, type Locator, type Page, type Request } from '@playwright/test';

export const ADMIN = { account: 'admin', password: 'e2e-admin-pass' };

/** Sets the app language before any script runs (stored like the app stores it). */
export async function useLanguage(page: Page, lang: 'en' | 'zh_CN') {
  await page.addInitScript((l) => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', JSON.stringify({ content: l, expire: 0 }));
  }, lang);
}

export const randomPhone = () => `8${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
export const randomId = (prefix = 'u') => `${prefix}${Math.random().toString(36).slice(2, 9)}`;

/**
 * The envelope the server sent to the POST to `urlEnd` that `act` makes in the page. When there is no answer,
 * this fails at once and says why (the browser sent no request, or the request failed in the network, with the
 * browser's reason) rather than as a wait for a response until the test times out.
 */
export async function answerTo(page: Page, urlEnd: string, act: () => Promise<void>) {
  const mine = (r: Request) => r.method() === 'POST' && new URL(r.url()).pathname.endsWith(urlEnd);
  const answered = page.waitForResponse((r) => mine(r.request()), { timeout: 0 });
  answered.catch(() => undefined);
  const sent = page.waitForRequest(mine, { timeout: 20_000 }).then(
    () => null,
    () => 'the action sent no request within 20 s',
  );
  const failed = page.waitForEvent('requestfailed', { predicate: mine, timeout: 0 }).then(
    (r) => `the request failed: ${r.failure()?.errorText ?? 'no reason given'}`,
    () => 'the page closed',
  );
  await act();
  const never = new Promise<never>(() => undefined);
  const first = await Promise.race([
    answered.then((response) => ({ response })),
    failed.then((reason) => ({ reason })),
    sent.then((reason) => (reason ? { reason } : never)),
  ]);
  if ('reason' in first) throw new Error(`${urlEnd}: no answer (${first.reason})`);
  return (await first.response.json()) as { code: number; msg: string; data: unknown };
}

/** The staff console on a laptop-sized screen in its own context, logged in as the administrator. */
export async function adminConsole(browser: Browser) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  await page.goto('/console/#/login');
  await page.getByLabel('Account').fill(ADMIN.account);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('staff-name')).toBeVisible();
  return page;
}

/** Reads the newest code sent to `to` from the staff console's outbox, as staff would. */
export async function codeFromOutbox(browser: Browser, to: string): Promise<string> {
  const page = await adminConsole(browser);
  await page.goto('/console/#/outbox');
  await page.getByPlaceholder('Recipient').fill(to);
  await page.getByPlaceholder('Recipient').press('Enter');
  // Codes are masked; the administrator reveals the newest message (the server audits the reveal).
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText(to);
  await page.getByTestId('outbox-reveal').first().click();
  const body = page.getByTestId('outbox-body').first();
  await expect(body).toContainText(/\d{6}/);
  const code = (await body.textContent())!.match(/\b(\d{6})\b/)![1];
  await page.context().close();
  return code;
}

export async function loginWithPassword(page: Page, account: string, password: string) {
  await page.goto('/#/pages/sub/info-edit?isLogin=1');
  await page.getByPlaceholder('ID, phone or e-mail').fill(account);
  await page.getByPlaceholder('Your password').fill(password);
  await page.getByTestId('login-submit').click();
}

/**
 * Opens an antd Select, picks the option with this text and waits until the select shows it as chosen; a miss is
 * tried again. Two misses were seen. A click that lands while the drawer holding the select is still taking focus
 * opens nothing (the select focused, its list closed). And Playwright scrolls an option into view before pressing
 * it: the list lives in the page, not in the drawer, so a scroll just before the press makes the list realign
 * between press and release, the release lands on the drawer, and nothing is chosen (logged in the browser: the
 * press on the option, the release on a stage title). A person's mouse does not scroll the page behind a drawer.
 */
export async function pickOption(page: Page, select: Locator, text: string) {
  const option = page.locator('.ant-select-item-option', { hasText: text });
  const chosen = select.locator('.ant-select-selection-item', { hasText: text });
  await expect(async () => {
    if (await chosen.count()) return;
    if (!(await option.isVisible())) await select.click();
    await expect(option).toBeVisible({ timeout: 3_000 });
    await option.click();
    await expect(chosen).toHaveCount(1, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}
