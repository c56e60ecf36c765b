import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createClientCore, type Transport } from '../packages/contract/src/client-core.ts';
import { DEV_SIGN_SECRET } from '../packages/contract/src/signing.ts';
import { logisticsStages } from '../packages/contract/src/domains/parcels.contract.ts';
import { ADMIN, answerTo, pickOption } from './support.ts';

/** The e2e server runs with the default development signing secret. */
const SIGN_SECRET = DEV_SIGN_SECRET;

test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

/** Playwright's request context as the core's transport, so calls share the test's base URL. */
const viaPlaywright =
  (request: APIRequestContext): Transport =>
  async (url, init) => {
    const res = await request.fetch(url, { method: init.method, headers: init.headers, data: init.body as string | undefined });
    return { status: res.status(), json: () => res.json() };
  };

/** A signed API call as the web app makes it (the contract's client core); fails the test on any non-zero code. */
async function api<T = Record<string, unknown>>(
  request: APIRequestContext,
  path: string,
  body: Record<string, unknown>,
  token?: string,
): Promise<T> {
  const core = createClientCore({ transport: viaPlaywright(request), secret: SIGN_SECRET, agent: 'H5' });
  const { envelope: env } = await core.send({ path }, body, { token: token ?? null, language: 'en' });
  expect(env?.code, `${path}: ${env?.msg}`).toBe(0);
  return env!.data as T;
}

async function consoleLogin(page: Page) {
  await page.goto('/console/#/login');
  await page.getByLabel('Account').fill(ADMIN.account);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('staff-name')).toBeVisible();
}

