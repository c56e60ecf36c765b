import fs from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { contract, formatMoney } from '@pinyou/contract';
import { ADMIN, codeFromOutbox, randomId, randomPhone, useLanguage } from './support.ts';
import { apiClient } from './parcels-api.ts';

/**
 * Issue 34 journey (a), a new customer's first group-sea shipment, as a person does it on a phone: register →
 * "Group sea" on home explains what it is → find a leader by postcode → the leader's details → join → back to
 * declaring, two parcels, the mode kept → (the warehouse scans them in) → packing request with no address
 * detour: the leader's pick-up place and the group's packing date → (staff measure) → the bill → a PayNow
 * top-up of what is missing (the bank's notice credits it) → back on the bill → pay → the parcel says the
 * true state: paid, waiting for the packing date. Only taps and typing on the customer's page after the first
 * load; the warehouse, the bank and the leader's date act through the API as their own devices would.
 * Every step is checked at 390 px and at 320 px (nothing wider than the screen) and photographed.
 */

type Lang = 'en' | 'zh_CN';
type Api = ReturnType<typeof apiClient>;
const P = contract.parcels;
const SHOTS = '/tmp/journey-a';
fs.mkdirSync(SHOTS, { recursive: true });

const words = {
  en: {
    register: 'Register',
    idPh: 'Choose an ID, e.g. tan88',
    intro: 'What is group sea?',
    pickupTitle: "Pick-up at your leader's",
    packingDate: (d: string) => `Packing date: ${d}`,
    waitingPacked: 'Waiting to be packed',
    toPay: 'Packed, freight to pay',
    paidWaiting: (d: string) => `Paid, waiting for packing date ${d}`,
    paidTab: 'Paid',
    listTitle: 'Parcels',
    notArrived: 'Not arrived',
    inWarehouse: 'In warehouse',
    groupSea: 'Group sea',
    backMy: 'Back to my centre',
  },
  zh_CN: {
    register: '注册',
    idPh: '设置ID，例如 tan88',
    intro: '什么是拼邮（海运）？',
    pickupTitle: '到团长处自提',
    packingDate: (d: string) => `打包日期：${d}`,
    waitingPacked: '待打包',
    toPay: '已打包，待支付运费',
    paidWaiting: (d: string) => `已付款，等待 ${d} 打包装柜`,
    paidTab: '已付款',
    listTitle: '包裹',
    notArrived: '未入库',
    inWarehouse: '已入库',
    groupSea: '拼邮海运',
    backMy: '返回个人中心',
  },
} as const;

