import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Code, DEFAULT_OFFICIAL_ACCOUNT_QR, contract } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { settings } from './system.schema.ts';

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
    const saved = await t.call(AD.saveSettings, { info: { ...data.info, official_account: { name: 'Pinyou SG', qr_url: qr } } }, { token });
    expect(saved.code, saved.msg).toBe(0);
    const after = await t.call(A.getSystemSetting);
    expect(after.data.info.official_account).toEqual({ name: 'Pinyou SG', qr_url: qr });

    // Cleared again: the default returns instead of a blank space.
    await t.call(AD.saveSettings, { info: { ...data.info, official_account: { name: 'Pinyou SG', qr_url: '' } } }, { token });
    expect((await t.call(A.getSystemSetting)).data.info.official_account.qr_url).toBe(DEFAULT_OFFICIAL_ACCOUNT_QR);
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
      const res = await t.call(AD.saveSettings, { info: { ...data.info, official_account: { name: 'x', qr_url } } }, { token });
      expect(res.code).toBe(Code.VALIDATION);
      expect(res.msg).toContain('https://');
    }
    const zh = await t.call(
      AD.saveSettings,
      { info: { ...data.info, official_account: { name: 'x', qr_url: 'javascript:alert(1)' } } },
      { token, lang: 'zh_CN' },
    );
    expect(zh.msg).toContain('图片地址');
  });
});
