import { expect, test, type Browser, type Page } from '@playwright/test';
import { contract, formatMoney, logisticsStageText } from '@pinyou/contract';
import { logisticsStages } from '../packages/contract/src/domains/parcels.contract.ts';
import { ADMIN, adminConsole, useLanguage } from './support.ts';
import { apiClient } from './parcels-api.ts';

/**
 * Issue 9, the whole group journey on a phone: a customer applies to lead a group and the leader desk approves
 * it in the console; the new leader sets a packing date (中文); a visitor finds the leader by postcode, opens the
 * leader's share link and joins; members declare GROUP parcels; the warehouse scans them in and the members
 * apply to pack; staff plan, pack, measure and close the group batch in the console; one member pays in the
 * app, the leader pays for another; the batch goes outbound through the sea stages and arrives at the leader's;
 * the leader confirms pickups by code (中文) and the members see their parcels collected (English).
 *
 * Steps without a screen (scanning in, the outbound batch's stages, the sandbox WeChat login
 * that gives a customer a session) run through the signed API, as the warehouse or a second device would.
 */

type Api = ReturnType<typeof apiClient>;
const G = contract.groups;
const GA = contract.groupsAdmin;
const P = contract.parcels;

const uniq = Math.random().toString(36).slice(2, 7);
const leaderName = `Yishun${uniq.replace(/[^a-z0-9]/gi, '')}`;
const tracking = (prefix: string) => `${prefix}${Date.now().toString().slice(-9)}${Math.floor(Math.random() * 90 + 10)}`;

/** What the serial steps hand on to each other. */
const s = {
  staff: '',
  leader: { token: '', id: 0, account: '', groupId: 0 },
  a: { token: '', id: 0, account: '', tracking: '', parcelId: 0, packId: 0, packNo: '' },
  b: { token: '', id: 0, account: '', tracking: '', parcelId: 0, packId: 0, packNo: '' },
  shareLink: '',
  batchId: 0,
  batchNo: '',
};

async function customer(api: Api, tag: string) {
  const login = await api.call(contract.account.appletLogin, { code: `sandbox:journey-${tag}-${Date.now()}-${uniq}` });
  const me = await api.call(contract.account.authInfo, {}, login.token);
  await api.call(
    contract.account.editUserAddress,
    {
      receiver: `Journey ${tag}`,
      phone: '91234567',
      district: 'Yishun',
      address: 'Blk 760 Yishun St 72 #05-11',
      postcode: '760760',
      is_default: 1,
    },
    login.token,
  );
  await api.call(
    contract.walletAdmin.adminAdjustBalance,
    { user_id: me.user_id, amount: '200', reason: 'E2E group journey float', idempotency_key: `journey${tag}${me.user_id}` },
    s.staff,
  );
  return { token: login.token, id: me.user_id, account: me.user_account };
}

/** A phone page with this customer's session and language. */
async function phone(browser: Browser, token: string | null, lang: 'en' | 'zh_CN') {
  const ctx = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    locale: 'en-SG',
  });
  const page = await ctx.newPage();
  await useLanguage(page, lang);
  // Toasts last two seconds, which a busy machine can miss: every toast shown is kept for the assertions.
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { __toasts: string[] }).__toasts = []);
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('.adm-toast-main')) {
        const text = el.textContent ?? '';
        if (text && seen[seen.length - 1] !== text) seen.push(text);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  if (token) await page.addInitScript((t) => localStorage.setItem('TOKEN', JSON.stringify({ content: t, expire: 0 })), token);
  return page;
}

/** A toast with this text (or matching it) was shown on the page. */
async function expectToast(page: Page, text: string | RegExp) {
  const matches = (x: string) => (typeof text === 'string' ? x === text : text.test(x));
  const shown = () => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);
  await expect.poll(async () => (await shown()).filter(matches), { message: `a toast ${String(text)}` }).not.toHaveLength(0);
}

/** The leader types a pickup code and confirms; the server's answer says whose and whether it was already collected. */
async function confirmPickup(page: Page, code: string) {
  await page.getByTestId('pickup-code').locator('input').fill(code);
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/applet/confirmGroupPickup'));
  await page.getByTestId('pickup-confirm').click();
  const env = (await (await answered).json()) as { code: number; msg: string; data: { user_account: string; already_signed: boolean } };
  expect(env.code, env.msg).toBe(0);
  return { who: env.data.user_account, already: env.data.already_signed };
}

// A laptop screen: the group batches table scrolls inside its card.
const consolePage = adminConsole;

