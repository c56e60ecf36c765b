import { expect, test } from '@playwright/test';
import { loginWithPassword, useLanguage } from './support.ts';

// The demo leader "leader" runs LimPunggol (postcode 820618) with the demo customer (code DEMO1) and
// member1-3; two more leaders are in Tampines and (hidden) Jurong West.

test('a visitor finds the nearest leader by postcode; the share link is kept for after login', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto('/#/pages/map/index');
  // No note about the map's workings: the outline is drawn with the leaders on it.
  await expect(page.getByTestId('drawn-map')).toBeVisible();
  await page.getByTestId('map-postcode').locator('input').fill('820111');
  await page.getByTestId('map-search').click();
  const first = page.locator('[data-testid^="group-"]').first();
  await expect(first).toContainText('LimPunggol');
  await expect(first).toContainText('Punggol');
  // Hidden leaders are not shown to visitors.
  await expect(page.getByText('JurongWest')).toHaveCount(0);
  // Join first shows the leader's details (pick-up area, next packing date, members).
  await first.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByTestId('leader-sheet')).toContainText('Punggol');
  await page.getByTestId('leader-sheet-join').click();
  await expect(page.getByTestId('join-name')).toHaveText('LimPunggol');
  await page.getByTestId('join-submit').click();
  await expect(page).toHaveURL(/info-edit/);
  const stored = await page.evaluate(() => localStorage.getItem('GROUP_ID'));
  expect(stored).toContain('content');
});

test('the leader sets a weekly packing date and sees the members', async ({ page }) => {
  await useLanguage(page, 'en');
  await loginWithPassword(page, 'leader', 'leader1234');
  await expect(page).toHaveURL(/pages\/index\/index/);
  await page.goto('/#/pages/group/my-group');
  await expect(page.getByTestId('my-group')).toContainText('LimPunggol');
  await expect(page.getByTestId(/^member-/).first()).toBeVisible();
  await expect(page.locator('[data-testid^="member-"]')).toHaveCount(4);
  const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  await page.getByTestId('pack-start').locator('input').fill(tomorrow);
  await page.getByTestId('pack-save').click();
  await expect(page.getByText(/Next packing \d{4}-\d{2}-\d{2}/)).toBeVisible();
});

test('a member sees their group and recipient code in Chinese', async ({ page }) => {
  await useLanguage(page, 'en');
  await loginWithPassword(page, 'member1', 'member1234');
  await expect(page).toHaveURL(/pages\/index\/index/);
  // Switch the stored language to Chinese, as the language setting does, and reopen the app.
  await page.evaluate(() => localStorage.setItem('language', JSON.stringify({ content: 'zh_CN', expire: 0 })));
  await page.goto('/#/pages/group/detail');
  await page.reload();
  await expect(page.getByTestId('group-detail')).toContainText('LimPunggol');
  await expect(page.getByText('在购物网站上填写为收件人')).toBeVisible();
  await expect(page.getByTestId('recipient-hint')).toContainText('M1PY');
});
