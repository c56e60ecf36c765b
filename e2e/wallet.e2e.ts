import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN, loginWithPassword, useLanguage } from './support.ts';

// An 8x8 blue PNG: a real image the server checks by its bytes, like a phone screenshot of a transfer.
const VOUCHER_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGOQrPmPFTEMLQkAPZFlAVvjvmQAAAAASUVORK5CYII=',
  'base64',
);

const sgd = (minor: number) => `S$${Math.floor(minor / 100).toLocaleString('en-US')}.${String(minor % 100).padStart(2, '0')}`;
const minorOf = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);

test.beforeEach(async ({ page }) => {
  await useLanguage(page, 'en');
});

// Logins are rate-limited per account (spec: brute-force limits), so the customer logs in once per
// worker and later tests start with that session's stored token; the same for the staff member.
let demoSession: Record<string, string> | null = null;
let staffSession: Record<string, string> | null = null;
const withoutLanguage = (all: Record<string, string>) => Object.fromEntries(Object.entries(all).filter(([k]) => k !== 'language'));

async function restoreSession(page: Page, entries: Record<string, string>) {
  await page.addInitScript((e) => {
    for (const [k, v] of Object.entries(e)) if (localStorage.getItem(k) === null) localStorage.setItem(k, v);
  }, entries);
}

async function loginDemo(page: Page) {
  if (demoSession) {
    await restoreSession(page, demoSession);
    await page.goto('/#/pages/index/index');
    // Let the app finish its own first navigation before the test navigates, or the two race.
    await expect(page.getByTestId('warehouse')).toBeVisible();
    return;
  }
  await loginWithPassword(page, 'demo', 'demo1234');
  await expect(page).toHaveURL(/pages\/index\/index/);
  demoSession = withoutLanguage(await page.evaluate(() => ({ ...localStorage })));
}

async function balanceOnMyCentre(page: Page) {
  await page.goto('/#/pages/my/index');
  const el = page.getByTestId('wallet-balance');
  await expect(el).toHaveText(/S\$\d/);
  return minorOf((await el.textContent())!);
}

async function expectBalance(page: Page, minor: number) {
  await page.goto('/#/pages/my/index');
  await page.reload();
  await expect(page.getByTestId('wallet-balance')).toHaveText(sgd(minor));
}

/** A staff member logged in to the console in their own browser window. */
async function staffConsole(browser: Browser) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  if (staffSession) {
    await restoreSession(page, staffSession);
    await page.goto('/console/#/');
  } else {
    await page.goto('/console/#/login');
    await page.getByLabel('Account').fill(ADMIN.account);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Log in' }).click();
  }
  await expect(page.getByTestId('staff-name')).toBeVisible();
  staffSession ??= await page.evaluate(() => ({ ...localStorage }));
  return { page, close: () => ctx.close() };
}

async function reviewTopUp(browser: Browser, orderNo: string, decision: { approve: true } | { reject: string }) {
  const staff = await staffConsole(browser);
  await staff.page.goto('/console/#/wallet/recharges');
  const row = staff.page.locator('tr', { hasText: orderNo });
  await expect(row).toBeVisible();
  if ('approve' in decision) {
    await row.getByRole('button', { name: /Confirm receipt|Approve/ }).click();
    await staff.page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
  } else {
    await row.getByRole('button', { name: 'Reject' }).click();
    await staff.page.getByLabel('Reason').fill(decision.reject);
    await staff.page.locator('.ant-modal').getByRole('button', { name: 'Reject' }).click();
  }
  await expect(row).toHaveCount(0); // no longer pending
  await staff.page.getByText('all', { exact: true }).click();
  await expect(row.locator('.ant-tag')).toHaveText('approve' in decision ? 'Credited' : 'Rejected');
  await staff.close();
}

