import { expect, test, type Browser, type Page } from '@playwright/test';
import { contract } from '@pinyou/contract';
import { ADMIN, loginWithPassword, useLanguage } from './support.ts';
import { apiClient } from './parcels-api.ts';

// Logins are rate-limited per account, so each account logs in once and later tests reuse its session.
const sessions: Record<string, Record<string, string>> = {};

async function login(page: Page, account: string, password: string) {
  const saved = sessions[account];
  if (saved) {
    await page.addInitScript((e) => {
      for (const [k, v] of Object.entries(e)) if (localStorage.getItem(k) === null) localStorage.setItem(k, v);
    }, saved);
    await page.goto('/#/pages/index/index');
    await expect(page.getByTestId('warehouse')).toBeVisible();
    return;
  }
  await loginWithPassword(page, account, password);
  await expect(page).toHaveURL(/pages\/index\/index/);
  sessions[account] = Object.fromEntries(
    Object.entries(await page.evaluate(() => ({ ...localStorage }))).filter(([k]) => k !== 'language'),
  );
}

const tokenOf = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('TOKEN')!) as { content: string }).content);

async function staffConsole(browser: Browser) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  await page.goto('/console/#/login');
  await page.getByLabel('Account').fill(ADMIN.account);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('staff-name')).toBeVisible();
  return { page, close: () => ctx.close() };
}

test('a visitor reads a notice on the home screen and the article it opens', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto('/#/pages/index/index');
  await expect(page.getByTestId('home-slides').locator('img').first()).toBeVisible();
  const notice = page.getByTestId('home-notices').getByText('Air freight: read the rules before you declare');
  await expect(notice).toBeVisible();
  await notice.click();
  await expect(page).toHaveURL(/pages\/index\/article-detail\?id=\d+/);
  await expect(page.getByTestId('article').getByRole('heading', { name: 'Air freight rules' })).toBeVisible();
  await expect(page.getByTestId('rich-text')).toContainText('Power banks, loose lithium batteries');
  // Other guides are one tap away.
  await page.getByTestId('other-articles').getByText('Returns and the search fee').click();
  await expect(page.getByTestId('rich-text')).toContainText('30 yuan for the first piece');
  // The rules screen shows the same staff-edited article.
  await page.goto('/#/pages/sub/rules');
  await expect(page.getByTestId('air-rules')).toContainText('Chargeable weight');
});

test('the assistant answers about the rules and about my own parcel, in Chinese and in English', async ({ page, baseURL }) => {
  await useLanguage(page, 'en');
  await login(page, 'demo', 'demo1234');
  const tracking = `JD${Date.now().toString().slice(-11)}88`;
  await apiClient(baseURL!).call(
    contract.parcels.createOrder,
    { tracking_no: tracking, goods_name: 'Rice cooker', goods_value: '199' },
    await tokenOf(page),
  );

  await page.goto('/#/pages/sub/aiTalk');
  await expect(page.getByTestId('ai-talk')).toBeVisible();
  await page.getByTestId('chat-clear').click();
  await page.getByRole('button', { name: /OK|Confirm|确定|确认/ }).click();

  const ask = async (q: string) => {
    const before = await page.getByTestId('msg-assistant').count();
    await page.getByTestId('chat-input').fill(q);
    await page.getByTestId('chat-send').click();
    await expect(page.getByTestId('msg-assistant')).toHaveCount(before + 1);
    return page.getByTestId('msg-assistant').nth(before);
  };
  const zhRules = await ask('充电宝可以空运吗？');
  await expect(zhRules).toContainText('充电宝');
  await expect(zhRules.getByTestId('chat-cite')).toContainText('空运规则');
  const enRules = await ask('How much is the return search fee?');
  await expect(enRules).toContainText('30 yuan for the first piece');
  const zhParcel = await ask(`我的包裹 ${tracking} 到哪了？`);
  await expect(zhParcel).toContainText(`${tracking}（Rice cooker）：已申报，未到仓`);
  const enParcel = await ask(`Where is my parcel ${tracking}?`);
  await expect(enParcel).toContainText(`Your parcel ${tracking} (Rice cooker): declared, not yet at the warehouse`);

  // Citations open the article.
  await zhRules.getByTestId('chat-cite').click();
  await expect(page.getByTestId('article')).toBeVisible();
  await page.goBack();
  // History is kept per user.
  await page.reload();
  await expect(page.getByTestId('msg-assistant')).toHaveCount(4);
});

