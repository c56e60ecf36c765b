import { expect, test, type Page } from '@playwright/test';
import { Code, contract } from '@pinyou/contract';
import { ADMIN } from './support.ts';
import { apiClient } from './parcels-api.ts';

/**
 * Issue 34 item 12: the console on a 1280×800 laptop. Every list page, opened through the grouped menu, keeps its
 * action buttons in view without sideways scrolling, shows words rather than codes, writes nothing to the
 * audit log, and a role sees no refusal for a part of a page it may not use.
 */
test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

type Lang = 'en' | 'zh_CN';
type Api = ReturnType<typeof apiClient>;

async function consoleLogin(page: Page, lang: Lang, account: string, password: string) {
  await page.addInitScript((l) => localStorage.setItem('pinyou-console-lang', l), lang);
  await page.goto('/console/#/login');
  const zh = lang === 'zh_CN';
  await page.getByLabel(zh ? '账号' : 'Account').fill(account);
  await page.getByLabel(zh ? '密码' : 'Password').fill(password);
  await page.getByRole('button', { name: zh ? /^登\s*录$/ : 'Log in' }).click();
  await expect(page.getByTestId('staff-name')).toBeVisible();
}

/** Every refused call the page makes (code and path), collected while the test walks the menu. */
function watchRefusals(page: Page) {
  const refused: string[] = [];
  page.on('response', async (r) => {
    if (!new URL(r.url()).pathname.startsWith('/api/')) return;
    const body = (await r.json().catch(() => null)) as { code?: number } | null;
    if (body?.code === Code.FORBIDDEN) refused.push(new URL(r.url()).pathname);
  });
  return refused;
}

/** Opens every closed section of the menu, then answers the labels of its pages in menu order. */
async function menuPages(page: Page) {
  const menu = page.getByTestId('console-menu');
  const closed = menu.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
  // The current page's section opens itself just after the first paint: wait for it, and never wait on a
  // section that opened between the count and the click.
  await expect(menu.locator('.ant-menu-item-selected')).toBeVisible();
  while ((await closed.count()) > 0) {
    await closed
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  }
  return menu.locator('.ant-menu-item').allTextContents();
}

