import { expect, test, type Page } from '@playwright/test';
import { adminConsole } from './support.ts';

/** Opens the new-batch dialog and returns its class list as soon as it shows, then closes it. */
async function dialogClassesAtOpen(page: Page) {
  await page.getByTestId('batch-create').click();
  const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('batch-create-ok') });
  await expect(dialog).toBeVisible();
  const classes = (await dialog.getAttribute('class')) ?? '';
  // Closed once any zoom has ended: a key or click during it is the race the setting is there to avoid.
  await expect(dialog).not.toHaveClass(/ant-zoom/);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  return classes;
}

test('the console follows the system setting for less motion, live', async ({ browser }) => {
  const page = await adminConsole(browser);
  await page.goto('/console/#/batches');
  await expect(page.getByTestId('batch-create')).toBeVisible();

  // Asked for less motion (this suite's default): the dialog is in place from its first frame.
  expect(await dialogClassesAtOpen(page)).not.toMatch(/ant-zoom/);

  // The setting changed while the console is open: antd's zoom is back.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await dialogClassesAtOpen(page)).toMatch(/ant-zoom/);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await dialogClassesAtOpen(page)).not.toMatch(/ant-zoom/);
  await page.context().close();
});
