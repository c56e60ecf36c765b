import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { contract } from '@pinyou/contract';
import { apiClient } from './parcels-api.ts';
import { ADMIN, adminConsole, codeFromOutbox, randomId, randomPhone, useLanguage } from './support.ts';

/**
 * Issue 12's remaining trust gaps, on a phone: registration needs consent to real terms and a privacy
 * policy (and shows +65), the official-account page shows the QR code staff set in the console, and the
 * group detail tells a server failure (failure state, retry) from "not in a group".
 */

// An 8x8 blue PNG: a real image the server checks by its bytes.
const QR_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGOQrPmPFTEMLQkAPZFlAVvjvmQAAAAASUVORK5CYII=',
  'base64',
);

const shots = process.env.E2E_SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

async function signIn(page: Page, token: string, lang: 'en' | 'zh_CN' = 'en') {
  await useLanguage(page, lang);
  await page.addInitScript((tk) => {
    if (!localStorage.getItem('TOKEN')) localStorage.setItem('TOKEN', JSON.stringify({ content: tk, expire: 0 }));
  }, token);
}

/** The image an <img> inside the test id shows has loaded (a broken image has no natural width). */
async function imageLoaded(page: Page, testId: string) {
  const img = page
    .getByTestId(testId)
    .locator('img')
    .or(page.locator(`img[data-testid="${testId}"]`))
    .first();
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  return img;
}

test('registering needs the terms and privacy consent; the documents open from the form; +65 is shown', async ({ page, browser }) => {
  await useLanguage(page, 'en');
  const id = randomId('tg');
  const phone = randomPhone();
  await page.goto('/#/pages/sub/info-edit?isLogin=1');
  await page.getByRole('tab', { name: 'Register' }).click();
  await expect(page.getByTestId('dial-code')).toHaveText('+65');
  await page.getByPlaceholder('Choose an ID, e.g. tan88').fill(id);
  // Pasted with the country code and spaces: kept as the 8 digits.
  await page.getByPlaceholder('8xxxxxxx').fill(`+65 ${phone.slice(0, 4)} ${phone.slice(4)}`);
  await expect(page.getByPlaceholder('8xxxxxxx')).toHaveValue(phone);
  await page.getByTestId('send-code').last().click();
  await expect(page.getByTestId('send-code').last()).toContainText(/Resend in \d+s/);
  await expect(page.getByTestId('send-code').last()).toBeDisabled();
  const code = await codeFromOutbox(browser, phone);
  await page.locator('input[placeholder="123456"]').last().fill(code);
  await page.getByPlaceholder('6 to 32 characters').fill('secret123');
  await page.getByRole('textbox', { name: 'Confirm' }).fill('secret123');

  // Not ticked: refused on the form, nothing registered.
  await page.getByTestId('register-submit').click();
  await expect(page.getByText('Please read and agree to the terms of service and privacy policy')).toBeVisible();
  await expect(page).toHaveURL(/info-edit/);

  // The documents open over the form (what was typed stays) and are real text.
  await page.getByTestId('open-terms').click();
  await expect(page.getByTestId('legal-terms')).toContainText('Declaring parcels');
  await shot(page, 'terms-popup-390-en');
  await page.getByTestId('legal-close').click();
  await page.getByTestId('open-privacy').click();
  await expect(page.getByTestId('legal-privacy')).toContainText('Personal Data Protection Act');
  await page.getByTestId('legal-close').click();
  await expect(page.getByPlaceholder('Choose an ID, e.g. tan88')).toHaveValue(id);

  await page.getByTestId('register-consent').click();
  await shot(page, 'register-consent-390-en');
  await page.getByTestId('register-submit').click();
  await expect(page).toHaveURL(/pages\/index\/index/);
  await page.getByText('Me', { exact: true }).click();
  await expect(page.getByTestId('user-card')).toContainText(`ID: ${id}`);
});

