import { expect, test } from '@playwright/test';
import { freshPhone, registerFromHome, stepper, text, type Lang } from './journey-steps.ts';

/**
 * Issue 34, journey (b): a new customer's first mall order with too little balance, in each language at 390 px
 * (and every step again at 320 px): register → search → cart → checkout (adding the first address) → the pay
 * choice offers the top-up of what is missing (never "pay from balance") → PayNow → the bank's notice credits it
 * → back on the order with its pay button → pay → the order centre shows it paid. Only taps and typing after the
 * first page load; the bank's notice is the one step that is not the customer's.
 */

const words: Record<Lang, string> = { en: 'bluetooth earphones', zh_CN: '蓝牙耳机' };

for (const lang of ['en', 'zh_CN'] as const) {
  test(`${lang}: first mall order, balance too short: top up by PayNow, back on the order, pay, order centre`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(300_000);
    const { page, errors } = await freshPhone(browser, lang);
    const step = stepper('mall-topup', lang);
    await page.goto('/');
    await expect(page.locator('.adm-tab-bar')).toBeVisible();
    await step(page, 'home');

    await registerFromHome(page, browser, lang);
    await step(page, 'registered');

    // Search from the mall tab.
    await page.locator('.adm-tab-bar-item').nth(1).click();
    await page.getByTestId('search-entry').click();
    await page.getByTestId('search-input').locator('input').fill(words[lang]);
    await page.getByTestId('search-go').click();
    const results = page.getByTestId('goods-list');
    await expect(results.locator('[data-testid^="product-"]').first()).toBeVisible({ timeout: 30_000 });
    await step(page, 'search');
    await results.locator('[data-testid^="product-"]').first().click();
    await expect(page.getByTestId('product-detail')).toBeVisible();
    await step(page, 'product');

    // Into the cart, then checkout.
    await page.getByTestId('add-to-cart').click();
    const popup = page.getByTestId('sku-popup');
    await expect(popup).toBeVisible();
    if (await popup.getByTestId('sku-options').count())
      if (!(await popup.locator('.adm-selector-item-active').count()))
        await popup.locator('.adm-selector-item:not(.adm-selector-item-disabled)').first().click();
    await popup.getByTestId('sku-confirm').click();
    await expect(popup).toBeHidden();
    await page.getByTestId('cart-button').first().click();
    await expect(page.getByTestId('cart')).toBeVisible();
    await step(page, 'cart');
    await page.getByTestId('cart-settle').click();
    const settle = page.getByTestId('settlement');
    await expect(settle).toBeVisible();
    await step(page, 'checkout-no-address');

    // The first address, added from checkout and picked there.
    await settle.getByTestId('settle-address').click();
    await page.getByTestId('address-add').click();
    await page.getByPlaceholder(text(lang, 'address.receiverPh')).fill('Journey Buyer');
    await page.getByPlaceholder('8xxxxxxx / 9xxxxxxx').fill('91234567');
    await page.getByPlaceholder(text(lang, 'address.districtPh')).fill('Tampines');
    await page.getByPlaceholder(text(lang, 'address.detailPh')).fill('Blk 201 Tampines St 21 #08-1234');
    await page.getByPlaceholder('520201').fill('520201');
    await page.locator('form button[type=submit]').click();
    await expect(page).toHaveURL(/address-list/);
    await page.getByText('Journey Buyer').click();
    await expect(settle.getByTestId('settle-address')).toContainText('Journey Buyer');
    await step(page, 'checkout');

    // The order is made; the balance (nothing yet) is short: the one offer is the top-up of what is missing.
    await settle.getByTestId('settle-submit').click();
    const created = page.getByTestId('order-created');
    await expect(created).toBeVisible();
    await expect(created.getByTestId('pay-short')).toBeVisible();
    await expect(created.getByTestId('pay-wallet')).toHaveCount(0);
    await step(page, 'order-made-short');
    await created.getByTestId('pay-topup').click();

    // The top-up screen has the missing amount; PayNow is the first method.
    const amount = await page.getByTestId('recharge-amount').locator('input').inputValue();
    expect(Number(amount)).toBeGreaterThan(0);
    await step(page, 'top-up');
    await page.getByTestId('recharge-submit').click();
    await expect(page.getByTestId('paynow-qr')).toBeVisible();
    const reference = (await page.getByTestId('paynow-reference').textContent())!.trim();
    await step(page, 'paynow');
    await page.getByTestId('paynow-done').click();
    await expect(page.getByTestId('pay-done')).toHaveAttribute('data-state', 'pending');
    await expect(page.getByTestId('done-order-held')).toBeVisible();
    await expect(page.getByTestId('done-back-to-paying')).toBeVisible();
    await step(page, 'top-up-pending');

    // The bank tells us the money arrived: the customer is taken back to the order, now payable from the balance.
    const notice = await request.post('/sandbox/paynow/notify', { data: { reference, amount } });
    expect(await notice.json()).toMatchObject({ ok: true, outcome: 'credited' });
    const detail = page.getByTestId('mall-order-detail');
    await expect(detail).toBeVisible({ timeout: 20_000 });
    await expect(detail.getByTestId('detail-status')).toHaveText(text(lang, 'mall.status.waiting_pay'));
    await expect(detail.getByTestId('pay-wallet')).toBeVisible();
    await expect(detail.getByTestId('pay-topup')).toHaveCount(0);
    await step(page, 'back-on-order');

    await detail.getByTestId('pay-wallet').click();
    const sheet = page.getByTestId('pay-popup');
    await expect(sheet.getByTestId('pay-submit')).toBeEnabled();
    await step(page, 'pay-sheet');
    await sheet.getByTestId('pay-submit').click();
    await expect(page.getByTestId('pay-done')).toHaveAttribute('data-state', 'paid');
    await step(page, 'paid');

    await page.getByTestId('done-orders').click();
    const orders = page.getByTestId('mall-orders');
    await expect(orders.locator('[data-testid^="mall-order-"]').first()).toHaveAttribute('data-status', 'waiting_ship');
    await step(page, 'order-centre');
    expect(errors, 'no script error on the way').toEqual([]);
    await page.context().close();
  });
}