/** Photographs the step at 390 px, then at 320 px checks nothing is wider than the screen, and goes back to 390 px. */
async function step(page: Page, lang: Lang, name: string) {
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${lang}-${name}-390.png` });
  await page.setViewportSize({ width: 320, height: 720 });
  await page.waitForTimeout(300);
  const wide = await page.evaluate(() => {
    const w = document.documentElement.clientWidth;
    const over = [...document.querySelectorAll('body *')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        const s = getComputedStyle(el);
        // Content inside a scroller that scrolls by design (tabs, the map's panes) is not the page overflowing.
        return r.width > 0 && r.right > w + 1 && s.position !== 'fixed' && !el.closest('.adm-tabs-header, .leaflet-container, .adm-popup');
      })
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 40)} → ${Math.round(el.getBoundingClientRect().right)}`);
    return { scroll: document.documentElement.scrollWidth, w, over };
  });
  expect(wide.scroll, `${name} at 320 px: ${wide.over.join(', ')}`).toBeLessThanOrEqual(wide.w);
  expect(wide.over, `${name} at 320 px`).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/${lang}-${name}-320.png` });
  await page.setViewportSize({ width: 390, height: 844 });
}

const tracking = (p: string) => `${p}${Date.now().toString().slice(-9)}${Math.floor(Math.random() * 90 + 10)}`;

for (const lang of ['en', 'zh_CN'] as const) {
  test(`first group-sea shipment from a fresh registration (${lang})`, async ({ browser, baseURL }) => {
    test.setTimeout(300_000);
    const w = words[lang];
    const api: Api = apiClient(baseURL!);
    const staff = (await api.call(contract.admin.adminLogin, { account: ADMIN.account, password: ADMIN.password })).token;
    // The demo leader in Punggol has a weekly packing date (set as the leader would on their phone).
    const leader = (await api.call(contract.account.login, { account: 'leader', password: 'leader1234' })).token;
    const first = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await api.call(contract.groups.setPackDate, { pattern: 'weekly', weekday: 6, start_date: first }, leader);
    const group = await api.call(contract.groups.groupDetail, {}, leader);
    const packDate = group.next_pack_date!;
    expect(packDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const page = await phone(browser, lang);
    await page.goto('/#/pages/sub/info-edit?isLogin=1');

    // 1. Register.
    const id = randomId('ja');
    const mobile = randomPhone();
    await page.getByRole('tab', { name: w.register }).click();
    await page.getByPlaceholder(w.idPh).fill(id);
    await page.getByTestId('register-phone').locator('input').fill(mobile);
    await page.getByTestId('send-code').last().click();
    const code = await codeFromOutbox(browser, mobile);
    await page.locator('input[placeholder="123456"]').last().fill(code);
    const passwords = page.locator('input[type="password"]:visible');
    await passwords.nth(0).fill('secret123');
    await passwords.nth(1).fill('secret123');
    await page.getByTestId('register-consent').click();
    await step(page, lang, '01-register');
    await page.getByTestId('register-submit').click();
    await expect(page).toHaveURL(/pages\/index\/index/);
    await step(page, lang, '02-home');

    // 2. "Group sea" on home: in no group yet, the customer is told what group sea is.
    await page.getByTestId('home-mode-GROUP').click();
    const intro = page.getByTestId('group-sea-intro');
    await expect(intro).toContainText(w.intro);
    await expect(page.getByTestId('declare-submit')).toBeHidden();
    await step(page, lang, '03-group-sea-intro');

    // 3. Find a leader near them by postcode; the map labels leaders; a tap opens the leader's details.
    await page.getByTestId('find-leader').click();
    await page.getByTestId('map-postcode').locator('input').fill('820111');
    await page.getByTestId('map-search').click();
    // The list (and the map) show the leaders nearest the postcode, with their distance.
    await expect(page.locator('[data-testid^="group-"]').filter({ hasText: 'LimPunggol' }).first()).toContainText(/km|公里/);
    const label = page.locator('.map-label').filter({ hasText: 'LimPunggol' });
    await expect(label).toHaveCount(1);
    await expect(label).toContainText(lang === 'en' ? /LimPunggol · \d+\.\d km/ : /LimPunggol · \d+\.\d 公里/);
    await expect(page.getByText(/tiles|瓦片/)).toHaveCount(0);
    await step(page, lang, '04-map');
    await label.click();
    const sheet = page.getByTestId('leader-sheet');
    await expect(page.getByTestId('leader-sheet-name')).toHaveText('LimPunggol');
    await expect(page.getByTestId('leader-sheet-date')).toHaveText(packDate);
    await expect(sheet).toContainText('820618');
    await step(page, lang, '05-leader-sheet');

    // 4. Join: the recipient code's whole hint and what it is are shown; joining leads back to declaring.
    await page.getByTestId('leader-sheet-join').click();
    await expect(page.getByTestId('join-name')).toHaveText('LimPunggol');
    await expect(page.getByTestId('join-code-what')).toBeVisible();
    await step(page, lang, '06-join');
    await page.getByTestId('join-submit').click();
    await expect(page).toHaveURL(/pages\/order\/creat\?mode=GROUP/);
    await expect(page.getByTestId('declare-submit')).toBeVisible();
    await expect(page.getByTestId('group-sea-intro')).toBeHidden();

    // 5. Declare two parcels by group sea; "Declare another" keeps the mode.
    const numbers = [tracking('SF'), tracking('YT')];
    for (const [i, no] of numbers.entries()) {
      await expect(page.getByTestId('mode').locator('.adm-selector-item-active')).toHaveText(w.groupSea);
      await page.getByTestId('tracking-no').locator('input').fill(no);
      await page
        .getByTestId('goods-name')
        .locator('input')
        .fill(i === 0 ? 'Shoes' : 'Towels');
      await page
        .getByTestId('goods-value')
        .locator('input')
        .fill(i === 0 ? '120' : '45');
      if (i === 0) await step(page, lang, '07-declare');
      await page.getByTestId('declare-submit').click();
      await expect(page.getByTestId('declared')).toContainText(no);
      if (i === 0) {
        await step(page, lang, '08-declared');
        await page.getByTestId('declare-another').click();
        await expect(page).toHaveURL(/creat\?mode=GROUP/);
      }
    }
    await page.getByTestId('view-orders').click();
    await expect(page.locator('.adm-nav-bar')).toContainText(w.listTitle);
    await expect(page.getByTestId('parcel-card')).toHaveCount(2);
    await expect(page.getByTestId('parcel-card').first()).toContainText(w.notArrived);
    await step(page, lang, '09-parcels-declared');

    // 6. The warehouse scans both in (its terminal).
    for (const no of numbers) {
      const scanned = await api.call(
        P.scannedInbound,
        { tracking_no: no, weight_kg: '1.2', length_cm: '30', width_cm: '20', height_cm: '15', shelf: 'A-01-1' },
        staff,
      );
      expect(scanned.matched).toBe(true);
    }

    // 7. Packing request: the mode is the declared one; no address is asked; the leader's pick-up and date are shown.
    await page.getByTestId('tab-warehouse').click();
    await expect(page.getByTestId('parcel-card')).toHaveCount(2);
    await expect(page.getByTestId('parcel-card').first()).toContainText(w.inWarehouse);
    await page.getByTestId('go-pack').click();
    for (const no of numbers) await page.getByTestId(`pick-${no}`).click();
    const pickup = page.getByTestId('pack-pickup');
    await expect(pickup).toContainText(w.pickupTitle);
    await expect(pickup).toContainText('820618');
    await expect(page.getByTestId('pickup-date')).toHaveText(w.packingDate(packDate));
    await expect(page.getByTestId('need-default-address')).toHaveCount(0);
    await expect(page.getByTestId('pack-dates')).toHaveCount(0);
    await step(page, lang, '10-packing');
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/applet/orderApplyPack'));
    await page.getByTestId('pack-submit').click();
    const env = (await (await answered).json()) as { code: number; msg: string; data: { id: number } };
    expect(env.code, env.msg).toBe(0);
    const packId = env.data.id;
    await expect(page).toHaveURL(/package-detail\?id=\d+/);
    await expect(page.getByTestId('pack-status')).toHaveText(`${w.waitingPacked}${lang === 'en' ? ' on ' : '，打包日 '}${packDate}`);
    await expect(page.getByTestId('pack-pickup')).toContainText('LimPunggol');
    await step(page, lang, '11-pack-requested');

    // 8. Staff measure and bill the pack at the packing station.
    const measured = await api.call(
      contract.parcelsAdmin.adminPackMeasure,
      { pack_id: packId, pieces: [{ weight_kg: '2.6', length_cm: '40', width_cm: '30', height_cm: '20' }] },
      staff,
    );
    const amount = measured.amount!.amount_minor;
    const money = formatMoney(amount, 'SGD');

    // 9. The bill, in "To pay": the balance is short, so the pay sheet offers the top-up of what is missing.
    await page.locator('.adm-nav-bar-back').click();
    await page.getByTestId('tab-unpaid').click();
    await expect(page.getByTestId('bills-to-pay')).toContainText(money);
    await step(page, lang, '12-bill');
    await page.locator('[data-testid^="bill-pay-"]').first().click();
    await expect(page.getByTestId('pay-panel')).toContainText(money);
    await step(page, lang, '13-pay-sheet');
    // The button already says "Top up S$x" with what is missing: one tap opens the top-up.
    await expect(page.getByTestId('pay-submit')).toContainText(money);
    await page.getByTestId('pay-submit').click();

    // 10. PayNow top-up of the missing amount; the bank's notice credits it.
    await expect(page).toHaveURL(/pages\/sub\/recharge/);
    await page.locator('.adm-list-item').filter({ hasText: 'PayNow' }).first().click();
    await step(page, lang, '14-top-up');
    await page.getByTestId('recharge-submit').click();
    await expect(page.getByTestId('paynow-qr')).toBeVisible();
    const reference = (await page.getByTestId('paynow-reference').textContent())!.trim();
    await step(page, lang, '15-paynow');
    const notice = await fetch(`${baseURL}/sandbox/paynow/notify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reference, amount: (amount / 100).toFixed(2) }),
    });
    expect(((await notice.json()) as { outcome: string }).outcome).toBe('credited');
    await page.getByTestId('paynow-done').click();

    // 11. Back on the bill: by the way the top-up screen offers, else by taps through home's "to pay" alert.
    await backOnBill(page, w.backMy);
    await expect(page.getByTestId('pay-panel')).toContainText(money);
    await step(page, lang, '16-back-on-bill');
    await page.getByTestId('pay-submit').click();
    await expect(page.getByTestId('pay-panel')).toBeHidden();

    // 12. The parcel says what is true: paid, waiting for the group's packing date (not "shipping").
    await page.getByTestId('tab-ship').click();
    const card = page.getByTestId('parcel-card').filter({ hasText: numbers[0] });
    await expect(card).toContainText(w.paidTab);
    await step(page, lang, '17-paid-list');
    await card.click();
    await expect(page.getByTestId('parcel-detail')).toContainText(w.paidWaiting(packDate));
    // The parcel's own state (its first tag) and its pack's: never "shipping" while it waits in the warehouse.
    await expect(page.getByTestId('parcel-detail').locator('.adm-tag').first()).toHaveText(w.paidWaiting(packDate));
    await expect(page.getByTestId('parcel-pack').locator('.adm-tag')).toHaveText(w.paidWaiting(packDate));
    await step(page, lang, '18-tracking');
    await page.context().close();
  });
}

