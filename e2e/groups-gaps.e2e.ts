import { expect, test } from '@playwright/test';
import { loginWithPassword, useLanguage } from './support.ts';

// Demo data: the leader "leader" runs LimPunggol (820618); member1 is in it with recipient code M1PY.
// Phone-sized (390 px, the config's viewport); no map tiles are configured, so the map is the drawn outline.

const tracking = (prefix: string) => `${prefix}${Date.now().toString().slice(-9)}${Math.floor(Math.random() * 90 + 10)}`;

test('a member adds several courier parcels to the group shipment; bad rows are marked and fixed', async ({ page }) => {
  await useLanguage(page, 'en');
  await loginWithPassword(page, 'member1', 'member1234');
  await expect(page).toHaveURL(/pages\/index\/index/);
  await page.goto('/#/pages/group/detail');
  await page.getByTestId('open-delivery-add').click();
  await expect(page).toHaveURL(/pages\/group\/delivery-add/);
  await expect(page.getByTestId('addon-dragon')).toHaveText('M1PY');
  await expect(page.getByTestId('addon-warehouse')).toContainText('China warehouse address');

  const a = tracking('SF');
  const b = tracking('YT');
  await page.getByTestId('addon-tracking-0').locator('input').fill(a);
  await page.getByTestId('addon-name-0').locator('input').fill('Shoes2');
  await page.getByTestId('addon-value-0').locator('input').fill('0.5');
  await page.getByTestId('addon-more').click();
  await page.getByTestId('addon-tracking-1').locator('input').fill(b);
  await page.getByTestId('addon-name-1').locator('input').fill('Winter coat');
  await page.getByTestId('addon-value-1').locator('input').fill('120.505');
  await page.getByTestId('addon-submit').click();
  // Goods name without digits, value at least ¥1 and at most 2 decimals: nothing is sent yet.
  await expect(page.getByTestId('addon-row-0')).toContainText('no digits or symbols');
  await expect(page.getByTestId('addon-row-0')).toContainText('too low');
  await expect(page.getByTestId('addon-row-1')).toContainText('2 decimals');

  await page.getByTestId('addon-name-0').locator('input').fill('Shoes');
  await page.getByTestId('addon-value-0').locator('input').fill('59.90');
  await page.getByTestId('addon-value-1').locator('input').fill('120.50');
  await page.getByTestId('addon-submit').click();
  const added = page.getByTestId('addon-added');
  await expect(added).toContainText(a);
  await expect(added).toContainText(b);
  // The same number again is refused by the server, shown on its row.
  await page.getByTestId('addon-tracking-0').locator('input').fill(a);
  await page.getByTestId('addon-name-0').locator('input').fill('Shoes');
  await page.getByTestId('addon-value-0').locator('input').fill('10');
  await page.getByTestId('addon-submit').click();
  await expect(page.getByTestId('addon-error-0')).toBeVisible();

  // They are GROUP parcels in the member's pending list.
  await added.getByText(a).click();
  await expect(page).toHaveURL(/pages\/order\/detail/);
  await expect(page.getByText(a).first()).toBeVisible();
  // Fits a 390 px phone: no sideways scrolling.
  await page.goto('/#/pages/group/delivery-add');
  await expect(page.getByTestId('delivery-add')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('the leader map draws Singapore with leaders as markers; a leader’s place opens in the map app (中文)', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto('/#/pages/map/index');
  const map = page.getByTestId('drawn-map');
  await expect(map).toBeVisible();
  await expect(map).toHaveAttribute('data-offline', '1');
  await expect(page.getByText(/tiles/i)).toHaveCount(0);
  await page.getByTestId('map-postcode').locator('input').fill('820111');
  await page.getByTestId('map-search').click();
  await expect(page.locator('[data-testid^="group-"]').first()).toContainText('LimPunggol');
  // The outline (4 land shapes) plus one marker per visible leader and the searched point.
  const leaders = await page.locator('[data-testid^="group-place-"]').count();
  expect(leaders).toBeGreaterThan(0);
  await expect(map.locator('path.leaflet-interactive')).toHaveCount(leaders + 1);
  await expect(map.locator('path')).toHaveCount(4 + leaders + 1);
  // Each leader is labelled with its name and distance; a tap on a label opens its details.
  await expect(map.locator('.map-label')).toHaveCount(leaders + 1);
  await expect(map.locator('.map-label').filter({ hasText: 'LimPunggol' })).toContainText(/LimPunggol · \d+\.\d km/);
  await map.locator('.map-label').filter({ hasText: 'LimPunggol' }).click();
  await expect(page.getByTestId('leader-sheet-name')).toHaveText('LimPunggol');
  await page.getByRole('button', { name: 'Close' }).click();

  await page.evaluate(() => localStorage.setItem('language', JSON.stringify({ content: 'zh_CN', expire: 0 })));
  await page.reload();
  await page.getByTestId('map-postcode').locator('input').fill('820111');
  await page.getByTestId('map-search').click();
  await page.locator('[data-testid^="group-place-"]').first().click();
  await expect(page).toHaveURL(/#\/open-location\?/);
  await expect(page.getByTestId('loc-name')).toHaveText('LimPunggol');
  await expect(page.getByTestId('loc-address-text')).toContainText('820618');
  const geo = page.getByTestId('open-geo');
  await expect(geo).toHaveText('用手机地图打开');
  await expect(geo).toHaveAttribute('href', /^geo:1\.\d+,103\.\d+\?q=.*\(LimPunggol\)$/);
  await expect(page.getByTestId('open-google')).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=1\.\d+%2C103\.\d+$/,
  );
  await expect(page.getByTestId('drawn-map').locator('path.leaflet-interactive')).toHaveCount(1);
});

test('choose-location: a postcode or a tap picks the point and hands it back to the group form', async ({ page }) => {
  await useLanguage(page, 'en');
  await loginWithPassword(page, 'leader', 'leader1234');
  await expect(page).toHaveURL(/pages\/index\/index/);
  await page.goto('/#/pages/group/add-group');
  await page.getByTestId('edit-choose-location').click();
  await expect(page).toHaveURL(/#\/choose-location\?for=add-group/);
  await page.getByTestId('loc-postcode').locator('input').fill('520201');
  await page.getByTestId('loc-search').click();
  const picked = page.getByTestId('loc-picked');
  await expect(picked).toHaveText(/^1\.3\d+, 103\.9\d+$/); // Tampines
  const byPostcode = await picked.textContent();
  // A tap elsewhere on the map moves the point.
  // The map flies to the postcode first; a tap during that animation is dropped by Leaflet, as a person's
  // would be, so tap again until the map takes it.
  const box = (await page.getByTestId('drawn-map').boundingBox())!;
  await expect(async () => {
    await page.touchscreen.tap(box.x + box.width * 0.3, box.y + box.height * 0.5);
    await expect(picked).not.toHaveText(byPostcode!, { timeout: 1500 });
  }).toPass({ timeout: 20_000 });
  await expect(picked).toHaveText(/^1\.\d+, 103\.\d+$/);
  await page.getByTestId('loc-address').locator('input').fill('Blk 201 Tampines St 21');
  await page.getByTestId('loc-confirm').click();
  await expect(page).toHaveURL(/pages\/group\/add-group/);
  await expect(page.getByTestId('edit-postcode').locator('input')).toHaveValue('520201');
  await expect(page.locator('input[value="Blk 201 Tampines St 21"]')).toHaveCount(1);
});
