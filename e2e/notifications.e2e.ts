import { expect, test } from '@playwright/test';
import { loginWithPassword, useLanguage } from './support.ts';

test('the bell shows unread notifications; reading them clears the badge; channels are toggled per kind', async ({ page }) => {
  await useLanguage(page, 'en');
  await loginWithPassword(page, 'demo', 'demo1234');
  await page.waitForURL(/pages\/(index|my)\/index/);
  await page.goto('/#/pages/my/index');
  const badge = page.getByTestId('notification-badge');
  await expect(badge).toBeVisible();
  expect(Number(await badge.textContent())).toBeGreaterThan(0);

  await page.getByTestId('notification-bell').click();
  await expect(page).toHaveURL(/pages\/sub\/notifications/);
  // Newest first: the welcome is demo's oldest notification, pages down once other tests' events
  // have notified demo; the list loads the next page as it is scrolled to its end.
  const welcome = page.getByText('Welcome to Pinyou');
  await expect(page.getByTestId('notification').first()).toBeVisible();
  await expect(async () => {
    if (!(await welcome.count())) await page.locator('.adm-infinite-scroll').scrollIntoViewIfNeeded();
    await expect(welcome).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.locator('[data-testid="notification"][data-read="0"]').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/notifications-list.png' });
  await page.getByTestId('mark-all-read').click();
  await expect(page.getByTestId('mark-all-read')).toBeHidden();
  await expect(page.locator('[data-testid="notification"][data-read="0"]')).toHaveCount(0);

  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByText('Parcel arrived at the warehouse')).toBeVisible();
  const sms = page.getByTestId('setting-parcel.arrived-sms');
  await expect(sms).not.toBeChecked();
  await sms.click();
  await expect(sms).toBeChecked();
  await page.screenshot({ path: 'test-results/notifications-settings.png' });
  // Saved on the server: a reload shows it on.
  await page.reload();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByTestId('setting-parcel.arrived-sms')).toBeChecked();

  // WhatsApp stays off per kind until the user agrees to messages at the account's phone (then opts out again,
  // so other tests' outbox reads by phone see no WhatsApp rows).
  const waKind = page.getByTestId('setting-parcel.arrived-whatsapp');
  await expect(waKind).toBeDisabled();
  await expect(page.getByText('Send me updates on WhatsApp at +6581230001')).toBeVisible();
  await page.getByTestId('whatsapp-opt-in').click();
  await page.getByRole('button', { name: 'I agree' }).click();
  await expect(page.getByTestId('whatsapp-opt-in')).toBeChecked();
  await expect(waKind).toBeEnabled();
  await page.getByTestId('whatsapp-opt-in').click();
  await expect(page.getByTestId('whatsapp-opt-in')).not.toBeChecked();
  await expect(waKind).toBeDisabled();
  await expect(page.getByTestId('telegram-connect')).toBeVisible();

  await page.goto('/#/pages/my/index');
  await expect(page.getByTestId('notification-bell')).toBeVisible();
  await expect(page.getByTestId('notification-badge')).toBeHidden();
});