/** From the top-up's result back to the bill's pay sheet, by taps only. */
async function backOnBill(page: Page, backMy: string) {
  const panel = page.getByTestId('pay-panel');
  const done = page.locator('[data-testid="pay-done"][data-state="paid"]');
  // Back where the bill was being paid: its pay sheet, or the list of bills to pay with its pay button.
  const billPay = page.locator('[data-testid^="bill-pay-"]').first();
  await expect(panel.or(done).or(billPay)).toBeVisible({ timeout: 20_000 });
  if (await panel.isVisible()) return;
  if (await billPay.isVisible()) {
    await billPay.click();
    await expect(panel).toBeVisible();
    return;
  }
  // The top-up result page: to my centre, home, and the "to pay" alert.
  const payBill = page.getByTestId('done-back-to-bill');
  if (await payBill.count()) {
    await payBill.click();
  } else {
    await page.getByRole('button', { name: backMy }).click();
    await page.locator('.adm-tab-bar-item').first().click();
    await page.getByTestId('alert-unpaid').click();
    await page.locator('[data-testid^="bill-pay-"]').first().click();
  }
  await expect(panel).toBeVisible();
}

/** A phone in a language, with no session (the customer registers). */
async function phone(browser: Browser, lang: Lang) {
  const ctx = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    locale: 'en-SG',
    serviceWorkers: 'block',
    reducedMotion: 'reduce',
  });
  const page = await ctx.newPage();
  await useLanguage(page, lang);
  return page;
}
