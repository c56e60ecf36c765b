import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Code, contract } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { LOGIN_GUESS_CAP, LOGIN_LOCK_SECONDS } from './account.service.ts';

const A = contract.account;
let t: TestApp;
let ipSeq = 0;
const ip = () => `198.18.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

async function register(user_account: string, phone: string, password = 'secret123') {
  const { data: rt } = await t.call(A.getRegisterToken);
  await t.call(A.h5SendCode, { phone, purpose: 'register' });
  const res = await t.call(A.register, {
    register_token: rt.register_token,
    agree_terms: true,
    user_account,
    phone,
    code: await t.lastCode(phone),
    password,
    confirm_password: password,
  });
  expect(res.code, res.msg).toBe(0);
}

describe('password guessing', () => {
  it('counts wrong passwords per account, whichever identifier names it, and says the account is locked until when', async () => {
    await register('carol01', '82223333');
    for (let i = 0; i < LOGIN_GUESS_CAP / 2; i++) {
      expect((await t.call(A.login, { account: 'carol01', password: `bad${i}xxxx` }, { ip: ip() })).code).toBe(Code.BAD_CREDENTIALS);
      expect((await t.call(A.login, { account: '82223333', password: `bad${i}yyyy` }, { ip: ip() })).code).toBe(Code.BAD_CREDENTIALS);
    }
    const locked = await t.call(A.login, { account: 'carol01', password: 'secret123' }, { ip: ip() });
    expect(locked.code).toBe(Code.ACCOUNT_LOCKED);
    expect(locked.msg).toMatch(/locked until \d{2}:\d{2}/);
    expect(locked.data.retry_after).toBeGreaterThan(0);
  });

  it('checks at most the cap when 50 wrong guesses arrive at once', async () => {
    await register('dave001', '83334444');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.call(A.login, { account: i % 2 ? 'dave001' : '83334444', password: `guess${i}xx` }, { ip: ip() }),
      ),
    );
    const checked = answers.filter((a) => a.code === Code.BAD_CREDENTIALS).length;
    expect(checked).toBeLessThanOrEqual(LOGIN_GUESS_CAP);
    expect(answers.filter((a) => a.code === Code.ACCOUNT_LOCKED).length).toBe(50 - checked);
  });

  it('the owner can always reset by code, and the lock ends after its time', async () => {
    await register('erin001', '84445555');
    for (let i = 0; i < LOGIN_GUESS_CAP + 2; i++) await t.call(A.login, { account: 'erin001', password: `bad${i}xxxx` }, { ip: ip() });
    expect((await t.call(A.login, { account: 'erin001', password: 'secret123' }, { ip: ip() })).code).toBe(Code.ACCOUNT_LOCKED);
    await t.call(A.h5SendCode, { phone: '84445555', purpose: 'reset' });
    const reset = await t.call(A.editPasswd, {
      account: '84445555',
      code: await t.lastCode('84445555'),
      password: 'newpass123',
      confirm_password: 'newpass123',
    });
    expect(reset.code, reset.msg).toBe(0);
    expect((await t.call(A.login, { account: 'erin001', password: 'newpass123' }, { ip: ip() })).code).toBe(0);

    for (let i = 0; i < LOGIN_GUESS_CAP + 1; i++) await t.call(A.login, { account: 'erin001', password: `bad${i}zzzz` }, { ip: ip() });
    expect((await t.call(A.login, { account: 'erin001', password: 'newpass123' }, { ip: ip() })).code).toBe(Code.ACCOUNT_LOCKED);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + (LOGIN_LOCK_SECONDS + 5) * 1000);
      expect((await t.call(A.login, { account: 'erin001', password: 'newpass123' }, { ip: ip() })).code).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
