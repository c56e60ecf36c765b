import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Code, TERMS_VERSION, contract } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { users } from '../../db/schema.ts';

const A = contract.account;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

async function registerInput(phone: string, extra: Record<string, unknown>) {
  const { data: rt } = await t.call(A.getRegisterToken);
  expect((await t.call(A.h5SendCode, { phone, purpose: 'register' })).code).toBe(0);
  return {
    register_token: rt.register_token,
    user_account: 'terms01',
    phone,
    code: await t.lastCode(phone),
    password: 'secret123',
    confirm_password: 'secret123',
    ...extra,
  };
}

const userRow = async (account: string) => (await t.database.db.select().from(users).where(eq(users.userAccount, account)))[0];

describe('registration needs consent to the terms and privacy policy', () => {
  it('refuses without consent, in the caller’s language, and creates no account; the same code works once consent is given', async () => {
    const input = await registerInput('81230001', {});
    const en = await t.call(A.register, input, { lang: 'en' });
    expect(en.code).toBe(Code.TERMS_NOT_ACCEPTED);
    expect(en.msg).toBe('Please read and agree to the terms of service and privacy policy to register');
    const zh = await t.call(A.register, { ...input, agree_terms: false }, { lang: 'zh_CN' });
    expect(zh.code).toBe(Code.TERMS_NOT_ACCEPTED);
    expect(zh.msg).toBe('请阅读并同意用户协议和隐私政策后再注册');
    expect(await userRow('terms01')).toBeUndefined();

    // The refusal comes before the code is used up: ticking the box and sending again registers.
    const before = Date.now();
    const okRes = await t.call(A.register, { ...input, agree_terms: true });
    expect(okRes.code, okRes.msg).toBe(0);
    const row = await userRow('terms01');
    expect(row.termsVersion).toBe(TERMS_VERSION);
    expect(row.termsAcceptedAt).toBeInstanceOf(Date);
    expect(row.termsAcceptedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.termsAcceptedAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('a consent that is not a yes (a string, a number other than 1) is refused', async () => {
    const input = await registerInput('81230002', {});
    const text = await t.call(A.register, { ...input, agree_terms: 'yes' });
    expect(text.code).toBe(Code.VALIDATION);
    const zero = await t.call(A.register, { ...input, agree_terms: 0 });
    expect(zero.code).toBe(Code.TERMS_NOT_ACCEPTED);
    expect(await userRow('terms01')).toBeUndefined();
  });
});

describe('WeChat sign-up keeps the consent the app asked for', () => {
  const rowOfToken = async (token: string) => {
    const info = await t.call(A.authInfo, {}, { token });
    return (await t.database.db.select().from(users).where(eq(users.id, info.data.user_id)))[0];
  };

  it('stores it with the version when the app says the person agreed, and only then', async () => {
    const agreed = await t.call(A.appletLogin, { code: 'sandbox:consenting', agree_terms: true });
    expect(agreed.code, agreed.msg).toBe(0);
    expect(agreed.data.new_user).toBe(1);
    const row = await rowOfToken(agreed.data.token);
    expect(row.termsVersion).toBe(TERMS_VERSION);
    expect(row.termsAcceptedAt).toBeInstanceOf(Date);

    const silent = await t.call(A.appletLogin, { code: 'sandbox:silent' });
    expect((await rowOfToken(silent.data.token)).termsAcceptedAt).toBeNull();
    // The same account agreeing at a later WeChat login has it stored then; the first consent is never overwritten.
    const later = await t.call(A.authLogin, { code: 'silent', nickname: 'Silent', agree_terms: 1 });
    const first = (await rowOfToken(later.data.token)).termsAcceptedAt!;
    expect(first).toBeInstanceOf(Date);
    await t.call(A.appletLogin, { code: 'silent', agree_terms: true });
    expect((await rowOfToken(later.data.token)).termsAcceptedAt!.getTime()).toBe(first.getTime());
  });
});