/** Clicks a console button and checks the server's answer, so a refusal fails with its message. */
async function consoleAct(page: Page, testId: string, path: string) {
  const answered = page.waitForResponse((r) => r.url().endsWith(path));
  await page.getByTestId(testId).click();
  const envelope = (await (await answered).json()) as { code: number; msg: string };
  expect(envelope.code, `${testId}: ${envelope.msg}`).toBe(0);
}

const batchRow = (page: Page) => page.locator('.ant-table-row', { hasText: s.batchNo });

test.describe.serial('group journey (issue 9)', () => {
  let api: Api;
  test.beforeAll(async ({ baseURL }) => {
    api = apiClient(baseURL!);
    s.staff = (await api.call(contract.admin.adminLogin, { account: ADMIN.account, password: ADMIN.password })).token;
  });

  test('a customer applies to lead a group (中文), the leader desk approves it, the leader sets a packing date', async ({ browser }) => {
    s.leader = { ...(await customer(api, 'leader')), groupId: 0 };
    const page = await phone(browser, s.leader.token, 'zh_CN');
    await page.goto('/#/pages/index/index');
    await page.goto('/#/pages/group/apply-leader');
    await page.getByTestId('apply-name').locator('input').fill(leaderName);
    await page.getByTestId('apply-phone').locator('input').fill('91238888');
    await page.getByTestId('apply-address').locator('input').fill('Blk 760 Yishun St 72');
    await page.getByTestId('apply-floor').locator('input').fill('08');
    await page.getByTestId('apply-unit').locator('input').fill('123');
    await page.getByTestId('apply-postcode').locator('input').fill('760760');
    await page.getByTestId('apply-rules').click();
    await page.getByTestId('apply-submit').click();
    // Submitted: the form closes; the application waits for the leader desk.
    await expect(page).not.toHaveURL(/apply-leader/);

    // The leader desk approves the application in the console.
    const desk = await consolePage(browser);
    await desk.goto('/console/#/groups/applications');
    const row = desk.locator('.ant-table-row', { hasText: leaderName });
    await expect(row).toContainText('To review');
    await consoleAct(desk, `approve-${s.leader.account}`, '/admin/groups/applications/review');
    await expect(row).toContainText('Approved');
    await desk.goto('/console/#/groups/list');
    await expect(desk.locator('.ant-table-row', { hasText: leaderName })).toContainText('760760');
    await desk.context().close();

    const me = await api.call(contract.account.authInfo, {}, s.leader.token);
    expect(me.examine_status).toBe(1);
    s.leader.groupId = me.group_id!;

    // The new leader sets a weekly packing date on the phone, in Chinese.
    await page.goto('/#/pages/group/my-group');
    await page.reload();
    await expect(page.getByTestId('my-group')).toContainText(leaderName);
    await expect(page.getByTestId('my-group')).toContainText('暂无打包日期');
    const start = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    // Weekly on Saturdays is what the form starts with.
    await page.getByTestId('pack-start').locator('input').fill(start);
    await page.getByTestId('pack-save').click();
    await expect(page.getByTestId('my-group')).toContainText(/\d{4}-\d{2}-\d{2}/);
    await expect(page.getByTestId('my-group')).not.toContainText('暂无打包日期');

    // Its share link (copied from "My") carries the group for visitors.
    await page.addInitScript(() => {
      const w = window as unknown as { __copied?: string };
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: { writeText: async (text: string) => void (w.__copied = text) },
      });
    });
    await page.goto('/#/pages/my/index');
    await page.reload();
    await page.getByText('分享邀请链接').click();
    await expectToast(page, '复制成功');
    s.shareLink = (await page.evaluate(() => (window as unknown as { __copied?: string }).__copied)) ?? '';
    expect(s.shareLink).toContain(`group_id=${s.leader.groupId}`);
    expect(s.shareLink).toContain(`group_name=${leaderName}`);
    await page.context().close();

    const batches = await api.call(GA.adminGroupBatches, { group_id: s.leader.groupId, page: 1, page_size: 10 }, s.staff);
    expect(batches.list.length).toBeGreaterThan(0);
    s.batchId = batches.list[0].id;
    s.batchNo = batches.list[0].batch_no;
    expect(batches.list[0].status).toBe('wait_plan');
  });

  test('a visitor finds the leader by postcode, joins by the share link and declares GROUP parcels (English)', async ({ browser }) => {
    const page = await phone(browser, null, 'en');
    await page.goto('/#/pages/map/index');
    await page.getByTestId('map-postcode').locator('input').fill('760761');
    await page.getByTestId('map-search').click();
    const card = page.locator('[data-testid^="group-"]', { hasText: leaderName }).first();
    await expect(card).toBeVisible();
    await expect(card).toContainText('Yishun');

    // The share link opened before logging in: the group is kept for after login.
    await page.goto('about:blank');
    await page.goto(s.shareLink);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('GROUP_ID'))).toContain(String(s.leader.groupId));
    // The visitor logs in with WeChat (sandbox) on this phone: the session is stored as the app stores it.
    s.a = { ...s.a, ...(await customer(api, 'a')) };
    await page.evaluate((t) => localStorage.setItem('TOKEN', JSON.stringify({ content: t, expire: 0 })), s.a.token);
    await page.goto('/#/pages/group/join');
    await page.reload();
    await expect(page.getByTestId('join-name')).toHaveText(leaderName);
    await page.getByTestId('join-submit').click();
    // (Not the "You joined" toast: the next screen's loading indicator can replace it before it is drawn.)
    await expect(page).toHaveURL(/pages\/group\/detail/);
    await expect(page.getByTestId('group-detail')).toContainText(leaderName);
    await expect(page.getByTestId('group-detail')).toContainText('760760');

    // Member A declares a GROUP parcel on the phone.
    await page.getByTestId('open-delivery-add').click();
    s.a.tracking = tracking('SF');
    await page.getByTestId('addon-tracking-0').locator('input').fill(s.a.tracking);
    await page.getByTestId('addon-name-0').locator('input').fill('Rice cooker');
    await page.getByTestId('addon-value-0').locator('input').fill('199');
    await page.getByTestId('addon-submit').click();
    await expect(page.getByTestId('addon-added')).toContainText(s.a.tracking);
    await page.context().close();

    // A second member joins by the same link on another device and declares too.
    s.b = { ...s.b, ...(await customer(api, 'b')) };
    await api.call(G.joinGroup, { group_id: s.leader.groupId }, s.b.token);
    s.b.tracking = tracking('YT');
    const declared = await api.call(
      P.createOrder,
      { tracking_no: s.b.tracking, goods_name: 'Bed sheets', goods_value: '88', quantity: 1, category: 'normal', mode: 'GROUP' },
      s.b.token,
    );
    expect(declared.mode).toBe('GROUP');
  });

  test('the warehouse scans the parcels in; members apply to pack', async ({ browser }) => {
    for (const [m, size] of [
      [s.a, { weight_kg: '3.2', length_cm: '50', width_cm: '40', height_cm: '30' }],
      [s.b, { weight_kg: '1.5', length_cm: '40', width_cm: '30', height_cm: '20' }],
    ] as const) {
      const scanned = await api.call(P.scannedInbound, { tracking_no: m.tracking, ...size, shelf: 'G-01-1' }, s.staff);
      expect(scanned.matched).toBe(true);
      m.parcelId = scanned.parcel!.id;
    }
    // Member A applies on the phone: a GROUP pack needs no packing date (the group's date applies).
    const page = await phone(browser, s.a.token, 'en');
    await page.goto('/#/pages/index/index');
    await page.goto('/#/pages/order/package');
    await page.getByTestId(`pick-${s.a.tracking}`).click();
    // The mode follows the parcel's declared mode (GROUP): no packing date to choose, the group's applies.
    await expect(page.getByTestId('pack-dates')).toHaveCount(0);
    await page.getByTestId('pack-submit').click();
    await expect(page).toHaveURL(/package-detail\?id=\d+/);
    s.a.packId = Number(new URL(page.url().replace('/#/', '/')).searchParams.get('id'));
    await expect(page.getByTestId('pack-status')).toContainText('Waiting to be packed');
    await page.context().close();
    const packA = await api.call(P.getUserPackDetail, { pack_id: s.a.packId }, s.a.token);
    expect(packA.mode).toBe('GROUP');
    s.a.packNo = packA.pack_no;

    const packB = await api.call(P.orderApplyPack, { parcel_ids: [s.b.parcelId], mode: 'GROUP' }, s.b.token);
    expect(packB.status).toBe('applied');
    s.b.packId = packB.id;
    s.b.packNo = packB.pack_no;
  });

  test('staff plan, pack, measure and bill each member, and close the group batch in the console', async ({ browser }) => {
    const desk = await consolePage(browser);
    await desk.goto('/console/#/groups/batches');
    await expect(batchRow(desk)).toContainText('Waiting for a plan');
    await expect(batchRow(desk)).toContainText(leaderName);
    await desk.getByTestId('gb-container').fill('GRPU7600001');
    await desk.getByPlaceholder('Unit price (S$/cbm)').fill('80');
    await consoleAct(desk, `gb-plan-${s.batchNo}`, '/admin/groups/batches/advance');
    await expect(batchRow(desk)).toContainText('Waiting to pack');
    await expect(batchRow(desk)).toContainText('GRPU7600001');
    await consoleAct(desk, `gb-pack-${s.batchNo}`, '/admin/groups/batches/advance');
    await expect(batchRow(desk)).toContainText('Packing');
    // Both members' packs joined the batch.
    await expect(batchRow(desk).locator('td').nth(8)).toHaveText('2');

    // Not every member measured yet: closing is refused.
    const early = desk.waitForResponse((r) => r.url().endsWith('/admin/groups/batches/advance'));
    await desk.getByTestId(`gb-packed-${s.batchNo}`).click();
    expect(((await (await early).json()) as { code: number }).code).not.toBe(0);

    // Member A's pack is measured at the packing station; B's through the station's API.
    await desk.goto('/console/#/packing');
    await desk.getByTestId(`packing-user-${s.a.account}`).click();
    await desk.getByTestId(`packing-request-${s.a.packNo}`).click();
    // A group-sea pack goes to the leader's place: the station shows the leader's pick-up, not the member's home.
    await expect(desk.getByTestId('packing-pickup')).toContainText(leaderName);
    await expect(desk.getByTestId('packing-pickup')).toContainText('760760');
    await desk.getByTestId('measure-weight-0').fill('3.4');
    await desk.getByTestId('measure-length-0').fill('50');
    await desk.getByTestId('measure-width-0').fill('40');
    await desk.getByTestId('measure-height-0').fill('30');
    await desk.getByTestId('issue-bill').click();
    await expect(desk.getByTestId('bill-result')).toContainText(`Bill issued for ${s.a.packNo}`);
    await expect(desk.getByTestId('price-total')).toContainText(/S\$\d+\.\d\d/);
    await api.call(
      contract.parcelsAdmin.adminPackMeasure,
      { pack_id: s.b.packId, pieces: [{ weight_kg: '1.6', length_cm: '40', width_cm: '30', height_cm: '25' }] },
      s.staff,
    );

    await desk.goto('/console/#/groups/batches');
    await consoleAct(desk, `gb-packed-${s.batchNo}`, '/admin/groups/batches/advance');
    await expect(batchRow(desk)).toContainText('Packed');
    // Outbound waits for every member's payment.
    const unpaid = desk.waitForResponse((r) => r.url().endsWith('/admin/groups/batches/advance'));
    await desk.getByTestId(`gb-outbound-${s.batchNo}`).click();
    expect(((await (await unpaid).json()) as { code: number }).code).not.toBe(0);
    await desk.context().close();
  });

  test('one member pays in the app; the leader pays for the other', async ({ browser }) => {
    const billA = await api.call(P.getUserPackDetail, { pack_id: s.a.packId }, s.a.token);
    expect(billA.status).toBe('packed');
    const amountA = `S$${(billA.amount.amount_minor / 100).toFixed(2)}`;
    const page = await phone(browser, s.a.token, 'en');
    await page.goto('/#/pages/index/index');
    await page.goto(`/#/pages/order/package-detail?id=${s.a.packId}`);
    await expect(page.getByTestId('pack-status')).toHaveText('Packed, freight to pay');
    await expect(page.getByTestId('pack-bill')).toContainText(amountA);
    await page.getByTestId('pack-pay').click();
    await expect(page.getByTestId('pay-panel')).toContainText(amountA);
    await page.getByTestId('pay-submit').click();
    await expect(page.getByTestId('pack-status')).toContainText('Paid, waiting for');
    await page.context().close();

    // The leader in English, with the pay list failing at first: a failure with retry, never "nothing to pay";
    // once the server answers again, a retry shows who owes.
    const en = await phone(browser, s.leader.token, 'en');
    await en.route(`**${G.getPackGroupUserList.path}`, (route) => route.fulfill({ status: 503, body: 'down' }));
    await en.goto('/#/pages/sub/mygroup');
    await en.getByText(s.batchNo).first().click();
    const failed = en.getByTestId('collection').getByTestId('failure-state');
    await expect(failed).toBeVisible();
    await expect(en.getByTestId('collection-empty')).toHaveCount(0);
    await expect(en.getByTestId('pay-for-all')).toHaveCount(0);
    if (process.env.E2E_SHOTS_DIR)
      await en.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/mygroup-pay-failing-en-390.png`, fullPage: true });
    await en.unroute(`**${G.getPackGroupUserList.path}`);
    await failed.getByTestId('retry').click();
    await expect(en.getByTestId('collection').getByTestId(`collect-${s.b.account}`)).toContainText('Unpaid');
    await expect(en.getByTestId('collection').getByTestId(`collect-${s.a.account}`)).toContainText('Paid');
    await expect(en.getByTestId('pay-for-all')).toContainText('(1 member,');
    if (process.env.E2E_SHOTS_DIR) {
      await en.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/mygroup-pay-en-390.png`, fullPage: true });
      await en.setViewportSize({ width: 320, height: 700 });
      await en.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/mygroup-pay-en-320.png`, fullPage: true });
    }
    await en.context().close();

    // The leader (中文) sees who has paid, and pays member B's bill from the leader's balance.
    const leader = await phone(browser, s.leader.token, 'zh_CN');
    await leader.goto('/#/pages/sub/mygroup');
    await leader.getByText(s.batchNo).first().click();
    const collection = leader.getByTestId('collection');
    await expect(collection.getByTestId(`collect-${s.a.account}`)).toContainText('已支付');
    await expect(collection.getByTestId(`collect-${s.b.account}`)).toContainText('未支付');
    const owed = await api.call(G.getPackGroupUserList, { batch_id: s.batchId }, s.leader.token);
    const rowB = owed.list.find((r) => r.user_id === s.b.id)!;
    expect(rowB.paid).toBe(false);
    expect(rowB.bill_ids.length).toBe(1);
    // Member A has paid: no pay button on that row; B's row has one, and the pay panel shows B's amount.
    await expect(collection.getByTestId(`pay-for-${s.a.account}`)).toHaveCount(0);
    await expect(collection.getByTestId(`tick-${s.a.account}`)).toHaveCount(0);
    await expect(collection.getByTestId(`pay-for-${s.b.account}`)).toBeVisible();
    // The leader ticks the members to pay for (here B) and pays them in one payment.
    await collection.getByTestId(`tick-${s.b.account}`).click();
    if (process.env.E2E_SHOTS_DIR) {
      await leader.setViewportSize({ width: 320, height: 700 });
      await leader.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/mygroup-pay-zh-320.png`, fullPage: true });
      await leader.setViewportSize({ width: 390, height: 844 });
    }
    await collection.getByTestId('pay-for-ticked').click();
    await expect(leader.getByTestId('pay-panel')).toContainText(formatMoney(rowB.amount));
    await leader.getByTestId('pay-submit').click();
    await expect(collection.getByTestId(`collect-${s.b.account}`)).toContainText('已支付');
    await expect(collection.getByTestId(`collect-${s.b.account}`)).toContainText(formatMoney(rowB.amount));
    await expect(collection.getByTestId(`pay-for-${s.b.account}`)).toHaveCount(0);
    // The payment is in the leader's transactions as paid for members.
    await leader.goto('/#/pages/sub/rechange-list');
    await expect(leader.getByTestId('transaction').first()).toContainText('代付团员订单');
    await leader.context().close();
    expect((await api.call(P.getUserPackDetail, { pack_id: s.b.packId }, s.b.token)).status).toBe('paid');
  });

  test('outbound through the sea stages, arrived; the leader confirms pickups by code; members see them collected', async ({ browser }) => {
    const desk = await consolePage(browser);
    await desk.goto('/console/#/groups/batches');
    await consoleAct(desk, `gb-outbound-${s.batchNo}`, '/admin/groups/batches/advance');
    await expect(batchRow(desk)).toContainText('Shipped');
    const [view] = (await api.call(GA.adminGroupBatches, { group_id: s.leader.groupId, page: 1, page_size: 10 }, s.staff)).list.filter(
      (b) => b.id === s.batchId,
    );
    expect(view.outbound_batch_id).toBeTruthy();
    // Not at the leader's yet: "arrived" is refused before unpacking/delivery.
    const tooEarly = desk.waitForResponse((r) => r.url().endsWith('/admin/groups/batches/advance'));
    await desk.getByTestId(`gb-arrived-${s.batchNo}`).click();
    expect(((await (await tooEarly).json()) as { code: number }).code).not.toBe(0);

    // Member A, before arrival: the pickup code and the batch outbound (English).
    const member = await phone(browser, s.a.token, 'en');
    await member.goto('/#/pages/index/index');
    await member.goto('/#/pages/group/order');
    await expect(member.getByTestId(`batch-${s.batchNo}`)).toContainText('Outbound');
    await member.getByTestId(`batch-${s.batchNo}`).click();
    await expect(member.getByTestId('my-pickup-code')).toHaveText(/\S+/);
    const code = (await member.getByTestId('my-pickup-code').textContent())!.trim();
    await expect(member.getByTestId(`my-collection-${s.batchId}`)).toContainText('Paid');
    await expect(member.getByTestId(`my-collection-${s.batchId}`)).toContainText('Not collected');

    // The outbound batch moves through the sea stages to unpacking/delivery.
    for (const stage of logisticsStages.slice(0, logisticsStages.indexOf('unpacking_delivery') + 1))
      await api.call(contract.parcelsAdmin.adminBatchAdvance, { batch_id: view.outbound_batch_id!, stage }, s.staff);
    await desk.reload();
    await expect(batchRow(desk)).toContainText(logisticsStageText.unpacking_delivery.en);
    await consoleAct(desk, `gb-arrived-${s.batchNo}`, '/admin/groups/batches/advance');
    await expect(desk.getByTestId(`gb-arrived-${s.batchNo}`)).toHaveCount(0);
    await desk.context().close();

    // The leader confirms member A's pickup by the typed code (中文); a second time changes nothing.
    const leader = await phone(browser, s.leader.token, 'zh_CN');
    await leader.goto('/#/pages/sub/mygroup');
    await leader.getByText(s.batchNo).first().click();
    const rowA = leader.getByTestId(`collect-${s.a.account}`);
    await expect(rowA).toContainText('未取件');
    expect(await confirmPickup(leader, code)).toEqual({ who: s.a.account, already: false });
    await expect(rowA).toContainText('已取件');
    await expect(leader.getByTestId('pickup-code').locator('input')).toHaveValue('');
    expect(await confirmPickup(leader, code)).toEqual({ who: s.a.account, already: true });
    await expect(rowA).toContainText('已取件');
    const after = await api.call(G.GetPackUserOrderDetail, { batch_id: s.batchId }, s.a.token);
    expect(after.row.signed).toBe(true);
    const signedAt = after.row.signed_at;
    // Member B's code, from B's own device, is confirmed too.
    const codeB = (await api.call(G.GetPackUserOrderDetail, { batch_id: s.batchId }, s.b.token)).row.pickup_code;
    expect(await confirmPickup(leader, codeB)).toEqual({ who: s.b.account, already: false });
    await expect(leader.getByTestId(`collect-${s.b.account}`)).toContainText('已取件');
    await leader.context().close();
    expect((await api.call(G.GetPackUserOrderDetail, { batch_id: s.batchId }, s.a.token)).row.signed_at).toBe(signedAt);

    // Member A sees it collected.
    await member.reload();
    await expect(member.getByTestId(`my-collection-${s.batchId}`)).toContainText('Collected');
    await expect(member.getByTestId(`my-collection-${s.batchId}`)).not.toContainText('Not collected');
    await member.context().close();
  });

  test("the leader's reward for the batch is in the console's payouts, by group", async ({ browser }) => {
    const desk = await consolePage(browser);
    await desk.goto('/console/#/groups/payouts');
    await desk.getByTestId('payouts-group').fill(String(s.leader.groupId));
    const payout = desk.locator('tr', { hasText: s.batchNo });
    await expect(payout).toContainText('reward');
    await expect(payout).toContainText(leaderName);

    // The group in the console's list (found by the leader's name), its members paged and searched on the server.
    await desk.goto('/console/#/groups/list');
    await desk.getByTestId('groups-search').fill(leaderName);
    await desk.getByTestId('groups-search').press('Enter');
    await expect(desk.locator('.ant-table-row')).toHaveCount(1);
    await desk.getByTestId(`group-members-${s.leader.groupId}`).click();
    const modal = desk.locator('.ant-modal');
    for (const m of [s.a, s.b]) await expect(modal.locator('.ant-table-row', { hasText: m.account })).toBeVisible();
    const searched = desk.waitForResponse((r) => r.url().endsWith('/admin/groups/members'));
    await modal.getByTestId('members-search').fill(s.b.account);
    await modal.getByTestId('members-search').press('Enter');
    await searched;
    await expect(modal.locator('.ant-table-row')).toHaveCount(1);
    await expect(modal.locator('.ant-table-row')).toContainText(s.b.account);
    await desk.context().close();
  });
});
