import { expect, test } from '@playwright/test';
import { codeFromOutbox, loginWithPassword, randomId, randomPhone, useLanguage } from './support.ts';

test.beforeEach(async ({ page }) => {
  await useLanguage(page, 'en');
});

test('register with a code from the outbox, switch language, add an address, log out and in', async ({ page, browser }) => {
  const id = randomId('e2e');
  const phone = randomPhone();
  await page.goto('/#/pages/sub/info-edit?isLogin=1');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByPlaceholder('Choose an ID, e.g. tan88').fill(id);
  await page.getByPlaceholder('8xxxxxxx').fill(phone);
  await page.getByTestId('send-code').last().click();
  await expect(page.getByTestId('send-code').last()).toContainText(/Resend in \d+s/);

  const code = await codeFromOutbox(browser, phone);
  await page.locator('input[placeholder="123456"]').last().fill(code);
  await page.getByPlaceholder('6 to 32 characters').fill('secret123');
  await page.getByRole('textbox', { name: 'Confirm' }).fill('secret123');
  await page.getByTestId('register-consent').click();
  await page.getByTestId('register-submit').click();

  // No previous page: the home tab.
  await expect(page).toHaveURL(/pages\/index\/index/);
  await page.getByText('Me', { exact: true }).click();
  await expect(page.getByTestId('user-card')).toContainText(`ID: ${id}`);

  // Language switch, stored and applied.
  await page.getByTestId('language').click();
  await page.getByText('简体中文').click();
  await expect(page.locator('.adm-nav-bar')).toContainText('个人中心');
  await page.reload();
  await expect(page.locator('.adm-nav-bar')).toContainText('个人中心');
  await page.getByTestId('language').click();
  await page.getByText('English').click();
  await expect(page.locator('.adm-nav-bar')).toContainText('Personal centre');

  // Address with the §5 checks.
  await page.getByText('My addresses').click();
  await page.getByTestId('address-add').click();
  await page.getByPlaceholder('Full name').fill('Tan Ah Kow');
  await page.getByPlaceholder('8xxxxxxx / 9xxxxxxx').fill('6123456');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please enter an 8-digit Singapore mobile starting with 8 or 9')).toBeVisible();
  await page.getByPlaceholder('8xxxxxxx / 9xxxxxxx').fill('91234567');
  await page.getByPlaceholder('e.g. Tampines').fill('Tampines');
  await page.getByPlaceholder('Block, street, unit').fill('Blk 201 Tampines St 21 #08-1234');
  await page.getByPlaceholder('520201').fill('520201');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/address-list/);
  await expect(page.getByText('Tan Ah Kow')).toBeVisible();
  await expect(page.getByText('Default')).toBeVisible();

  // Log out, then log in with the new password.
  await page.goto('/#/pages/my/index');
  await page.getByTestId('logout').click();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('user-card')).toContainText('Log in / Register');
  await loginWithPassword(page, phone, 'secret123');
  await expect(page).toHaveURL(/pages\/index\/index/);
  await page.goto('/#/pages/my/index');
  await expect(page.getByTestId('user-card')).toContainText(`ID: ${id}`);
});

test('add another account, switch to it, and change role', async ({ page }) => {
  await loginWithPassword(page, 'demo', 'demo1234');
  await expect(page).toHaveURL(/pages\/index\/index/);
  await page.goto('/#/pages/sub/change-account');
  await expect(page.getByText('ID: demo')).toBeVisible();
  await page.getByTestId('add-account').click();
  await page.getByPlaceholder('ID, phone or e-mail').fill('leader');
  await page.locator('input[type=password]').fill('wrong-password');
  await page.getByTestId('add-account-submit').click();
  await expect(page.getByText('Account or password is incorrect')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await page.locator('input[type=password]').fill('leader1234');
  await page.getByTestId('add-account-submit').click();
  await expect(page).toHaveURL(/change-account/);
  await expect(page.getByText('ID: leader')).toBeVisible();
  await page.getByTestId('switch-leader').click();
  await expect(page).toHaveURL(/pages\/my\/index/);
  await expect(page.getByTestId('user-card')).toContainText('ID: leader');

  // The leader holds two roles: change-role switches the session's role.
  await expect(page.getByTestId('user-card')).toContainText('Group leader');
  await page.getByText('Change role').click();
  await page.getByTestId('role-user').click();
  await expect(page).toHaveURL(/pages\/my\/index/);
  await expect(page.getByTestId('user-card')).toContainText('Customer');
});

test('HTTP 401 sends the user to log in, and login returns to the page', async ({ page }) => {
  await loginWithPassword(page, 'demo', 'demo1234');
  await expect(page).toHaveURL(/pages\/index\/index/);
  // The session ends elsewhere (token no longer valid).
  await page.evaluate(() => localStorage.setItem('TOKEN', JSON.stringify({ content: 'revoked-token', expire: 0 })));
  // The first call that needs the session meets HTTP 401 and sends the user to log in...
  await page.goto('/#/pages/sub/address-list');
  await expect(page).toHaveURL(/info-edit\?isLogin=1/);
  await page.getByPlaceholder('ID, phone or e-mail').fill('demo');
  await page.getByPlaceholder('Your password').fill('demo1234');
  await page.getByTestId('login-submit').click();
  // ...and login returns to the page, which now works.
  await expect(page).toHaveURL(/address-list/);
  await expect(page.getByText('Demo Customer')).toBeVisible();
  await page.goto('/#/pages/my/index');
  await expect(page.getByTestId('wallet-balance')).toHaveText(/S\$\d/);
});
