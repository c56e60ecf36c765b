import { expect, test } from '@playwright/test';
import { contract } from '@pinyou/contract';
import { apiClient } from './parcels-api.ts';
import { freshPhone, registerFromHome, stepper, text } from './journey-steps.ts';

/**
 * Issue 34, journey (c): linked accounts there and back on one phone, in each language at 390 px (every step
 * again at 320 px). A new customer (A) links the demo account (C) with C's password, switches to C, finds A still
 * under "Accounts on this device" and switches back without a password. The server's rule stays one-way: C's
 * session cannot switch to A through the server (another device holding only C gets nothing of A).
 */
for (const lang of ['en', 'zh_CN'] as const) {
  test(`${lang}: switch to a linked account and back on one device, no password the second time`, async ({ browser, baseURL }) => {
    test.setTimeout(240_000);
    const { page, errors } = await freshPhone(browser, lang);
    const step = stepper('linked-accounts', lang);
    await page.goto('/');
    await expect(page.locator('.adm-tab-bar')).toBeVisible();
    const a = await registerFromHome(page, browser, lang);
    await step(page, 'registered');

    // My centre → switch account → add the demo account with its password.
    await page.getByText(text(lang, 'my.changeAccount'), { exact: true }).click();
    await expect(page.getByText(`ID: ${a.id}`)).toBeVisible();
    await step(page, 'accounts-one');
    await page.getByTestId('add-account').click();
    await page.getByPlaceholder(text(lang, 'account.accountPh')).fill('demo');
    await page.locator('input[type=password]').fill('demo1234');
    await page.getByTestId('add-account-submit').click();
    await expect(page.getByTestId('switch-demo')).toBeVisible();
    await step(page, 'accounts-linked');

    // There: now the demo account; the new customer's account stays on this device.
    await page.getByTestId('switch-demo').click();
    await expect(page.getByTestId('user-card')).toContainText('ID: demo');
    await step(page, 'switched-to-demo');
    await page.getByText(text(lang, 'my.changeAccount'), { exact: true }).click();
    await expect(page.getByTestId(`switch-${a.id}`)).toBeVisible();
    await step(page, 'accounts-from-demo');

    // And back, with no password asked.
    await page.getByTestId(`switch-${a.id}`).click();
    await expect(page.getByTestId('user-card')).toContainText(`ID: ${a.id}`);
    await expect(page.locator('input[type=password]')).toHaveCount(0);
    await step(page, 'switched-back');

    // The server still links one way only: the demo account's own session lists no way to the new account.
    const api = apiClient(baseURL!);
    const demo = await api.call(contract.account.login, { account: 'demo', password: 'demo1234' });
    const list = await api.call(contract.account.getMoreAccountByH5, {}, demo.token);
    expect(list.list.map((x) => x.user_account)).not.toContain(a.id);
    expect(errors).toEqual([]);
    await page.context().close();
  });
}
