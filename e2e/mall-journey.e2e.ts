import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { contract, formatMoney } from '@pinyou/contract';
import { logisticsStages } from '../packages/contract/src/domains/parcels.contract.ts';
import { ADMIN, adminConsole, answerTo, pickOption, useLanguage } from './support.ts';
import { apiClient } from './parcels-api.ts';

/**
 * Issue 10, one mall order from the phone to "done": a customer (English, 390 px) buys JD goods and pays from
 * the wallet; staff in the console (switched to 中文, 1280 px) mark it bought and enter the platform order number
 * and the courier's tracking number; the warehouse scans that parcel in with one ordinary parcel the customer
 * declared; the customer asks to pack both together; the packing station measures and bills; the customer pays;
 * an outbound batch goes through every stage to delivered; the customer confirms receipt; the order centre shows
 * the order done (Done / 已完成) and the rebate is in the wallet's transactions.
 *
 * The sandbox WeChat login (a customer's session), the staff top-up and the one-off product look-up run through
 * the signed API; every customer and staff step of the journey runs in the screens.
 */

type Api = ReturnType<typeof apiClient>;
const M = contract.mall;
const P = contract.parcels;

const shots = process.env.E2E_SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: path.join(shots, `mall-journey-${name}.png`), fullPage: true });
}

const uniq = `${Date.now().toString().slice(-8)}${Math.floor(Math.random() * 90 + 10)}`;
/** What the serial steps hand on to each other. */
const s = {
  staff: '',
  token: '',
  userId: 0,
  account: '',
  productId: 0,
  orderId: 0,
  orderSn: '',
  rebateMinor: 0,
  platformNo: `JD-JOURNEY-${uniq}`,
  mallTracking: `SF${uniq}001`,
  ownTracking: `YT${uniq}0001`,
  mallParcelId: 0,
  ownParcelId: 0,
  packId: 0,
  packNo: '',
  /** The wallet before the pack is delivered: the rebate may be credited from delivery on (see the receipt step). */
  balanceBeforeDelivery: 0,
};

/** A phone with the customer's session in a language. */
async function phone(browser: Browser, lang: 'en' | 'zh_CN') {
  const ctx = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    locale: 'en-SG',
  });
  const page = await ctx.newPage();
  await useLanguage(page, lang);
  await page.addInitScript((t) => localStorage.setItem('TOKEN', JSON.stringify({ content: t, expire: 0 })), s.token);
  return page;
}

/** The console at 1280 px, logged in, switched to 中文 with the header's language control. */
async function consoleZh(browser: Browser) {
  const page = await adminConsole(browser);
  await page.getByTestId('console-lang').getByText('中文').click();
  await expect(page.getByTestId('console-lang').locator('.ant-segmented-item-selected')).toHaveText('中文');
  return page;
}

/** Runs a staff action and checks the server's answer to it, so a refusal fails with its message. */
async function staffAct(page: Page, urlEnd: string, act: () => Promise<void>) {
  const env = await answerTo(page, urlEnd, act);
  expect(env.code, `${urlEnd}: ${env.msg}`).toBe(0);
  return env.data;
}

