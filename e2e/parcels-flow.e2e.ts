import { expect, test } from '@playwright/test';
import { contract } from '@pinyou/contract';
import { ADMIN, useLanguage } from './support.ts';
import { apiClient } from './parcels-api.ts';

/**
 * The customer's whole journey on a phone: declare, ask for packing, pay the bill choosing a coupon, follow
 * the shipment and confirm receipt. The warehouse's part (scan in, pack and measure, batch stages) runs
 * through the staff API here; e2e/warehouse-console.e2e.ts drives those same steps in the console.
 */
test('declare → scanned in → apply to pack → packed and measured → pay with a coupon → delivered → confirm receipt', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const api = apiClient(baseURL!);
  const P = contract.parcels;
  const staff = (await api.call(contract.admin.adminLogin, { account: ADMIN.account, password: ADMIN.password })).token;

  // A customer of its own (sandbox WeChat login), so the shared demo account's coupons and balance stay
  // as the other tests expect them: an address, a staff top-up, and a coupon batch of this test's own.
  const login = await api.call(contract.account.appletLogin, { code: `sandbox:flow-${Date.now()}` });
  const customer = login.token;
  const me = await api.call(contract.account.authInfo, {}, customer);
  await api.call(
    contract.account.editUserAddress,
    {
      receiver: 'Flow Tester',
      phone: '91239876',
      district: 'Bedok',
      address: 'Blk 11 Bedok North Ave 1 #03-21',
      postcode: '460011',
      is_default: 1,
    },
    customer,
  );
  await api.call(
    contract.walletAdmin.adminAdjustBalance,
    { user_id: me.user_id, amount: '100', reason: 'E2E flow float', idempotency_key: `flowfloat${me.user_id}` },
    staff,
  );
  await api.call(
    contract.walletAdmin.adminCouponBatchCreate,
    { kind: 'discount', name_en: 'Flow S$2 off', name_zh: '流程减2', amount: '2', issue_mode: 'activity' } as never,
    staff,
  );
  await useLanguage(page, 'en');
  await page.addInitScript((token) => localStorage.setItem('TOKEN', JSON.stringify({ content: token, expire: 0 })), customer);
  await page.goto('/#/pages/index/index');

  // 1. Declare on the phone.
  const tracking = `YT${Date.now().toString().slice(-10)}`;
  await page.goto('/#/pages/order/creat');
  await page.getByTestId('tracking-no').locator('input').fill(tracking);
  await page.getByTestId('goods-name').locator('input').fill('Winter jacket');
  await page.getByTestId('goods-value').locator('input').fill('259');
  await page.getByTestId('declare-submit').click();
  await expect(page.getByTestId('declared')).toContainText(tracking);

  // 2. The warehouse scans it in.
  const scanned = await api.call(
    P.scannedInbound,
    { tracking_no: tracking, weight_kg: '2.4', length_cm: '50', width_cm: '40', height_cm: '20', shelf: 'B-02-3' },
    staff,
  );
  expect(scanned.matched).toBe(true);

  // 3. Apply to pack on the phone: pick the parcel, a packing date, submit.
  await page.goto('/#/pages/order/package');
  await page.getByTestId(`pick-${tracking}`).click();
  const firstDate = page.locator('[data-testid^="date-"]:not(.off)').first();
  if (await page.getByTestId('pack-dates').isVisible()) await firstDate.click();
  await page.getByTestId('pack-submit').click();
  await expect(page).toHaveURL(/package-detail\?id=\d+/);
  const packId = Number(new URL(page.url().replace('/#/', '/')).searchParams.get('id'));
  await expect(page.getByTestId('pack-status')).toBeVisible();

  // 4. The warehouse packs and measures: the bill is issued.
  await api.call(
    contract.parcelsAdmin.adminPackMeasure,
    { pack_id: packId, pieces: [{ weight_kg: '2.6', length_cm: '52', width_cm: '42', height_cm: '22' }] },
    staff,
  );

  // 5. Pay on the phone with a coupon chosen on the coupon screen.
  const claimable = await api.call(contract.wallet.showUnclaimedActivityCouponList, {}, customer);
  for (const c of claimable.list)
    await api.call(contract.wallet.claimeActivityCoupon, { batch_id: c.batch_id }, customer).catch(() => undefined);
  await page.reload();
  await page.getByTestId('pack-pay').click();
  const panel = page.getByTestId('pay-panel');
  await expect(panel).toBeVisible();
  await panel.getByTestId('pay-coupon').click();
  await expect(page).toHaveURL(/chooseCoupon/);
  await page.getByTestId('coupon-option').first().click();
  await expect(page).toHaveURL(/package-detail/);
  await page.getByTestId('pack-pay').click();
  await expect(page.getByTestId('pay-coupon')).not.toContainText('No coupon');
  const discount = (await page.getByTestId('pay-coupon').textContent())!;
  expect(discount).toMatch(/-S\$\d+\.\d\d/);
  await page.getByTestId('pay-submit').click();
  await expect(page.getByTestId('pack-status')).toContainText(/Paid|To ship/i);
  const paid = await api.call(P.getUserPackDetail, { pack_id: packId }, customer);
  expect(paid.status).toBe('paid');

  // The transaction list shows the payment.
  await page.goto('/#/pages/sub/rechange-list');
  await expect(page.getByTestId('transaction').first()).toContainText(/-S\$\d/);

  // 6. The warehouse ships it in a batch through every stage to delivered.
  const batch = await api.call(
    contract.parcelsAdmin.adminBatchCreate,
    { mode: paid.mode, container: 'TGHU1234567', pack_date: new Date().toISOString().slice(0, 10) },
    staff,
  );
  await api.call(contract.parcelsAdmin.adminBatchAddPacks, { batch_id: batch.id, pack_ids: [packId] }, staff);
  const { logisticsStages } = await import('../packages/contract/src/domains/parcels.contract.ts');
  for (const stage of logisticsStages) await api.call(contract.parcelsAdmin.adminBatchAdvance, { batch_id: batch.id, stage }, staff);

  // 7. The customer follows it and confirms receipt.
  await page.goto(`/#/pages/order/logistics-detail?pack_id=${packId}`);
  await expect(page.getByTestId('logistics-stages')).toContainText('Delivered');
  await page.goto(`/#/pages/order/package-detail?id=${packId}`);
  await page.reload();
  await expect(page.getByTestId('pack-status')).toContainText('Delivered');
  await page.getByTestId('pack-sign').click();
  // The confirm dialog (an earlier, closed dialog may still be in the page, hidden).
  await page.locator('.adm-dialog-button', { hasText: 'OK' }).filter({ visible: true }).last().click();
  await expect.poll(async () => (await api.call(P.getOrderDetail, { id: scanned.parcel!.id }, customer)).status).toBe('received');
  await page.goto('/#/pages/order/all?tab=received');
  await page.reload();
  await expect(page.locator(`[data-testid="parcel-card"][data-tracking="${tracking}"]`)).toBeVisible();
});