/** What a screen shows that breaks the rules: codes instead of words, action buttons out of view, sideways scroll. */
async function layoutProblems(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const vw = window.innerWidth;
    if (document.documentElement.scrollWidth > vw) problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth}px)`);
    for (const cell of document.querySelectorAll<HTMLElement>('.ant-table-tbody td.console-actions')) {
      const container = cell.closest('.ant-table-container')?.getBoundingClientRect();
      for (const b of cell.querySelectorAll<HTMLElement>('button, a')) {
        const r = b.getBoundingClientRect();
        if (r.width === 0) continue;
        if (r.right > vw || r.left < 0 || (container && (r.right > container.right + 1 || r.left < container.left - 1)))
          problems.push(`action "${b.textContent}" is out of view (${Math.round(r.left)}–${Math.round(r.right)})`);
      }
    }
    const content = document.querySelector('.ant-layout-content');
    if (content) {
      // Call names and identifiers set in code type (the audit log's calls) are meant as codes.
      const copy = content.cloneNode(true) as HTMLElement;
      for (const c of copy.querySelectorAll('code, pre, input, textarea')) c.remove();
      document.body.appendChild(copy);
      const text = copy.innerText;
      copy.remove();
      for (const m of text.match(/\b[a-z]+(?:_[a-z0-9]+)+\b/g) ?? []) problems.push(`a code is shown: ${m}`);
      for (const m of text.match(/\b(?:GROUP|SEA|AIR)\b/g) ?? []) problems.push(`a shipping mode code is shown: ${m}`);
    }
    return problems;
  });
}

async function auditTotal(api: Api, token: string) {
  return (await api.call(contract.admin.auditList, { page: 1, page_size: 1 }, token)).total;
}

for (const lang of ['en', 'zh_CN'] as const) {
  test(`admin at 1280×800 (${lang}): every list page keeps its actions in view, shows words, and writes no audit entry`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const api = apiClient(baseURL!);
    // A top-up waiting for review, so Top-up review has its Confirm / Reject buttons.
    const customer = (await api.call(contract.account.login, { account: 'demo', password: 'demo1234' })).token;
    await api.call(contract.wallet.createRechargeOrder, { amount: '25', method: 'paynow' }, customer);
    const staff = (await api.call(contract.admin.adminLogin, { account: ADMIN.account, password: ADMIN.password })).token;

    const refused = watchRefusals(page);
    await consoleLogin(page, lang, ADMIN.account, ADMIN.password);
    const before = await auditTotal(api, staff);
    const labels = await menuPages(page);
    expect(labels.length).toBeGreaterThan(25);
    const problems: string[] = [];
    for (const label of labels) {
      await page.getByTestId('console-menu').locator('.ant-menu-item', { hasText: label }).first().click();
      await expect(page.locator('.ant-layout-content .ant-card, .ant-layout-content .ant-result').first()).toBeVisible();
      // The page's code has loaded (no skeleton) and its lists have answered (no spinner).
      await expect(page.locator('.ant-layout-content .ant-skeleton')).toHaveCount(0);
      await expect(page.locator('.ant-layout-content .ant-skeleton')).toHaveCount(0);
      await expect(page.locator('.ant-layout-content .ant-spin-spinning')).toHaveCount(0);
      for (const p of await layoutProblems(page)) problems.push(`${label}: ${p}`);
      const hash = await page.evaluate(() => location.hash.replace(/[#/]+/g, '_'));
      await page.screenshot({ path: `/tmp/console-layout/${lang}${hash}.png` });
    }
    expect(problems).toEqual([]);
    expect(refused).toEqual([]);

    // Top-up review: the pending top-up's Confirm and Reject are on screen without scrolling sideways.
    await page
      .getByTestId('console-menu')
      .locator('.ant-menu-item', { hasText: lang === 'en' ? 'Top-up review' : '充值审核' })
      .click();
    const approve = page.locator('[data-testid^="approve-"]').first();
    const reject = page.locator('[data-testid^="reject-"]').first();
    await expect(approve).toBeInViewport({ ratio: 1 });
    await expect(reject).toBeInViewport({ ratio: 1 });

    // Opening pages is reading: the audit log holds what it held before.
    expect(await auditTotal(api, staff)).toBe(before);
  });
}

test('a lower role sees only what it may use: no refusal on any of its pages', async ({ page }) => {
  test.setTimeout(180_000);
  const refused = watchRefusals(page);
  await consoleLogin(page, 'en', 'warehouse', 'warehouse123');
  const labels = await menuPages(page);
  expect(labels).toContain('Group batches');
  expect(labels).not.toContain('Top-up review');
  for (const label of labels) {
    await page.getByTestId('console-menu').locator('.ant-menu-item', { hasText: label }).first().click();
    await expect(page.locator('.ant-layout-content .ant-card, .ant-layout-content .ant-result').first()).toBeVisible();
    await expect(page.locator('.ant-layout-content .ant-skeleton')).toHaveCount(0);
    await expect(page.locator('.ant-layout-content .ant-spin-spinning')).toHaveCount(0);
    await expect(page.getByText('You do not have access to this record')).toHaveCount(0);
    await page.screenshot({ path: `/tmp/console-layout/warehouse-${label.replace(/\W+/g, '_')}.png` });
  }
  // Group batches is shared with the leader desk; the reward rate (leader desk and finance) is not shown here.
  await page.getByTestId('console-menu').locator('.ant-menu-item', { hasText: 'Group batches' }).click();
  await expect(page.getByText('Reward per cbm')).toHaveCount(0);
  expect(refused).toEqual([]);
  // The staff account reads its own role's words, not a code.
  await expect(page.getByTestId('staff-name')).toContainText('(Warehouse)');
});
