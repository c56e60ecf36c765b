import fs from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { contract, formatMoney } from '@pinyou/contract';
import { ADMIN, answerTo, randomId, useLanguage } from './support.ts';
import { apiClient } from './parcels-api.ts';

/**
 * Issue 37: an insurance claim on a phone and in the console. A customer of its own has an insured pack,
 * packed and paid (set up through the API as the warehouse and the customer's other device would); on the
 * phone they open the pack by taps, claim for damage with a reason and a photo and see it under review; a
 * finance staff member approves an amount in the console; the phone then shows the claim approved and the
 * balance grown by exactly that amount. In English (en-SG browser) and in 简体中文 (zh-CN browser).
 */

type Lang = 'en' | 'zh_CN';
type Api = ReturnType<typeof apiClient>;
const P = contract.parcels;
const SHOTS = '/tmp/insurance-claim';
fs.mkdirSync(SHOTS, { recursive: true });

const words = {
  en: { locale: 'en-SG', submitted: 'Under review', approved: 'Approved', paid: (m: string) => `${m} paid to your balance` },
  zh_CN: { locale: 'zh-CN', submitted: '审核中', approved: '已通过', paid: (m: string) => `已赔付 ${m} 到余额` },
} as const;
const console_ = {
  en: { account: 'Account', password: 'Password', logIn: /^Log in$/, toReview: 'To review' },
  // antd spaces out a two-character Chinese button label ("登 录").
  zh_CN: { account: '账号', password: '密码', logIn: /^登\s*录$/, toReview: '待审核' },
} as const;

/** A 2×2 PNG: the photo of the damage. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

const tracking = () => `YT${Date.now().toString().slice(-9)}${Math.floor(Math.random() * 90 + 10)}`;

/** A fresh customer with an insured SEA pack of one parcel, measured and paid from a staff top-up. */
async function insuredPaidPack(api: Api, staff: string) {
  const login = await api.call(contract.account.appletLogin, { code: `sandbox:${randomId('claim')}` });
  const customer = login.token;
  const me = await api.call(contract.account.authInfo, {}, customer);
  await api.call(
    contract.account.editUserAddress,
    {
      receiver: 'Claim Tester',
      phone: '91234567',
      district: 'Tampines',
      address: 'Blk 5 Tampines St 1 #02-02',
      postcode: '520005',
      is_default: 1,
    },
    customer,
  );
  await api.call(
    contract.walletAdmin.adminAdjustBalance,
    { user_id: me.user_id, amount: '200', reason: 'E2E claim float', idempotency_key: `claimfloat${me.user_id}` },
    staff,
  );
  const no = tracking();
  const parcel = await api.call(P.createOrder, { tracking_no: no, goods_name: 'Table lamp', goods_value: '532' }, customer);
  await api.call(
    P.scannedInbound,
    { tracking_no: no, weight_kg: '2', length_cm: '40', width_cm: '30', height_cm: '20', shelf: 'C-01-1' },
    staff,
  );
  const req = await api.call(P.orderApplyPack, { parcel_ids: [parcel.id], mode: 'SEA', insured: 1 }, customer);
  const pack = await api.call(
    contract.parcelsAdmin.adminPackMeasure,
    { pack_id: req.id, pieces: [{ weight_kg: '2.2', length_cm: '42', width_cm: '32', height_cm: '22' }] },
    staff,
  );
  expect(pack.insurance_cover).toBeTruthy();
  const paid = await api.call(contract.wallet.orderPackPay, { bill_id: pack.bill_id!, idempotency_key: randomId('claimpay') }, customer);
  return { customer, tracking: no, packNo: pack.pack_no, balanceMinor: paid.balance_after.amount_minor };
}

async function phone(browser: Browser, lang: Lang, token: string) {
  const ctx = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    locale: words[lang].locale,
    serviceWorkers: 'block',
    reducedMotion: 'reduce',
  });
  const page = await ctx.newPage();
  await useLanguage(page, lang);
  await page.addInitScript((t) => localStorage.setItem('TOKEN', JSON.stringify({ content: t, expire: 0 })), token);
  return page;
}

/** The console on a laptop screen in the language, logged in as this staff member by typing. */
async function staffConsole(browser: Browser, lang: Lang, account: string, password: string) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: words[lang].locale, reducedMotion: 'reduce' });
  const page = await ctx.newPage();
  await page.addInitScript((l) => localStorage.setItem('pinyou-console-lang', l), lang);
  const w = console_[lang];
  await page.goto('/console/#/login');
  await page.getByLabel(w.account).fill(account);
  await page.getByLabel(w.password).fill(password);
  await page.getByRole('button', { name: w.logIn }).click();
  await expect(page.getByTestId('staff-name')).toBeVisible();
  return page;
}

const shot = (page: Page, lang: Lang, name: string) => page.screenshot({ path: `${SHOTS}/${lang}-${name}.png`, fullPage: true });