test('hand-over: the customer asks for a person, who answers from the console', async ({ page, browser }) => {
  await useLanguage(page, 'en');
  await login(page, 'demo', 'demo1234');
  await page.goto('/#/pages/sub/aiTalk');
  await page.getByTestId('chat-person').click();
  await expect(page.getByTestId('open-support')).toBeVisible();
  await expect(page.getByTestId('chat-input')).toBeDisabled();
  await page.getByTestId('open-support').click();
  await expect(page.getByTestId('support-status')).toContainText('Waiting for a colleague');
  await expect(page.getByTestId('whatsapp')).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+$/);
  await page.getByTestId('support-input').fill('My parcel label is wrong, can you help?');
  await page.getByTestId('support-send').click();
  await expect(page.getByTestId('support-customer').last()).toContainText('label is wrong');

  const staff = await staffConsole(browser);
  await staff.page.goto('/console/#/support');
  await staff.page
    .getByRole('cell', { name: /Demo Customer/ })
    .first()
    .click();
  await expect(staff.page.getByTestId('support-thread')).toContainText('label is wrong');
  await staff.page.getByTestId('support-take').click();
  await staff.page.getByTestId('support-reply').fill('Hello! I have corrected the label for you.');
  await staff.page.getByTestId('support-reply-send').click();
  await expect(staff.page.getByTestId('support-thread')).toContainText('corrected the label');

  // The reply reaches the open chat without a reload.
  await expect(page.getByTestId('support-staff').last()).toContainText('corrected the label', { timeout: 15_000 });
  await staff.page.getByTestId('support-close').click();
  await staff.close();
  await expect(page.getByTestId('support-status')).toContainText('closed', { timeout: 15_000 });
});

test('a pickup site records a parcel for a customer and sends it to the warehouse', async ({ page, browser }) => {
  await useLanguage(page, 'en');
  await login(page, 'pickup', 'pickup1234');
  await page.goto('/#/pages/sub/selfmanage');
  const tracking = `YT${Date.now().toString().slice(-13)}`;
  await page.getByTestId('pdd-tracking').locator('input').fill(tracking);
  await page.getByTestId('pdd-code').locator('input').fill('8-2-3301');
  await page.getByTestId('pdd-customer').locator('input').fill('demo');
  await page.getByTestId('pdd-save').click();
  const item = page.getByTestId('pdd-item').filter({ hasText: tracking });
  await expect(item).toContainText('At the site');
  await item.click();
  await expect(page.getByTestId('selfmanage-detail')).toContainText('Recorded at the pickup site');
  await page.getByTestId('pdd-outbound').click();
  await page.getByRole('button', { name: /OK|Confirm|确定|确认/ }).click();
  await expect(page.getByTestId('pdd-status')).toHaveText('Sent to the warehouse');
  await expect(page.getByTestId('selfmanage-detail')).toContainText('Handed to the warehouse');

  // The customer sees it in the parcel's logistics.
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const customer = await ctx.newPage();
  await useLanguage(customer, 'en');
  await login(customer, 'demo', 'demo1234');
  await customer.goto(`/#/pages/order/logistics-detail?tracking_no=${tracking}`);
  await expect(customer.getByTestId('logistics')).toContainText('Sent from the self-pickup site to our warehouse');
  await expect(customer.getByTestId('logistics')).toContainText('At the self-pickup site');
  await ctx.close();
});
