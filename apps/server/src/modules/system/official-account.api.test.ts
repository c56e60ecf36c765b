import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Code, DEFAULT_OFFICIAL_ACCOUNT_QR, contract, settingsInputOf } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { settings } from './system.schema.ts';
import { PNG_1x1 } from '../wallet/wallet.test-helpers.ts';

const AD = contract.admin;
const A = contract.account;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

async function contentStaff() {
  await t.services.staff.createStaff('content1', 'Content staff', 'content', 'staffpass1');
  const r = await t.call(AD.adminLogin, { account: 'content1', password: 'staffpass1' });
  expect(r.code, r.msg).toBe(0);
  return r.data.token as string;
}

describe('official account QR code (pages/sub/gzh)', () => {
  it('shows our default image until staff set the account’s own QR code, which the app then reads', async () => {
    const before = await t.call(A.getSystemSetting);
    expect(before.data.info.official_account.qr_url).toBe(DEFAULT_OFFICIAL_ACCOUNT_QR);

    const token = await contentStaff();
    const { data } = await t.call(AD.getSettings, {}, { token });
    const qr = '/uploads/public/202611/0123456789abcdef0123456789abcdef.png';
    const saved = await t.call(
      AD.saveSettings,
      { info: { ...settingsInputOf(data.info), official_account: { name: 'Pinyou SG', qr_url: qr } } },
      { token },
    );
    expect(saved.code, saved.msg).toBe(0);
    const after = await t.call(A.getSystemSetting);
    expect(after.data.info.official_account).toEqual({ name: 'Pinyou SG', qr_url: qr });

    // Cleared again: the default returns instead of a blank space.
    await t.call(
      AD.saveSettings,
      { info: { ...settingsInputOf(data.info), official_account: { name: 'Pinyou SG', qr_url: '' } } },
      { token },
    );
    expect((await t.call(A.getSystemSetting)).data.info.official_account.qr_url).toBe(DEFAULT_OFFICIAL_ACCOUNT_QR);
  });

  it('staff upload the QR code as a public site image, served to anyone without a signed link', async () => {
    const token = await contentStaff();
    const qr = { name: 'qr.png', data: PNG_1x1, type: 'image/png' };
    const up = await t.request(AD.adminUploadImage, { purpose: 'site' }, { token, file: qr });
    const url = up.json().data.url as string;
    expect(url).toMatch(/^\/uploads\/public\/\d{6}\/[0-9a-f]{32}\.png$/);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const { data } = await t.call(AD.getSettings, {}, { token });
    await t.call(
      AD.saveSettings,
      { info: { ...settingsInputOf(data.info), official_account: { name: 'Pinyou SG', qr_url: url } } },
      { token },
    );
    // The public answer carries the same address (not a link that expires).
    expect((await t.call(A.getSystemSetting)).data.info.official_account.qr_url).toBe(url);
    // A customer cannot upload site images.
    const customer = await t.call(A.appletLogin, { code: 'sandbox:site-upload' });
    const refused = await t.request(AD.adminUploadImage, { purpose: 'site' }, { token: customer.data.token, file: qr });
    expect(refused.json().code).not.toBe(0);
  });

  it('an older stored setting with an empty QR reads as the default', async () => {
    await t.database.db.insert(settings).values({ key: 'system', value: { official_account: { name: 'Old', qr_url: '' } } });
    const res = await t.call(A.getSystemSetting);
    expect(res.data.info.official_account).toEqual({ name: 'Old', qr_url: DEFAULT_OFFICIAL_ACCOUNT_QR });
  });

  it('refuses an image address that is neither ours nor https, in the staff member’s language', async () => {
    const token = await contentStaff();
    const { data } = await t.call(AD.getSettings, {}, { token });
    for (const qr_url of ['javascript:alert(1)', 'http://example.com/qr.png', 'data:image/png;base64,AAAA']) {
      const res = await t.call(
        AD.saveSettings,
        { info: { ...settingsInputOf(data.info), official_account: { name: 'x', qr_url } } },
        { token },
      );
      expect(res.code).toBe(Code.VALIDATION);
      expect(res.msg).toContain('https://');
    }
    const zh = await t.call(
      AD.saveSettings,
      { info: { ...settingsInputOf(data.info), official_account: { name: 'x', qr_url: 'javascript:alert(1)' } } },
      { token, lang: 'zh_CN' },
    );
    expect(zh.msg).toContain('图片地址');
  });
});
