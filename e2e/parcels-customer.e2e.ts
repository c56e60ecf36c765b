import { expect, test } from '@playwright/test';
import { loginWithPassword, useLanguage } from './support.ts';

const uniqueTracking = (prefix: string) => `${prefix}${Date.now().toString().slice(-9)}${Math.floor(Math.random() * 900 + 100)}`;

test.beforeEach(async ({ page }) => {
  await useLanguage(page, 'en');
  await loginWithPassword(page, 'demo', 'demo1234');
  await expect(page).toHaveURL(/pages\/index\/index/);
});

test('declare a parcel: the goods-name rule first, then it shows under pending', async ({ page }) => {
  const tracking = uniqueTracking('SF');
  await page.goto('/#/pages/order/creat');
  await page.getByTestId('tracking-no').locator('input').fill(tracking);
  // The carrier is suggested from the number's format while typing.
  await expect(page.getByTestId('carrier-hint')).toContainText('SF Express');
  await page.getByTestId('goods-name').locator('input').fill('Shoes 42');
  await page.getByTestId('goods-value').locator('input').fill('0.5');
  await page.getByTestId('declare-submit').click();
  await expect(page.getByText('Please enter a correct goods name: no digits or symbols')).toBeVisible();
  await expect(page.getByText('The goods value is too low (at least ¥1)')).toBeVisible();

  await page.getByTestId('goods-name').locator('input').fill('Running shoes');
  await page.getByTestId('goods-value').locator('input').fill('88.80');
  await page.getByTestId('copy-address').click();
  await expect(page.getByText('Copied')).toBeVisible();
  await page.getByTestId('declare-submit').click();

  await expect(page.getByTestId('declared')).toContainText(tracking);
  await page.getByTestId('view-orders').click();
  await expect(page).toHaveURL(/pages\/order\/all\?tab=pending/);
  const card = page.locator(`[data-testid="parcel-card"][data-tracking="${tracking}"]`);
  await expect(card).toContainText('Running shoes');
  await expect(card).toContainText('¥88.80');
  await expect(card).toContainText('Not arrived');

  // The search finds it; the detail has no photos yet and can be deleted while pending.
  await card.click();
  await expect(page.getByTestId('parcel-detail')).toContainText(tracking);
  await expect(page.getByTestId('no-photos')).toHaveText('No photos');
  await expect(page.getByTestId('delete-parcel')).toBeVisible();
});

test('freight calculator explains the price line by line, with the GST line', async ({ page }) => {
  await page.goto('/#/pages/index/calculate-freight');
  await page.getByTestId('calc-weight').locator('input').fill('2.5');
  await page.getByTestId('calc-length').locator('input').fill('40');
  await page.getByTestId('calc-width').locator('input').fill('30');
  await page.getByTestId('calc-height').locator('input').fill('20');
  await page.getByTestId('calc-value').locator('input').fill('500');
  await page.getByTestId('calc-submit').click();
  const result = page.getByTestId('calc-result');
  await expect(result).toBeVisible();
  // 40×30×20 cm = 0.024 m³, billed as 0.03 m³ of a small parcel; below the minimum charge.
  await expect(page.getByTestId('calc-lines')).toContainText('Sea freight');
  await expect(page.getByTestId('calc-lines')).toContainText('0.03 cbm (small parcel)');
  await expect(page.getByTestId('calc-lines')).toContainText('minimum charge S$10.00');
  // Sea has no S$400 relief: 9% GST on ¥500 (S$93.98) + S$10.00 freight = S$0.936 × 10 → S$9.36.
  await expect(page.getByTestId('calc-lines')).toContainText('GST 9%');
  await expect(page.getByTestId('calc-total')).toHaveText('S$19.36');
  await expect(page.getByTestId('calc-gst')).toContainText('¥500.00');
  await expect(page.getByTestId('calc-gst')).toContainText('9%');

  // Air: chargeable weight is the greater of actual and volumetric (40×30×20/6000 = 4 kg).
  await page.getByTestId('calc-mode').getByText('Air to door').click();
  await page.getByTestId('calc-submit').click();
  await expect(page.getByTestId('calc-lines')).toContainText('chargeable 4.00 kg');
});

test('batch declaration: a csv with one bad row shows that row failed with its reason', async ({ page }) => {
  const good = uniqueTracking('YT');
  const bad = uniqueTracking('JT');
  const csv = [
    'tracking_no,goods_name,goods_value,quantity,category,mode,remark',
    `${good},Kitchen towels,35.5,2,normal,SEA,`,
    `${bad},USB cable 3m,20,1,normal,SEA,`,
  ].join('\r\n');
  await page.goto('/#/pages/sub/batchorder');
  await expect(page.getByTestId('batch-template')).toHaveAttribute('href', '/api/files/batch-template.xlsx');
  await page.getByTestId('batch-file').setInputFiles({ name: 'my-parcels.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const result = page.getByTestId('batch-result');
  await expect(result).toContainText('my-parcels.csv');
  await expect(result).toContainText('Completed 1');
  await expect(result).toContainText('Failed 1');
  const failed = page.getByTestId('batch-failed-row');
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText(bad);
  await expect(failed).toContainText('Goods name: The goods name must not contain digits or symbols');

  // The detail lists every row; the failed filter keeps the bad one with its reason.
  await page.getByTestId('batch-open-detail').click();
  await expect(page.getByTestId('batch-row-completed')).toContainText(good);
  await page.getByRole('tab', { name: 'Failed' }).click();
  await expect(page.getByTestId('batch-row-failed')).toContainText('The goods name must not contain digits or symbols');
  await expect(page.getByTestId('batch-row-completed')).toHaveCount(0);

  // The good row is now a pending parcel.
  await page.goto(`/#/pages/order/all?tab=pending`);
  await expect(page.locator(`[data-testid="parcel-card"][data-tracking="${good}"]`)).toContainText('Kitchen towels');
});
