import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Code, contract, limits } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { sessions, verificationCodes } from '../db/schema.ts';

/** Behind one trusted proxy (TRUST_PROXY_HOPS=1): the client is the address that proxy appended, the last in X-Forwarded-For. */
const A = contract.account;
const LIMIT = 30;
const PROXY = '10.0.0.2';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: String(LIMIT), TRUST_PROXY_HOPS: '1' } });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});

const via = (xff: string) => ({ ip: PROXY, headers: { 'x-forwarded-for': xff } });

describe('client IP from X-Forwarded-For with one trusted proxy', () => {
  it('limits each client separately; entries a client writes in front do not reset its count', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await t.call(A.getSystemSetting, {}, via('198.51.100.7'))).code).toBe(0);
    expect((await t.call(A.getSystemSetting, {}, via('198.51.100.7'))).code).toBe(Code.RATE_LIMITED);
    expect((await t.call(A.getSystemSetting, {}, via('1.2.3.4, 198.51.100.7'))).code).toBe(Code.RATE_LIMITED);
    expect((await t.call(A.getSystemSetting, {}, via('198.51.100.8'))).code).toBe(0);
  });

  it('records the client address on sessions and verification codes, and caps codes per client', async () => {
    const login = await t.call(A.appletLogin, { code: 'sandbox:ivy' }, via('198.51.100.20'));
    expect(login.code).toBe(0);
    const [session] = await t.database.db.select({ ip: sessions.ip }).from(sessions);
    expect(session.ip).toBe('198.51.100.20');

    for (let i = 0; i < limits.codeHourlyCapPerIp; i++) {
      expect((await t.call(A.h5SendCode, { phone: String(82000000 + i), purpose: 'register' }, via('198.51.100.21'))).code).toBe(0);
    }
    expect((await t.call(A.h5SendCode, { phone: '89999998', purpose: 'register' }, via('198.51.100.21'))).code).toBe(Code.CODE_HOURLY_CAP);
    expect((await t.call(A.h5SendCode, { phone: '89999990', purpose: 'register' }, via('198.51.100.22'))).code).toBe(0);
    const ips = new Set((await t.database.db.select({ ip: verificationCodes.ip }).from(verificationCodes)).map((r) => r.ip));
    expect(ips).toEqual(new Set(['198.51.100.21', '198.51.100.22']));
  });
});