test('top up by PayNow: QR shown, staff confirm the receipt, the balance goes up', async ({ page, browser }) => {
  await loginDemo(page);
  const before = await balanceOnMyCentre(page);
  await page.getByTestId('wallet-topup').click();
  await expect(page.getByTestId('recharge-balance')).toHaveText(sgd(before));

  // Amount rules (spec §5) before anything is sent.
  await page.locator('.adm-list-item').filter({ hasText: 'PayNow' }).click();
  await page.getByTestId('recharge-submit').click();
  await expect(page.getByTestId('recharge-error')).toHaveText('Please enter the recharge amount');
  await page.getByTestId('recharge-amount').locator('input').fill('1.234');
  await page.getByTestId('recharge-submit').click();
  await expect(page.getByTestId('recharge-error')).toHaveText('Please enter an amount with at most 2 decimals');
  await page.getByTestId('recharge-amount').locator('input').fill('0');
  await page.getByTestId('recharge-submit').click();
  await expect(page.getByTestId('recharge-error')).toHaveText('The amount must be greater than 0');

  await page.getByTestId('recharge-amount').locator('input').fill('12.34');
  await page.getByTestId('recharge-submit').click();
  const qr = page.getByTestId('paynow-qr');
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(50);
  await expect(page.getByTestId('paynow')).toContainText('S$12.34');
  const reference = (await page.getByTestId('paynow-reference').textContent())!.trim();
  expect(reference.length).toBeGreaterThan(5);

  await page.getByTestId('paynow-done').click();
  await expect(page.getByTestId('pay-done')).toHaveAttribute('data-state', 'pending');
  await expect(page.getByText('Submitted for review')).toBeVisible();

  await reviewTopUp(browser, reference, { approve: true });
  // payDone asks again by itself until the top-up is settled.
  await expect(page.getByTestId('pay-done')).toHaveAttribute('data-state', 'paid', { timeout: 15_000 });
  await expect(page.getByText('S$12.34 topped up')).toBeVisible();
  await expectBalance(page, before + 1234);
});