test.describe.serial('mall journey (issue 10): phone → console → warehouse → done', () => {
  let api: Api;
  test.beforeAll(async ({ baseURL }) => {
    api = apiClient(baseURL!);
    s.staff = (await api.call(contract.admin.adminLogin, { account: ADMIN.account, password: ADMIN.password })).token;
    const login = await api.call(contract.account.appletLogin, { code: `sandbox:mall-journey-${uniq}` });
    s.token = login.token;
    const me = await api.call(contract.account.authInfo, {}, s.token);
    s.userId = me.user_id;
    s.account = me.user_account;
    await api.call(
      contract.account.editUserAddress,
      {
        receiver: 'Journey Buyer',
        phone: '91235555',
        district: 'Clementi',
        address: 'Blk 305 Clementi Ave 4 #07-21',
        postcode: '120305',
        is_default: 1,
      },
      s.token,
    );
    await api.call(
      contract.walletAdmin.adminAdjustBalance,
      { user_id: s.userId, amount: '3000', reason: 'E2E mall journey float', idempotency_key: `mall-journey-${s.userId}` },
      s.staff,
    );
    // JD goods in stock that carry a rebate: the one product the journey buys.
    const found = await api.call(M.getRequestParam, { keyword: '', source: 'jd', sort: 'price_asc', page: 1, page_size: 30 }, s.token);
    const product = found.list.find((p) => p.on_sale && p.stock > 2 && p.rebate.amount_minor > 0);
    expect(product, 'JD goods in stock with a rebate').toBeTruthy();
    s.productId = product!.id;
  });

  test('the customer buys JD goods on the phone and pays from the wallet (English)', async ({ browser }) => {
    const page = await phone(browser, 'en');
    await page.goto(`/#/pages/cart_sub/cargojdDetail?id=${s.productId}`);
    const detail = page.getByTestId('product-detail');
    await expect(detail).toHaveAttribute('data-source', 'jd', { timeout: 30_000 });
    await page.getByTestId('buy-now').click();
    const popup = page.getByTestId('sku-popup');
    await expect(popup).toBeVisible();
    if (await popup.getByTestId('sku-options').count()) {
      if (!(await popup.locator('.adm-selector-item-active').count()))
        await popup.locator('.adm-selector-item:not(.adm-selector-item-disabled)').first().click();
    }
    await popup.getByTestId('sku-confirm').click();
    await expect(page).toHaveURL(/cartSettlement\?product_id=/);
    const settle = page.getByTestId('settlement');
    await expect(settle.getByTestId('mode-SEA').locator('.adm-radio-checked')).toBeVisible();
    await expect(settle.getByTestId('settle-address')).toContainText('Journey Buyer');
    await shot(page, 'settle-390-en');
    const created = (await staffAct(page, '/api/applet/mall/createOrder', () => page.getByTestId('settle-submit').click())) as {
      orders: { id: number; order_sn: string }[];
    };
    s.orderId = created.orders[0].id;
    s.orderSn = created.orders[0].order_sn;
    await expect(page.getByTestId('order-created')).toBeVisible();
    await page.getByTestId('pay-wallet').click();
    await page.getByTestId('pay-popup').getByTestId('pay-submit').click();
    await expect(page.getByTestId('pay-done')).toHaveAttribute('data-state', 'paid');
    await page.getByTestId('done-orders').click();
    const card = page.getByTestId('mall-orders').getByTestId(`mall-order-${s.orderId}`);
    await expect(card).toHaveAttribute('data-status', 'waiting_ship');
    await expect(card.getByTestId('order-status')).toHaveText('Waiting shipment');
    await shot(page, 'paid-390-en');
    await page.context().close();

    const order = await api.call(M.getRecordDetail, { id: s.orderId }, s.token);
    expect(order.status).toBe('waiting_ship');
    expect(order.rebate.currency).toBe('RMB');
    expect(order.rebate.amount_minor).toBeGreaterThan(0);
    s.rebateMinor = order.rebate.amount_minor;
  });

  test('the customer declares an ordinary parcel on the phone', async ({ browser }) => {
    const page = await phone(browser, 'en');
    await page.goto('/#/pages/order/creat');
    await page.getByTestId('tracking-no').locator('input').fill(s.ownTracking);
    await page.getByTestId('goods-name').locator('input').fill('Winter jacket');
    await page.getByTestId('goods-value').locator('input').fill('259');
    await page.getByTestId('declare-submit').click();
    await expect(page.getByTestId('declared')).toContainText(s.ownTracking);
    await page.context().close();
  });

  test('staff (中文 console) see the paid order, mark it bought and enter the tracking number', async ({ browser }) => {
    const desk = await consoleZh(browser);
    await desk.goto('/console/#/mall/orders');
    await desk.reload();
    await expect(desk.getByTestId('mall-tab-waiting_ship')).toContainText(/已付款待采购\s*[1-9]/);
    await desk.getByTestId('mall-tab-waiting_ship').click();
    await desk.getByTestId('mall-orders-search').fill(s.orderSn);
    await desk.getByTestId('mall-orders-search').press('Enter');
    await desk.getByTestId(`mall-order-${s.orderSn}`).click();
    const drawer = desk.getByTestId('mall-order-drawer');
    await expect(drawer).toContainText(s.orderSn);
    await expect(drawer.getByTestId('mall-status')).toHaveText('已付款待采购');
    await expect(drawer).toContainText(`${s.account} (#${s.userId})`);
    await shot(desk, 'console-paid-1280-zh');

    await drawer.getByTestId('mall-platform-no').fill(s.platformNo);
    await drawer.getByTestId('mall-purchase').click();
    await expect(desk.locator('.ant-modal-confirm')).toContainText(`确认订单 ${s.orderSn} 已采购？`);
    const bought = (await staffAct(desk, '/admin/mall/orders/purchase', () => desk.getByTestId('mall-confirm-ok').click())) as {
      platform_order_no: string;
      status: string;
    };
    expect(bought).toMatchObject({ platform_order_no: s.platformNo, status: 'waiting_ship' });

    await drawer.getByTestId('mall-tracking').fill(s.mallTracking);
    await expect(desk.locator('[data-testid="mall-carrier"] input, input[data-testid="mall-carrier"]').first()).toHaveValue('顺丰速运');
    await drawer.getByTestId('mall-ship').click();
    await expect(desk.locator('.ant-modal-confirm')).toContainText(s.mallTracking);
    const shipped = (await staffAct(desk, '/admin/mall/orders/ship', () => desk.getByTestId('mall-confirm-ok').click())) as {
      status: string;
      tracking_no: string;
      parcel_id: number;
    };
    expect(shipped).toMatchObject({ status: 'shipped', tracking_no: s.mallTracking });
    s.mallParcelId = shipped.parcel_id;
    await expect(drawer.getByTestId('mall-status')).toHaveText('已发往仓库');
    await expect(drawer).toContainText(s.platformNo);
    await expect(drawer.getByTestId('mall-order-parcel')).toBeVisible();
    await shot(desk, 'console-shipped-1280-zh');
    await desk.context().close();

    const order = await api.call(M.getRecordDetail, { id: s.orderId }, s.token);
    expect(order).toMatchObject({ status: 'shipped', platform_order_no: s.platformNo, tracking_no: s.mallTracking });
  });

  test('the warehouse scans both parcels in (console inbound scan, 中文)', async ({ browser }) => {
    const desk = await consoleZh(browser);
    await desk.goto('/console/#/inbound');
    for (const [tracking, size] of [
      [s.mallTracking, ['1.2', '30', '20', '15']],
      [s.ownTracking, ['2.4', '50', '40', '20']],
    ] as const) {
      await desk.getByTestId('scan-weight').fill(size[0]);
      await desk.getByTestId('scan-length').fill(size[1]);
      await desk.getByTestId('scan-width').fill(size[2]);
      await desk.getByTestId('scan-height').fill(size[3]);
      await desk.getByTestId('scan-shelf').fill('M-01-1');
      await desk.getByTestId('scan-input').fill(tracking);
      const scanned = (await staffAct(desk, '/terminal/scannedInbound', () => desk.getByTestId('scan-input').press('Enter'))) as {
        matched: boolean;
        parcel: { id: number; tracking_no: string } | null;
      };
      expect(scanned.matched, tracking).toBe(true);
      expect(scanned.parcel!.tracking_no).toBe(tracking);
      if (tracking === s.ownTracking) s.ownParcelId = scanned.parcel!.id;
      else expect(scanned.parcel!.id).toBe(s.mallParcelId);
      await expect(desk.getByTestId('scan-result')).toHaveAttribute('data-outcome', 'matched');
      await expect(desk.getByTestId('scan-result')).toContainText(`匹配预报 — 客户 ${s.account} (#${s.userId})`);
      await expect(desk.getByTestId('scan-log')).toContainText(tracking);
    }
    await shot(desk, 'console-inbound-1280-zh');
    await desk.context().close();
  });

  test('the customer sees both parcels in the warehouse and asks to pack them together', async ({ browser }) => {
    const page = await phone(browser, 'en');
    await page.goto('/#/pages/order/all?tab=warehouse');
    for (const tracking of [s.mallTracking, s.ownTracking])
      await expect(page.locator(`[data-testid="parcel-card"][data-tracking="${tracking}"]`)).toBeVisible({ timeout: 30_000 });
    // The courier staff named in Chinese is the mall parcel's courier (not "Unknown carrier").
    await expect(page.locator(`[data-testid="parcel-card"][data-tracking="${s.mallTracking}"]`)).toContainText('SF Express');
    await page.goto('/#/pages/order/package');
    await page.getByTestId(`pick-${s.mallTracking}`).click();
    await page.getByTestId(`pick-${s.ownTracking}`).click();
    await expect(page.getByTestId('pack-submit')).toContainText('2');
    await page.locator('[data-testid^="date-"]:not(.off)').first().click();
    await shot(page, 'pack-request-390-en');
    const pack = (await staffAct(page, '/api/applet/orderApplyPack', () => page.getByTestId('pack-submit').click())) as {
      id: number;
      pack_no: string;
    };
    s.packId = pack.id;
    s.packNo = pack.pack_no;
    await expect(page).toHaveURL(/package-detail\?id=\d+/);
    await expect(page.getByTestId('pack-status')).toContainText('Waiting to be packed');
    await page.context().close();
    const detail = await api.call(P.getUserPackDetail, { pack_id: s.packId }, s.token);
    expect(detail.parcels.map((p) => p.id).sort()).toEqual([s.mallParcelId, s.ownParcelId].sort());
  });

  test('the packing station measures the pack and issues the bill (中文 console)', async ({ browser }) => {
    const desk = await consoleZh(browser);
    await desk.goto('/console/#/packing');
    await desk.getByTestId(`packing-user-${s.account}`).click();
    await desk.getByTestId(`packing-request-${s.packNo}`).click();
    await desk.getByTestId('measure-weight-0').fill('3.8');
    await desk.getByTestId('measure-length-0').fill('55');
    await desk.getByTestId('measure-width-0').fill('42');
    await desk.getByTestId('measure-height-0').fill('30');
    await staffAct(desk, '/admin/parcels/packMeasure', () => desk.getByTestId('issue-bill').click());
    await expect(desk.getByTestId('bill-result')).toContainText(s.packNo);
    await expect(desk.getByTestId('price-total')).toContainText(/S\$\d+\.\d\d/);
    await shot(desk, 'console-packing-1280-zh');
    await desk.context().close();
    // The mall order follows its parcel: packed.
    expect((await api.call(M.getRecordDetail, { id: s.orderId }, s.token)).status).toBe('packed');
  });

  test('the customer pays the pack bill on the phone', async ({ browser }) => {
    const bill = await api.call(P.getUserPackDetail, { pack_id: s.packId }, s.token);
    expect(bill.status).toBe('packed');
    const amount = `S$${(bill.amount.amount_minor / 100).toFixed(2)}`;
    const page = await phone(browser, 'en');
    await page.goto(`/#/pages/order/package-detail?id=${s.packId}`);
    await expect(page.getByTestId('pack-status')).toHaveText('Packed, freight to pay');
    await expect(page.getByTestId('pack-bill')).toContainText(amount);
    await page.getByTestId('pack-pay').click();
    await expect(page.getByTestId('pay-panel')).toContainText(amount);
    await page.getByTestId('pay-submit').click();
    await expect(page.getByTestId('pack-status')).toContainText('Paid, waiting for');
    await page.context().close();
  });

  test('staff ship the pack in an outbound batch through every stage to delivered (console)', async ({ browser }) => {
    s.balanceBeforeDelivery = (await api.call(contract.wallet.getTransactionList, { page: 1, page_size: 1 }, s.token)).balance.amount_minor;
    const desk = await consoleZh(browser);
    await desk.goto('/console/#/batches');
    await desk.getByTestId('batch-create').click();
    await desk.getByTestId('batch-container').fill(`MSKU${uniq.slice(-7)}`);
    await staffAct(desk, '/admin/parcels/batchCreate', () => desk.getByTestId('batch-create-ok').click());
    const drawer = desk.getByTestId('batch-drawer');
    await expect(drawer).toBeVisible();
    await pickOption(desk, drawer.getByTestId('batch-add-select'), s.packNo);
    await staffAct(desk, '/admin/parcels/batchAddPacks', () => drawer.getByTestId('batch-add-packs').click());
    await expect(drawer.locator('code', { hasText: s.packNo })).toBeVisible();
    for (const stage of logisticsStages) {
      await drawer.getByTestId(`batch-stage-${stage}`).click();
      const confirm = desk.getByTestId('batch-stage-confirm');
      await expect(confirm).toBeVisible();
      await staffAct(desk, '/admin/parcels/batchAdvance', () => confirm.click());
      await expect(confirm).toBeHidden();
      await expect(drawer.getByTestId(`batch-stage-${stage}`)).toHaveCount(0);
    }
    // The desk works in 中文: the batch status is translated ('delivered' in English).
    await expect(drawer.getByTestId('batch-status')).toHaveText('已送达');
    await shot(desk, 'console-batch-1280-zh');
    await desk.context().close();
  });

  test('the customer confirms receipt; the mall order is done and its rebate is in the wallet (English, then 中文)', async ({
    browser,
  }) => {
    const page = await phone(browser, 'en');
    await page.goto(`/#/pages/order/package-detail?id=${s.packId}`);
    await expect(page.getByTestId('pack-status')).toContainText('Delivered');
    await page.getByTestId('pack-sign').click();
    await staffAct(page, '/api/applet/siginOut', () =>
      page.locator('.adm-dialog-button', { hasText: 'OK' }).filter({ visible: true }).last().click(),
    );
    await expect.poll(async () => (await api.call(P.getOrderDetail, { id: s.mallParcelId }, s.token)).status).toBe('received');

    // The order centre: the mall order is done, its rebate credited.
    await page.goto('/#/pages/sub/order-center?tab=done');
    const card = page.getByTestId('mall-orders').getByTestId(`mall-order-${s.orderId}`);
    await expect(card).toHaveAttribute('data-status', 'done');
    await expect(card.getByTestId('order-status')).toHaveText('Done');
    await shot(page, 'orders-done-390-en');
    await card.locator('.mall-order-items').click();
    await expect(page.getByTestId('detail-status')).toHaveText('Done');
    await expect(page.getByTestId('mall-order-detail')).toContainText('credited');
    const done = await api.call(M.getRecordDetail, { id: s.orderId }, s.token);
    expect(done).toMatchObject({ status: 'done', rebate_credited: true });
    const after = await api.call(contract.wallet.getTransactionList, { page: 1, page_size: 5 }, s.token);
    // Against the balance before delivery, not before this step: the order is done once its parcel is delivered,
    // and the mall's job (or the customer reading orders) may credit the rebate before the receipt is confirmed
    // (a CI run read the balance after that and saw no growth here).
    expect(after.balance.amount_minor).toBeGreaterThan(s.balanceBeforeDelivery);
    const rebate = after.list.find((x) => x.type === 'adjustment' && x.amount.amount_minor > 0)!;
    expect(rebate, 'a rebate credit in the transactions').toBeTruthy();

    // The rebate in the wallet's transactions, named as such.
    await page.goto('/#/pages/sub/rechange-list');
    await expect(page.getByTestId('transaction').first()).toContainText('Mall rebate');
    await expect(page.getByTestId('transaction').first()).toContainText(formatMoney(rebate.amount, { sign: true }));
    await shot(page, 'rebate-390-en');
    await page.context().close();

    // The same in Chinese.
    const zh = await phone(browser, 'zh_CN');
    await zh.goto('/#/pages/sub/order-center?tab=done');
    const zhCard = zh.getByTestId('mall-orders').getByTestId(`mall-order-${s.orderId}`);
    await expect(zhCard.getByTestId('order-status')).toHaveText('已完成');
    await expect(zh.getByTestId('order-tab-done')).toHaveText('已完成');
    await shot(zh, 'orders-done-390-zh');
    await zh.goto('/#/pages/sub/rechange-list');
    await expect(zh.getByTestId('transaction').first()).toContainText('商城返利');
    await shot(zh, 'rebate-390-zh');
    await zh.context().close();
  });
});
