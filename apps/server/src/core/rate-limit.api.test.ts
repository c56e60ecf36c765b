import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Code, contract, limits } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { verificationCodes } from '../db/schema.ts';

/** No proxy is trusted (TRUST_PROXY_HOPS=0): X-Forwarded-For is whatever the client wrote, so it must change nothing. */
const A = contract.account;
const LIMIT = 30;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: String(LIMIT), TRUST_PROXY_HOPS: '0' } });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});

const ping = (ip: string, xff?: string) => t.call(A.getSystemSetting, {}, { ip, headers: xff ? { 'x-forwarded-for': xff } : {} });

describe('IP rate limit (RATE_LIMIT_PER_MINUTE)', () => {
  it('answers RATE_LIMITED past the limit, in the envelope, with the wait', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await ping('203.0.113.1')).code).toBe(0);
    const over = await ping('203.0.113.1');
    expect(over.status).toBe(200);
    expect(over.code).toBe(Code.RATE_LIMITED);
    expect(over.msg).toMatch(/^Too many requests, please try again in \d+ s$/);
    const zh = await t.call(A.getSystemSetting, {}, { ip: '203.0.113.1', lang: 'zh_CN' });
    expect(zh.msg).toMatch(/^请求过于频繁，请 \d+ 秒后再试$/);
    // Another client is not affected.
    expect((await ping('203.0.113.2')).code).toBe(0);
  });

  it('counts unsigned and refused requests too', async () => {
    for (let i = 0; i < LIMIT; i++) await t.post(A.getSystemSetting.path, {}, { ip: '203.0.113.3' });
    expect((await ping('203.0.113.3')).code).toBe(Code.RATE_LIMITED);
  });

  it('a different X-Forwarded-For on every request does not reset it', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await ping('203.0.113.4', `10.${i}.0.1`)).code).toBe(0);
    expect((await ping('203.0.113.4', '10.99.0.1')).code).toBe(Code.RATE_LIMITED);
    expect((await ping('203.0.113.4', '198.51.100.1, 10.99.0.2')).code).toBe(Code.RATE_LIMITED);
  });
});

describe('verification codes per IP per hour', () => {
  it('the hourly cap per IP holds whatever X-Forwarded-For says', async () => {
    expect(limits.codeHourlyCapPerIp).toBeLessThan(LIMIT);
    for (let i = 0; i < limits.codeHourlyCapPerIp; i++) {
      const phone = String(81000000 + i);
      const res = await t.call(
        A.h5SendCode,
        { phone, purpose: 'register' },
        { ip: '203.0.113.9', headers: { 'x-forwarded-for': `172.16.${i}.1` } },
      );
      expect(res.code, res.msg).toBe(0);
    }
    const capped = await t.call(
      A.h5SendCode,
      { phone: '89999999', purpose: 'register' },
      { ip: '203.0.113.9', headers: { 'x-forwarded-for': '172.16.200.1' } },
    );
    expect(capped.code).toBe(Code.CODE_HOURLY_CAP);
    const rows = await t.database.db.select({ ip: verificationCodes.ip }).from(verificationCodes);
    expect(new Set(rows.map((r) => r.ip))).toEqual(new Set(['203.0.113.9']));
    // The cap is per client: another address still gets a code.
    expect((await t.call(A.h5SendCode, { phone: '89999990', purpose: 'register' }, { ip: '203.0.113.10' })).code).toBe(0);
  });
});