test('top up by WeChat Pay (sandbox): pay page, confirm, back on payDone with the balance updated', async ({ page }) => {
  await loginDemo(page);
  const before = await balanceOnMyCentre(page);
  await page.goto('/#/pages/sub/recharge');
  await page.getByRole('button', { name: 'S$20', exact: true }).click();
  await page.locator('.adm-list-item').filter({ hasText: 'WeChat Pay' }).click();
  await page.getByTestId('recharge-submit').click();

  await expect(page).toHaveURL(/\/sandbox\/wxpay\//);
  await expect(page.locator('.amt')).toHaveText('S$20.00');
  await page.getByRole('button', { name: /Confirm payment/ }).click();
  await expect(page.getByText(/Payment succeeded/)).toBeVisible();
  await page.getByRole('link', { name: 'Back to Pinyou' }).click();

  await expect(page).toHaveURL(/pages\/sub\/payDone\?kind=recharge/);
  await expect(page.getByTestId('pay-done')).toHaveAttribute('data-state', 'paid');
  await expect(page.getByText('S$20.00 topped up')).toBeVisible();
  await expect(page.getByText(`Balance now ${sgd(before + 2000)}`)).toBeVisible();
  await expectBalance(page, before + 2000);
});

test('cancelling the WeChat Pay sandbox payment shows it cancelled', async ({ page }) => {
  await loginDemo(page);
  await page.goto('/#/pages/sub/recharge');
  await page.getByTestId('recharge-amount').locator('input').fill('8');
  await page.locator('.adm-list-item').filter({ hasText: 'WeChat Pay' }).click();
  await page.getByTestId('recharge-submit').click();
  await page.getByRole('button', { name: /Cancel/ }).click();
  await page.getByRole('link', { name: 'Back to Pinyou' }).click();
  await expect(page.getByTestId('pay-done')).toHaveAttribute('data-state', 'cancelled');
  await expect(page.getByText('Payment cancelled').first()).toBeVisible();
});

test('top up by bank transfer: voucher required, one approved, one rejected with a reason the customer sees', async ({ page, browser }) => {
  await loginDemo(page);
  const before = await balanceOnMyCentre(page);
  await page.goto('/#/pages/sub/recharge');
  await page.getByTestId('recharge-amount').locator('input').fill('30');
  await page.locator('.adm-list-item').filter({ hasText: 'Bank transfer' }).click();
  await page.getByTestId('recharge-submit').click();
  await expect(page).toHaveURL(/recharge-apply\?amount=30/);
  await expect(page.getByText('Manual review takes 1 working day')).toBeVisible();
  await expect(page.getByTestId('bank-account-no')).not.toBeEmpty();

  await page.getByTestId('apply-submit').click();
  await expect(page.getByTestId('voucher-error')).toHaveText('Please upload the voucher');
  await page.locator('input[type=file]').setInputFiles({ name: 'transfer.png', mimeType: 'image/png', buffer: VOUCHER_PNG });
  await expect(page.locator('.adm-image-uploader-cell:visible')).toHaveCount(1);
  await page.getByTestId('apply-submit').click();
  await expect(page.getByTestId('pay-done')).toHaveAttribute('data-state', 'pending');
  await expect(page.getByText('Submitted for review')).toBeVisible();
  const approvedNo = new URL(page.url().replace('/#/', '/')).searchParams.get('id')!;

  // Second transfer, to be rejected.
  await page.goto('/#/pages/sub/recharge-apply?amount=15.5');
  await page.locator('input[type=file]').setInputFiles({ name: 'transfer2.png', mimeType: 'image/png', buffer: VOUCHER_PNG });
  await page.getByTestId('apply-submit').click();
  await expect(page.getByTestId('pay-done')).toHaveAttribute('data-state', 'pending');
  const rejectedNo = new URL(page.url().replace('/#/', '/')).searchParams.get('id')!;

  await reviewTopUp(browser, approvedNo, { approve: true });
  await reviewTopUp(browser, rejectedNo, { reject: 'The voucher does not show the amount' });

  await expectBalance(page, before + 3000);
  await page.goto('/#/pages/sub/rechange-list?tab=topups');
  const rejected = page.getByTestId('topup').filter({ hasText: rejectedNo });
  await expect(rejected).toContainText('Rejected');
  await expect(rejected).toContainText('Reason: The voucher does not show the amount');
  await expect(page.getByTestId('topup').filter({ hasText: approvedNo })).toContainText('Credited');
  await rejected.click();
  await expect(page).toHaveURL(/rechange-detail/);
  await expect(page.getByText('The voucher does not show the amount')).toBeVisible();
  await expect(page.locator('img[alt="Transfer voucher"]')).toBeVisible();
});

test('transactions: staff adjustment shows as a ledger entry; filter and detail; the ledger reconciles', async ({ page, browser }) => {
  await loginDemo(page);
  const before = await balanceOnMyCentre(page);

  const staff = await staffConsole(browser);
  await staff.page.goto('/console/#/wallet/customers');
  await staff.page.getByPlaceholder('ID, phone, e-mail, nickname').fill('demo');
  await staff.page.getByPlaceholder('ID, phone, e-mail, nickname').press('Enter');
  await staff.page.locator('tr', { hasText: 'demo' }).getByText('Open wallet').first().click();
  await expect(staff.page.locator('.ant-statistic-content')).toHaveText(sgd(before));
  await staff.page.getByLabel('Amount').fill('5.25');
  await staff.page.getByLabel('Reason').fill('Goodwill for a late parcel');
  await staff.page.getByRole('button', { name: 'Post adjustment' }).click();
  await expect(staff.page.getByText(`balance now ${sgd(before + 525)}`)).toBeVisible();
  await staff.page.goto('/console/#/wallet/reconcile');
  await expect(staff.page.getByTestId('reconcile-result')).toContainText('The ledger balances');
  await staff.close();

  await page.goto('/#/pages/sub/rechange-list');
  await expect(page.getByTestId('list-balance')).toHaveText(sgd(before + 525));
  await expect(page.getByTestId('transaction').first()).toContainText('+S$5.25');
  await page.locator('.adm-capsule-tabs').getByText('Adjustment', { exact: true }).click();
  const items = page.getByTestId('transaction');
  await expect(items.first()).toContainText('+S$5.25');
  await expect(items.first()).toContainText(`Balance ${sgd(before + 525)}`);
  await page.locator('.adm-capsule-tabs').getByText('Top-up', { exact: true }).click();
  await expect(items.first()).toContainText('Top-up');
  await page.locator('.adm-capsule-tabs').getByText('Adjustment', { exact: true }).click();
  await items.first().click();
  await expect(page).toHaveURL(/rechange-detail\?id=/);
  await expect(page.getByTestId('detail-amount')).toHaveText('+S$5.25');
  await expect(page.getByText('Goodwill for a late parcel')).toBeVisible();
});

test('coupons: claim an activity coupon, redeem a code once', async ({ page }) => {
  await loginDemo(page);
  await page.goto('/#/pages/my/index');
  await page.getByTestId('wallet-coupons').click();
  const claimable = page.getByTestId('claimable');
  const offer = claimable.getByTestId('coupon-card').filter({ hasText: 'New customer S$5 off' });
  await expect(offer).toContainText('Orders from S$20.00');
  await offer.getByRole('button', { name: 'Claim' }).click();
  await expect(claimable.getByText('New customer S$5 off')).toHaveCount(0);
  await expect(page.getByTestId('coupons-unused')).toContainText('New customer S$5 off');

  await page.getByTestId('coupon-code').locator('input').fill('pinyou10');
  await page.getByTestId('coupon-redeem').click();
  await expect(page.getByTestId('coupons-unused')).toContainText('S$10 off (code)');

  // Once per customer: the server's message in a Tip.
  await page.getByTestId('coupon-code').locator('input').fill('PINYOU10');
  await page.getByTestId('coupon-redeem').click();
  await expect(page.getByText('You have already received this coupon')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await page.getByTestId('coupon-code').locator('input').fill('NOSUCHCODE');
  await page.getByTestId('coupon-redeem').click();
  await expect(page.getByText('The coupon code is invalid or used up')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();

  await page.getByRole('tab', { name: 'Used' }).click();
  await expect(page.getByText('No coupons here')).toBeVisible();
});

test('staff create a code coupon batch and a shared code; the customer redeems it; usage shows who', async ({ page, browser }) => {
  const tag = Math.random().toString(36).slice(2, 7).toUpperCase();
  const name = `E2E S$3 off ${tag}`;
  const code = `E2E${tag}`;
  const staff = await staffConsole(browser);
  await staff.page.goto('/console/#/wallet/coupons');
  await staff.page.getByRole('button', { name: 'New batch' }).click();
  await staff.page.getByLabel('Name (English)').fill(name);
  await staff.page.getByLabel('Name (Chinese)').fill(`E2E立减S$3 ${tag}`);
  await staff.page.getByRole('textbox', { name: 'Amount off' }).fill('3');
  await staff.page.getByText('By code', { exact: true }).click();
  await staff.page.getByRole('button', { name: 'Create' }).click();
  const row = staff.page.locator('tr', { hasText: name });
  await expect(row).toContainText('S$3.00');
  await row.getByRole('button', { name: 'Issue codes' }).click();
  await staff.page.getByPlaceholder('e.g. SPRING10').fill(code);
  await staff.page.locator('.ant-modal').getByRole('button', { name: 'Issue', exact: true }).click();
  await expect(staff.page.locator('.ant-modal pre')).toContainText(`${code}  (0/1)`);
  await staff.page.getByRole('button', { name: 'Close' }).first().click();

  await loginDemo(page);
  await page.goto('/#/pages/sub/myCoupon');
  await page.getByTestId('coupon-code').locator('input').fill(code.toLowerCase());
  await page.getByTestId('coupon-redeem').click();
  await expect(page.getByTestId('coupons-unused')).toContainText(name);

  await staff.page.reload();
  await row.getByRole('button', { name: 'Usage' }).click();
  const usage = staff.page.locator('.ant-drawer tr', { hasText: code });
  await expect(usage).toContainText('demo');
  await expect(usage).toContainText('Unused');
  await staff.close();
});

test('in Chinese: the top-up prompts of spec §5 and the wallet card', async ({ page }) => {
  await loginDemo(page);
  await page.evaluate(() => localStorage.setItem('language', JSON.stringify({ content: 'zh_CN', expire: 0 })));
  await page.goto('/#/pages/my/index');
  await page.reload();
  await expect(page).toHaveURL(/pages\/my\/index/);
  await expect(page.getByTestId('wallet-card')).toContainText('余额');
  await expect(page.getByTestId('wallet-card')).toContainText('自动支付');
  // Auto-pay is stored on the server: on after a reload, then off again.
  const autoPay = page.getByTestId('wallet-card').getByRole('switch');
  await expect(autoPay).toHaveAttribute('aria-checked', 'false');
  await autoPay.click();
  await expect(autoPay).toHaveAttribute('aria-checked', 'true');
  await page.reload();
  await expect(autoPay).toHaveAttribute('aria-checked', 'true');
  await autoPay.click();
  await expect(autoPay).toHaveAttribute('aria-checked', 'false');
  await page.reload();
  await expect(page.getByTestId('wallet-balance')).toHaveText(/S\$\d/);
  await expect(autoPay).toHaveAttribute('aria-checked', 'false');
  await page.getByTestId('wallet-topup').click();
  await expect(page.locator('.adm-nav-bar')).toContainText('充值');
  await page.getByTestId('recharge-submit').click();
  await expect(page.getByTestId('recharge-error')).toHaveText('请输入充值金额');
  await page.locator('.adm-list-item').filter({ hasText: '银行转账' }).click();
  await page.getByTestId('recharge-amount').locator('input').fill('10');
  await page.getByTestId('recharge-submit').click();
  await expect(page.getByText('提交凭证后人工审核需1个工作日。')).toBeVisible();
  await page.getByTestId('apply-submit').click();
  await expect(page.getByTestId('voucher-error')).toHaveText('请上传凭证');
});
