import { expect, test } from '@playwright/test';
import { contract } from '@pinyou/contract';
import { ADMIN, loginWithPassword, useLanguage } from './support.ts';
import { apiClient } from './parcels-api.ts';

/**
 * A problem parcel (异常件): the warehouse flags it (staff API), the demo customer logs in by typing, opens the
 * parcel from the notification, reads the problem and answers "repack"; then reads it again in 简体中文.
 */
test('the customer reads the warehouse problem on their parcel and answers repack, in English and Chinese', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const api = apiClient(baseURL!);
  const staff = (await api.call(contract.admin.adminLogin, { account: ADMIN.account, password: ADMIN.password })).token;
  const customer = (await api.call(contract.account.login, { account: 'demo', password: 'demo1234' })).token;
  const tracking = `YT${Date.now().toString().slice(-10)}`;
  const parcel = await api.call(
    contract.parcels.createOrder,
    { tracking_no: tracking, goods_name: 'Ceramic bowls', goods_value: '88' },
    customer,
  );
  await api.call(
    contract.parcels.scannedInbound,
    { tracking_no: tracking, weight_kg: 2, length_cm: 30, width_cm: 20, height_cm: 20, shelf: 'P-01' },
    staff,
  );
  await api.call(
    contract.parcelsAdmin.adminProblemFlag,
    { parcel_id: parcel.id, reason_code: 'damaged', note: 'One bowl is cracked' },
    staff,
  );

  await useLanguage(page, 'en');
  await loginWithPassword(page, 'demo', 'demo1234');
  await expect(page).toHaveURL(/pages\/index\/index/);
  await page.goto('/#/pages/sub/notifications');
  const note = page.getByText(`Parcel ${tracking}: Damaged`).first();
  await expect(note).toBeVisible();
  await note.click();
  await expect(page.getByTestId('parcel-detail')).toContainText(tracking);
  const card = page.getByTestId('parcel-problem');
  await expect(page.getByTestId('problem-reason')).toHaveText('Damaged');
  await expect(card).toContainText('One bowl is cracked');
  await expect(page.getByTestId('problem-status')).toHaveText('Your answer needed');
  const choice = page.getByTestId('problem-choice-repack');
  const box = await choice.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  await page.screenshot({ path: '/tmp/problems/problem-en.png', fullPage: true });
  await choice.click();
  await page.getByTestId('problem-message').locator('textarea').fill('Please repack in a stronger box');
  await page.getByTestId('problem-send').click();
  await expect(page.getByTestId('problem-status')).toHaveText('Answered');
  await expect(page.getByTestId('problem-thread')).toContainText('Repack it');
  await page.screenshot({ path: '/tmp/problems/problem-answered-en.png', fullPage: true });

  await page.evaluate(() => localStorage.setItem('language', JSON.stringify({ content: 'zh_CN', expire: 0 })));
  await page.reload();
  await expect(page.getByTestId('problem-reason')).toHaveText('破损');
  await expect(page.getByTestId('problem-status')).toHaveText('已回复');
  await expect(page.getByTestId('problem-thread')).toContainText('重新包装');
  await page.screenshot({ path: '/tmp/problems/problem-zh.png', fullPage: true });
});
