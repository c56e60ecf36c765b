import { expect, test, type Page } from '@playwright/test';
import { contract, type MallSource } from '@pinyou/contract';
import { ADMIN } from './support.ts';
import { apiClient } from './parcels-api.ts';

/** The staff console's mall pages, driven as staff use them, with the customer's side through the API. */
test.use({ viewport: { width: 1360, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

const M = contract.mall;
const MA = contract.mallAdmin;
type Api = ReturnType<typeof apiClient>;
const key = (p: string) => `e2e-${p}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

async function consoleLogin(page: Page, lang: 'en' | 'zh_CN', account = ADMIN.account, password = ADMIN.password) {
  await page.addInitScript((l) => localStorage.setItem('pinyou-console-lang', l), lang);
  await page.goto('/console/#/login');
  // The login page speaks the remembered language too.
  const zh = lang === 'zh_CN';
  await page.getByLabel(zh ? '账号' : 'Account').fill(account);
  await page.getByLabel(zh ? '密码' : 'Password').fill(password);
  await page.getByRole('button', { name: zh ? /^登\s*录$/ : 'Log in' }).click();
  await expect(page.getByTestId('staff-name')).toBeVisible();
}

async function customer(api: Api) {
  return (await api.call(contract.account.login, { account: 'demo', password: 'demo1234' })).token;
}

async function staffToken(api: Api) {
  return (await api.call(contract.admin.adminLogin, { account: ADMIN.account, password: ADMIN.password })).token;
}

/** The customer buys the cheapest goods of a source in stock and pays from the wallet: a paid order. */
async function paidOrder(api: Api, token: string, source: MallSource) {
  const found = await api.call(M.getRequestParam, { keyword: '', source, sort: 'price_asc', page: 1, page_size: 20 }, token);
  const product = found.list.find((p) => p.on_sale && p.stock > 2);
  expect(product, `a ${source} product in stock`).toBeTruthy();
  const detail = await api.call(M.getDetail, { id: product!.id }, token);
  const sku = detail.skus.find((s) => s.stock > 0);
  const created = await api.call(
    M.createOrder,
    { product_id: product!.id, ...(sku ? { sku_id: sku.id } : {}), quantity: 1, shipping_mode: 'SEA', idempotency_key: key('mall') },
    token,
  );
  await api.call(contract.wallet.ordersPay, { bill_ids: created.bill_ids, idempotency_key: key('pay') }, token);
  const order = await api.call(M.getRecordDetail, { id: created.orders[0].id }, token);
  expect(order.status).toBe('waiting_ship');
  return order;
}

/** The courier field (an antd AutoComplete: its input inside the marked element, or the marked input itself). */
const carrierInput = (page: Page) => page.locator('[data-testid="mall-carrier"] input, input[data-testid="mall-carrier"]').first();

/** The orders page loaded afresh (a hash change alone keeps the page and its last answer). */
async function ordersPage(page: Page) {
  await page.goto('/console/#/mall/orders');
  await page.reload();
}

async function openOrder(page: Page, sn: string, tab: string) {
  await ordersPage(page);
  await page.getByTestId(`mall-tab-${tab}`).click();
  await page.getByTestId('mall-orders-search').fill(sn);
  await page.getByTestId('mall-orders-search').press('Enter');
  await page.getByTestId(`mall-order-${sn}`).click();
  const drawer = page.getByTestId('mall-order-drawer');
  await expect(drawer).toContainText(sn);
  return drawer;
}

test('staff see a paid order, mark it bought on the platform and enter tracking: it becomes the customer’s parcel', async ({
  page,
  baseURL,
}) => {
  const api = apiClient(baseURL!);
  const token = await customer(api);
  const order = await paidOrder(api, token, 'jd');

  await consoleLogin(page, 'en');
  await ordersPage(page);
  // Paid orders wait under the first tab, counted.
  await expect(page.getByTestId('mall-tab-waiting_ship')).toContainText(/Paid, to buy\s*[1-9]/);
  const drawer = await openOrder(page, order.order_sn, 'waiting_ship');
  await expect(drawer.getByTestId('mall-status')).toHaveText('Paid, to buy');
  await expect(drawer.getByTestId('mall-order-amounts')).toContainText(`¥${(order.total.amount_minor / 100).toFixed(2)}`);
  await expect(drawer).toContainText('demo (#');

  // A platform order needs its number: refused in the staff language before any call.
  await drawer.getByTestId('mall-purchase').click();
  await expect(drawer).toContainText('Enter the order number the platform gave');
  await drawer.getByTestId('mall-platform-no').fill('JD-E2E-240001');
  await drawer.getByTestId('mall-purchase').click();
  await expect(page.locator('.ant-modal-confirm')).toContainText(`Record order ${order.order_sn} as bought?`);
  await page.getByTestId('mall-confirm-ok').click();

  // Bought: now the courier and tracking number; the courier is suggested from the number.
  await drawer.getByTestId('mall-tracking').fill('SF1234567890123');
  await expect(carrierInput(page)).toHaveValue('SF Express');
  await drawer.getByTestId('mall-ship').click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('SF Express SF1234567890123');
  await page.getByTestId('mall-confirm-ok').click();
  await expect(drawer.getByTestId('mall-status')).toHaveText('Shipped to warehouse');
  await expect(drawer).toContainText('Bought on the platform');
  await expect(drawer).toContainText('JD-E2E-240001');
  await expect(drawer.getByTestId('mall-order-parcel')).toBeVisible();

  // The customer sees it shipped, and the goods are their declared parcel on its way to the warehouse.
  const shipped = await api.call(M.getRecordDetail, { id: order.id }, token);
  expect(shipped.status).toBe('shipped');
  expect(shipped.platform_order_no).toBe('JD-E2E-240001');
  expect(shipped.tracking_no).toBe('SF1234567890123');
  expect(shipped.parcel_id).toBeTruthy();
  const parcel = await api.call(contract.parcels.getOrderDetail, { id: shipped.parcel_id! }, token);
  expect(parcel.tracking_no).toBe('SF1234567890123');
  expect(parcel.status).toBe('pending');
});

test('staff change an own-shop product’s stock per SKU and edit the product', async ({ page, baseURL }) => {
  const api = apiClient(baseURL!);
  const staff = await staffToken(api);
  const own = await api.call(MA.adminMallProducts, { keyword: '', source: 'self', page: 1, page_size: 5 }, staff);
  expect(own.list.length).toBeGreaterThan(0);
  const product = await api.call(MA.adminMallProduct, { id: own.list[0].id }, staff);
  const sku = product.skus[0];

  await consoleLogin(page, 'en');
  await page.goto('/console/#/mall/products');
  await page.getByTestId('mall-products-source').click();
  await page.locator('.ant-select-item-option', { hasText: 'Our shop' }).click();
  await page.getByTestId(`mall-stock-${product.id}`).click();
  const input = page.getByTestId(`mall-sku-stock-${sku.id}`);
  await expect(input).toHaveValue(String(sku.stock));
  await input.fill(String(sku.stock + 7));
  await page.getByTestId(`mall-sku-stock-save-${sku.id}`).click();
  await expect(page.locator('.ant-message')).toContainText(`is now ${sku.stock + 7}`);
  const after = await api.call(M.getDetail, { id: product.id });
  expect(after.skus.find((s) => s.id === sku.id)!.stock).toBe(sku.stock + 7);
  await page.locator('.ant-modal-close').click();
  await expect(page.locator('.ant-modal-wrap')).toBeHidden();

  // The editor: a new English title is saved; the stock just set is kept.
  await page.getByTestId(`mall-product-edit-${product.id}`).click();
  const editor = page.getByTestId('mall-product-editor');
  await expect(editor.getByTestId('mall-product-title')).toHaveValue(product.title);
  await editor.getByTestId('mall-product-title-en').fill('E2E edited title');
  await editor.getByTestId('mall-product-save').click();
  await expect(page.locator('.ant-message')).toContainText('Product saved');
  const saved = await api.call(MA.adminMallProduct, { id: product.id }, staff);
  expect(saved.title_en).toBe('E2E edited title');
  expect(saved.skus.find((s) => s.id === sku.id)!.stock).toBe(sku.stock + 7);
});

test('中文: a cancellation request is refused with a reason, then confirmed with a refund; server errors in Chinese', async ({
  page,
  baseURL,
}) => {
  const api = apiClient(baseURL!);
  const token = await customer(api);
  const staff = await staffToken(api);

  // An order another staff member bought meanwhile: the stale button gets the server's answer in Chinese.
  const raced = await paidOrder(api, token, 'jd');
  await consoleLogin(page, 'zh_CN');
  let drawer = await openOrder(page, raced.order_sn, 'waiting_ship');
  await expect(drawer.getByTestId('mall-status')).toHaveText('已付款待采购');
  await api.call(MA.adminPurchaseMallOrder, { id: raced.id, platform_order_no: 'JD-OTHER-1' }, staff);
  await drawer.getByTestId('mall-platform-no').fill('JD-E2E-2');
  await drawer.getByTestId('mall-purchase').click();
  await page.getByTestId('mall-confirm-ok').click();
  await expect(page.locator('.ant-message')).toContainText('订单当前状态不能进行该操作');

  // The customer asks to cancel an order already bought: staff review it.
  const order = await paidOrder(api, token, 'jd');
  await api.call(MA.adminPurchaseMallOrder, { id: order.id, platform_order_no: 'JD-E2E-3' }, staff);
  expect((await api.call(M.cancelOrder, { id: order.id, reason: '买错了' }, token)).status).toBe('cancel_pending');

  await ordersPage(page);
  await expect(page.getByTestId('mall-tab-cancel_pending')).toContainText(/待确认取消\s*[1-9]/);
  drawer = await openOrder(page, order.order_sn, 'cancel_pending');
  await expect(drawer).toContainText('客户申请取消：买错了');
  await drawer.getByTestId('mall-cancel-refuse').click();
  await expect(drawer).toContainText('请输入原因');
  await drawer.getByTestId('mall-refuse-reason').fill('商家已发货，无法取消');
  await drawer.getByTestId('mall-cancel-refuse').click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('商家已发货，无法取消');
  await page.getByTestId('mall-confirm-ok').click();
  // The call's answer first: a failure prints the server's message here rather than a stale status.
  await expect(page.locator('.ant-message')).toContainText(`${order.order_sn}: ✓`);
  await expect(drawer.getByTestId('mall-status')).toHaveText('已付款待采购');
  await expect(drawer).toContainText('已拒绝取消');
  const refused = await api.call(M.getRecordDetail, { id: order.id }, token);
  expect(refused.status).toBe('waiting_ship');
  expect(refused.cancel_refused_reason).toBe('商家已发货，无法取消');

  // Asked again, and this time confirmed: the money goes back to the wallet.
  expect((await api.call(M.cancelOrder, { id: order.id, reason: '不想要了' }, token)).status).toBe('cancel_pending');
  const before = (await api.call(contract.wallet.getTransactionList, { page: 1, page_size: 1 }, token)).balance.amount_minor;
  await page.keyboard.press('Escape');
  drawer = await openOrder(page, order.order_sn, 'cancel_pending');
  await drawer.getByTestId('mall-cancel-approve').click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('退回其钱包');
  await page.getByTestId('mall-confirm-ok').click();
  await expect(drawer.getByTestId('mall-status')).toHaveText('已取消');
  await expect(drawer).toContainText('已退款');
  const cancelled = await api.call(M.getRecordDetail, { id: order.id }, token);
  expect(cancelled.status).toBe('cancelled');
  const after = (await api.call(contract.wallet.getTransactionList, { page: 1, page_size: 1 }, token)).balance.amount_minor;
  expect(after).toBeGreaterThan(before);
});

test('warehouse staff see mall orders (not goods) and may enter tracking, not buy or refund', async ({ page, baseURL }) => {
  const api = apiClient(baseURL!);
  const token = await customer(api);
  const staff = await staffToken(api);
  const order = await paidOrder(api, token, 'self');
  await api.call(MA.adminPurchaseMallOrder, { id: order.id, platform_order_no: '' }, staff);

  await consoleLogin(page, 'en', 'warehouse', 'warehouse123');
  const menu = page.locator('.ant-layout-sider');
  await expect(menu).toContainText('Mall orders');
  await expect(menu).not.toContainText('Mall goods');
  await expect(menu).not.toContainText('Mall settings');
  const drawer = await openOrder(page, order.order_sn, 'waiting_ship');
  await expect(drawer).toContainText('Picked from our stock');
  await expect(drawer.getByTestId('mall-cancel')).toHaveCount(0);
  const tracking = `YT${Date.now().toString().slice(-13)}`;
  await drawer.getByTestId('mall-tracking').fill(tracking);
  await expect(carrierInput(page)).toHaveValue('YTO Express');
  await drawer.getByTestId('mall-ship').click();
  // The server's answer is checked, so a refusal fails here with its message (a CI run once saw the status unchanged).
  const answered = page.waitForResponse((r) => r.url().includes('/mall/orders/ship'));
  await page.getByTestId('mall-confirm-ok').click();
  const envelope = (await (await answered).json()) as { code: number; msg: string };
  expect(envelope.code, envelope.msg).toBe(0);
  await expect(drawer.getByTestId('mall-status')).toHaveText('Shipped to warehouse');
  expect((await api.call(M.getRecordDetail, { id: order.id }, token)).tracking_no).toBe(tracking);
});

test('中文: antd’s own texts follow the console language (an empty table)', async ({ page }) => {
  await consoleLogin(page, 'zh_CN');
  await ordersPage(page);
  await page.getByTestId('mall-tab-all').click();
  await page.getByTestId('mall-orders-search').fill('NO-SUCH-ORDER');
  await page.getByTestId('mall-orders-search').press('Enter');
  await expect(page.locator('.ant-empty-description')).toHaveText('暂无数据');
});