test('WeChat sign-up says what continuing agrees to, links the documents, and sends the consent (中文)', async ({ page }) => {
  await useLanguage(page, 'zh_CN');
  await page.goto('/#/pages/sub/info-edit?isLogin=1');
  await page.getByText('微信登录').click();
  const consent = page.getByTestId('wechat-consent');
  await expect(consent).toContainText('继续即表示您同意《用户协议》和《隐私政策》');
  await expect(consent.getByRole('link', { name: '《隐私政策》' })).toHaveAttribute('href', '#/pages/sub/terms?doc=privacy');
  await shot(page, 'wechat-consent-zh');
  await page.getByPlaceholder('沙箱微信用户名').fill(randomId('wx'));
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/applet/login'));
  await page.getByRole('button', { name: '确认' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ agree_terms: true });
  await expect(page).not.toHaveURL(/info-edit/);
});

test('the terms and privacy page is a real page in both languages', async ({ page }) => {
  await useLanguage(page, 'zh_CN');
  await page.goto('/#/pages/sub/terms?doc=privacy');
  await expect(page.getByTestId('legal-privacy')).toContainText('个人数据保护法');
  await page.getByRole('tab', { name: '用户协议' }).click();
  await expect(page.getByTestId('legal-terms')).toContainText('包裹申报');
  await expect(page).toHaveURL(/doc=terms/);
  await page.setViewportSize({ width: 320, height: 700 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await shot(page, 'terms-320-zh');
});

test('the official-account page shows our default image, then the QR code staff upload in the console', async ({
  page,
  browser,
  baseURL,
}) => {
  await useLanguage(page, 'en');
  await page.goto('/#/pages/sub/gzh');
  const img = await imageLoaded(page, 'gzh-qr');
  await expect(img).toHaveAttribute('src', '/official-account.svg');
  await expect(page.getByTestId('gzh-name')).not.toBeEmpty();
  // Only WeChat's logo until staff upload the code: nobody is asked to scan it.
  await expect(img).toHaveAttribute('alt', 'WeChat');
  await expect(page.getByTestId('gzh-hint')).not.toContainText('scan');

  // Staff upload the account's QR code in the console's settings.
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staff = await ctx.newPage();
  await staff.goto('/console/#/login');
  await staff.getByLabel('Account').fill(ADMIN.account);
  await staff.getByLabel('Password').fill(ADMIN.password);
  await staff.getByRole('button', { name: 'Log in' }).click();
  await expect(staff.getByTestId('staff-name')).toBeVisible();
  await staff.goto('/console/#/settings');
  await expect(staff.getByTestId('gzh-qr-upload')).toBeVisible();
  await staff.locator('input[type=file]').setInputFiles({ name: 'qr.png', mimeType: 'image/png', buffer: QR_PNG });
  await expect(staff.getByTestId('gzh-qr-url')).toHaveValue(/^\/uploads\/public\/.+\.png$/);
  const uploaded = await staff.getByTestId('gzh-qr-url').inputValue();
  await staff.getByRole('button', { name: 'Save settings' }).click();
  await expect(staff.getByText('Settings saved')).toBeVisible();
  await ctx.close();

  // The public settings carry it; the app shows it once its cached settings are refreshed.
  const api = apiClient(baseURL!);
  expect((await api.call(contract.account.getSystemSetting, {})).info.official_account.qr_url).toBe(uploaded);
  await page.evaluate(() => localStorage.removeItem('SYSTEMSETTING'));
  await page.reload();
  const shown = await imageLoaded(page, 'gzh-qr');
  await expect(shown).toHaveAttribute('src', uploaded);
  await expect(page.getByTestId('gzh-hint')).toContainText('scan the QR code');
  await shot(page, 'gzh-390-en');
});

test('group detail: a failing server shows the failure state with retry, never "not in a group"; retry recovers', async ({
  page,
  baseURL,
}) => {
  const api = apiClient(baseURL!);
  const member = await api.call(contract.account.login, { account: 'member1', password: 'member1234' });
  await signIn(page, member.token);
  let fail = true;
  await page.route(`**${contract.groups.groupDetail.path}`, (route) =>
    fail
      ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":503,"msg":"unavailable","data":null}' })
      : route.fallback(),
  );
  await page.goto('/#/pages/group/detail');
  await expect(page.getByTestId('failure-state')).toBeVisible();
  await expect(page.getByText('You are not in a group yet')).toHaveCount(0);
  await shot(page, 'group-detail-failure-390-en');
  fail = false;
  await page.getByTestId('failure-state').getByTestId('retry').click();
  await expect(page.getByTestId('group-detail')).toBeVisible();
  await expect(page.getByTestId('failure-state')).toHaveCount(0);
  // The leader's phone can be tapped: a call with +65 and WhatsApp.
  await expect(page.getByTestId('leader-phone')).toHaveAttribute('href', /^tel:\+65\d{8}$/);
  await expect(page.getByTestId('leader-whatsapp')).toHaveAttribute('href', /^https:\/\/wa\.me\/65\d{8}$/);

  // The network gone altogether (no answer at all) is a failure too; the same on the leader's group screen.
  await page.route(`**${contract.groups.groupDetail.path}`, (route) => route.abort());
  await page.goto('/#/pages/group/my-group');
  await page.reload();
  await expect(page.getByTestId('failure-state')).toBeVisible();
  await expect(page.getByText('You are not in a group yet')).toHaveCount(0);
});

test('group detail: only the server saying so shows "not in a group"', async ({ page, baseURL }) => {
  const api = apiClient(baseURL!);
  const login = await api.call(contract.account.appletLogin, { code: `sandbox:nogroup-${Date.now()}` });
  await signIn(page, login.token, 'zh_CN');
  await page.goto('/#/pages/group/detail');
  await expect(page.getByText('您还没有加入拼团')).toBeVisible();
  await expect(page.getByTestId('failure-state')).toHaveCount(0);
});

test('contact numbers are links: WhatsApp, call and e-mail on home and customer service', async ({ page, baseURL }) => {
  const api = apiClient(baseURL!);
  const login = await api.call(contract.account.appletLogin, { code: `sandbox:contacts-${Date.now()}` });
  await signIn(page, login.token);
  await page.goto('/#/pages/index/index');
  await expect(page.getByTestId('whatsapp')).toHaveAttribute('href', /^https:\/\/wa\.me\/65\d{8}$/);
  await expect(page.getByTestId('service-phone')).toHaveAttribute('href', /^tel:\+65\d{8}$/);
  await expect(page.getByTestId('service-email')).toHaveAttribute('href', /^mailto:.+@.+/);
  await expect(page.getByTestId('wh-phone').locator('a')).toHaveAttribute('href', /^tel:\+86\d{11}$/);
  await page.goto('/#/pages/sub/qidiankefu');
  await expect(page.getByTestId('service-phone')).toHaveAttribute('href', /^tel:\+65\d{8}$/);
  await expect(page.getByTestId('whatsapp')).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+$/);
});

test('console: an address no page has says so inside the console, in both languages, with a way back', async ({ browser }) => {
  const page = await adminConsole(browser);
  // A page's parent (the groups pages are #/groups/list, #/groups/batches, ...) and a mistyped address.
  for (const address of ['/console/#/groups', '/console/#/no-such-page']) {
    await page.goto(address);
    await expect(page.getByText('This page does not exist')).toBeVisible();
    await expect(page.getByTestId('staff-name')).toBeVisible();
  }
  await page.getByText('中文', { exact: true }).click();
  await expect(page.getByText('页面不存在')).toBeVisible();
  await shot(page, 'console-not-found-1280-zh');
  await page.getByTestId('not-found-home').click();
  await expect(page).toHaveURL(/#\/users$/);
  await expect(page.getByText('页面不存在')).toHaveCount(0);
  await page.context().close();
});