for (const lang of ['en', 'zh_CN'] as const) {
  test(`an insured pack's damage claim, approved by finance, credits the wallet (${lang})`, async ({ browser, baseURL }) => {
    test.setTimeout(240_000);
    const w = words[lang];
    const api = apiClient(baseURL!);
    const admin = (await api.call(contract.admin.adminLogin, { account: ADMIN.account, password: ADMIN.password })).token;
    const fin = { account: randomId('fin'), password: 'finance-pass-1' };
    await api.call(contract.admin.staffCreate, { ...fin, name: 'Finance Fiona', role: 'finance' }, admin);
    const setup = await insuredPaidPack(api, admin);

    // 1. On the phone: Me → parcels on their way → the parcel → its pack.
    const page = await phone(browser, lang, setup.customer);
    await page.goto('/#/pages/index/index');
    await page.locator('.adm-tab-bar-item').last().click();
    await expect(page.getByTestId('wallet-balance')).toHaveText(formatMoney(setup.balanceMinor, 'SGD'));
    await page.getByTestId('my-parcels-ship').click();
    await page.getByTestId('parcel-card').filter({ hasText: setup.tracking }).click();
    await expect(page.getByTestId('parcel-detail')).toContainText(setup.tracking);
    await page.getByTestId('parcel-pack').click();
    await expect(page.getByTestId('pack-detail')).toContainText(setup.packNo);
    const card = page.getByTestId('pack-insurance');
    await card.scrollIntoViewIfNeeded();
    await shot(page, lang, '01-insured-pack');

    // 2. The claim: damage, what happened, a photo.
    await page.getByTestId('claim-open').click();
    await page.getByTestId('claim-damage').click();
    await page.getByTestId('claim-reason').locator('textarea').fill('The box arrived crushed and the lamp is broken');
    await page
      .getByTestId('claim-photo-upload')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'damage.png', mimeType: 'image/png', buffer: PHOTO });
    // Uploaded: the thumbnail shows, with no upload mask left on it.
    await expect(page.getByTestId('claim-photo-upload').locator('.adm-image-uploader-cell img')).toHaveCount(1);
    await expect(page.getByTestId('claim-photo-upload').locator('.adm-image-uploader-cell-mask')).toHaveCount(0);
    await shot(page, lang, '02-claim-form');
    const sent = await answerTo(page, '/packClaimCreate', () => page.getByTestId('claim-submit').click());
    expect(sent.code, sent.msg).toBe(0);
    const claim = sent.data as { id: number; photos: string[]; kind: string };
    expect(claim.kind).toBe('damage');
    expect(claim.photos).toHaveLength(1);
    const row = page.getByTestId('pack-claim');
    await expect(row.locator('.adm-tag')).toHaveText(w.submitted);
    await expect(row.getByTestId('claim-photos').locator('img')).toHaveCount(1);
    await expect(page.getByTestId('claim-open')).toHaveCount(0);
    await shot(page, lang, '03-claim-submitted');

    // 3. Finance approves S$12.34 in the console.
    const desk = await staffConsole(browser, lang, fin.account, fin.password);
    await desk.goto('/console/#/claims');
    const line = desk.locator('.ant-table-row').filter({ hasText: setup.packNo });
    await expect(line).toContainText(console_[lang].toReview);
    await line.getByTestId('claim-approve').click();
    const dialog = desk.locator('.ant-modal');
    await expect(dialog.getByTestId('claim-review-photos').locator('img')).toHaveCount(1);
    await dialog.getByTestId('claim-amount').fill('12.34');
    await dialog.locator('textarea').fill('Photos checked');
    await desk.screenshot({ path: `${SHOTS}/${lang}-04-console-approve.png` });
    const reviewed = await answerTo(desk, '/packClaimReview', () => dialog.locator('.ant-btn-primary').click());
    expect(reviewed.code, reviewed.msg).toBe(0);
    await expect(line).toHaveCount(0);
    await desk.context().close();

    // 4. Back on the phone: the claim approved, the amount in the balance.
    await page.reload();
    await expect(row.locator('.adm-tag')).toHaveText(w.approved);
    await expect(row).toContainText(w.paid(formatMoney(1234, 'SGD')));
    await expect(row).toContainText('Photos checked');
    await shot(page, lang, '05-claim-approved');
    // Back the way they came (pack → parcel → list → Me).
    const balance = page.getByTestId('wallet-balance');
    for (let i = 0; i < 4 && !(await balance.isVisible()); i++) {
      await page.locator('.adm-nav-bar-back').click();
      await page.waitForTimeout(300);
    }
    await expect(balance).toHaveText(formatMoney(setup.balanceMinor + 1234, 'SGD'));
    await shot(page, lang, '06-balance');
    await page.context().close();
  });
}