test('a declared parcel is scanned in, packed and billed, paid, shipped in a batch and delivered', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { token } = await api<{ token: string }>(request, '/api/h5/login', { account: 'demo', password: 'demo1234' });
  const trackingNo = `SF${Date.now()}`;
  const declared = await api<{ id: number; status: string }>(
    request,
    '/api/applet/createOrder',
    { tracking_no: trackingNo, goods_name: 'Running shoes', goods_value: '180', quantity: 2, category: 'normal', mode: 'SEA' },
    token,
  );
  expect(declared.status).toBe('pending');

  // Inbound: measurements first, then the scan; Enter in the scan field submits.
  await consoleLogin(page);
  await page.goto('/console/#/inbound');
  await expect(page.getByTestId('scan-input')).toBeFocused();
  await page.getByTestId('scan-weight').fill('2.5');
  await page.getByTestId('scan-length').fill('40');
  await page.getByTestId('scan-width').fill('30');
  await page.getByTestId('scan-height').fill('20');
  await page.getByTestId('scan-shelf').fill('A-01-1');
  await page.getByTestId('scan-input').fill(trackingNo);
  await page.getByTestId('scan-input').press('Enter');
  const result = page.getByTestId('scan-result');
  await expect(result).toHaveAttribute('data-outcome', 'matched');
  await expect(result).toContainText('customer demo');
  await expect(result).toContainText('Running shoes ×2');
  await expect(page.getByTestId('scan-log')).toContainText(trackingNo);
  // Ready for the next scan at once.
  await expect(page.getByTestId('scan-input')).toBeFocused();
  await expect(page.getByTestId('scan-input')).toHaveValue('');

  const inWarehouse = await api<{ status: string; weight_kg: string; size: { length_cm: number }; shelf: string }>(
    request,
    '/api/applet/getOrderDetail',
    { id: declared.id },
    token,
  );
  expect(inWarehouse.status).toBe('warehouse');
  expect(Number(inWarehouse.weight_kg)).toBe(2.5);
  expect(inWarehouse.size.length_cm).toBe(40);
  expect(inWarehouse.shelf).toBe('A-01-1');

  // The customer asks for packing.
  const pack = await api<{ id: number; pack_no: string; status: string }>(
    request,
    '/api/applet/orderApplyPack',
    { parcel_ids: [declared.id], mode: 'SEA' },
    token,
  );
  expect(pack.status).toBe('applied');

  // A parcel already in a pack cannot be shelved again: the scan page says so loudly.
  await page.getByTestId('scan-weight').fill('2.5');
  await page.getByTestId('scan-length').fill('40');
  await page.getByTestId('scan-width').fill('30');
  await page.getByTestId('scan-height').fill('20');
  await page.getByTestId('scan-input').fill(trackingNo);
  await page.getByTestId('scan-input').press('Enter');
  await expect(result).toHaveAttribute('data-outcome', 'error');
  await expect(result).toContainText(`NOT SHELVED: ${trackingNo}`);

  // Packing station: pick the customer, the request, record the measured pack and issue the bill.
  await page.goto('/console/#/packing');
  await page.getByTestId('packing-user-demo').click();
  await page.getByTestId(`packing-request-${pack.pack_no}`).click();
  await page.getByTestId('measure-weight-0').fill('3');
  await page.getByTestId('measure-length-0').fill('45');
  await page.getByTestId('measure-width-0').fill('35');
  await page.getByTestId('measure-height-0').fill('25');
  await page.getByTestId('issue-bill').click();
  const bill = page.getByTestId('bill-result');
  await expect(bill).toContainText(`Bill issued for ${pack.pack_no}`);
  await expect(page.getByTestId('price-lines')).toBeVisible();
  await expect(page.getByTestId('price-total')).toContainText(/S\$\d+\.\d\d/);

  // The customer pays from the wallet.
  const packed = await api<{ status: string; bill_id: number; amount: { amount_minor: number } }>(
    request,
    '/api/applet/getUserPackDetail',
    { pack_id: pack.id },
    token,
  );
  expect(packed.status).toBe('packed');
  expect(packed.amount.amount_minor).toBeGreaterThan(0);
  await expect(page.getByTestId('price-total')).toContainText(`S$${(packed.amount.amount_minor / 100).toFixed(2)}`);
  await api(request, '/api/applet/orderPackPay', { bill_id: packed.bill_id, idempotency_key: `e2e-${Date.now()}` }, token);
  expect((await api<{ status: string }>(request, '/api/applet/getUserPackDetail', { pack_id: pack.id }, token)).status).toBe('paid');

  // Outbound: a new batch, the pack added, then every logistics stage to delivered.
  await page.goto('/console/#/batches');
  await page.getByTestId('batch-create').click();
  await page.getByTestId('batch-container').fill('MSKU7654321');
  await page.getByTestId('batch-create-ok').click();
  const drawer = page.getByTestId('batch-drawer');
  await expect(drawer).toBeVisible();
  await pickOption(page, drawer.getByTestId('batch-add-select'), pack.pack_no);
  // Not Escape: with the option list already closed it would close the drawer.
  await drawer.getByTestId('batch-add-packs').click();
  await expect(drawer.locator('code', { hasText: pack.pack_no })).toBeVisible();
  for (const stage of logisticsStages) {
    await drawer.getByTestId(`batch-stage-${stage}`).click();
    const confirm = page.getByTestId('batch-stage-confirm');
    await expect(confirm).toBeVisible();
    // The server's answer is checked, so a refusal fails here with its message rather than as a modal that stays open.
    const envelope = await answerTo(page, '/api/admin/parcels/batchAdvance', () => confirm.click());
    expect(envelope.code, `${stage}: ${envelope.msg}`).toBe(0);
    await expect(confirm).toBeHidden();
    await expect(drawer.getByTestId(`batch-stage-${stage}`)).toHaveCount(0);
  }
  await expect(drawer.getByTestId('batch-status')).toHaveText('delivered');
  await expect(drawer.getByTestId('batch-stage')).toHaveText('Delivered');

  // The server's view for the customer: the pack is delivered and its parcel is in the 'ship' list until receipt is confirmed.
  const delivered = await api<{ status: string; stage: string; pack: { status: string } }>(
    request,
    '/api/applet/getOrderDetail',
    { id: declared.id },
    token,
  );
  expect(delivered.status).toBe('ship');
  expect(delivered.pack.status).toBe('delivered');
  await api(request, '/api/applet/siginOut', { pack_id: pack.id }, token);
  expect((await api<{ status: string }>(request, '/api/applet/getOrderDetail', { id: declared.id }, token)).status).toBe('received');

  // The batch list shows the §3 fields.
  await page.keyboard.press('Escape');
  await page.goto('/console/#/batches');
  await expect(page.locator('.ant-table-row').first()).toContainText('MSKU7654321');
  await expect(page.locator('.ant-table-row').first()).toContainText('delivered');
});
