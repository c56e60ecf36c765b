/**
 * A schema fuzz of every endpoint in the contract (endpoints added later included): wrong types, huge and NUL
 * strings, out-of-range numbers, deep nesting and prototype keys. Every answer must be the envelope, and
 * none a 5xx: bad input is the caller's mistake, said plainly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, isStaffAuth, signFields } from '@pinyou/contract';
import { createTestApp, TEST_SECRET, type TestApp } from '../test/harness.ts';
import { fuzzBodies } from '../test/contract-inputs.ts';
import * as accountRepo from '../modules/account/account.repository.ts';

let t: TestApp;
let userToken = '';
let staffToken = '';

beforeAll(async () => {
  t = await createTestApp();
  const u = await accountRepo.insertUser(t.services.db, {
    userAccount: 'fuzzuser',
    nickname: 'Fuzz',
    roles: ['user', 'leader'],
    examineStatus: 1,
  });
  userToken = (await t.services.sessions.issueForUser(t.services.db, u.id, 'leader', { ip: '1', userAgent: '' })).token;
  const st = await t.services.staff.createStaff('fuzzadmin', 'Fuzz', 'admin', 'fuzzpass1');
  staffToken = (await t.services.sessions.issueForStaff(t.services.db, st!.id, 'admin', { ip: '1', userAgent: '' })).token;
}, 60_000);
afterAll(() => t?.close());

/** Signs a JSON body as sent, keeping keys like "__proto__" as own keys (JSON.parse makes them so). */
function signedText(body: string): string {
  const parsed = JSON.parse(body) as unknown;
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return body;
  return JSON.stringify(signFields(parsed as Record<string, unknown>, TEST_SECRET));
}

describe('schema fuzz of every endpoint', () => {
  it('answers every hostile body in the envelope, never with a 5xx', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const { domain, name, def } of allEndpoints()) {
      if (def.multipart || def.signed === false) continue;
      const token = def.auth === 'user' || def.auth === 'optional' ? userToken : isStaffAuth(def.auth) ? staffToken : undefined;
      // Calls that end the session would leave the rest of the run logged out.
      if (/logout|logOff|cancelAccount|deleteAccount/i.test(def.path)) continue;
      for (const body of fuzzBodies(def.request)) {
        sent++;
        const res = await t.app.inject({
          method: 'POST',
          url: def.path,
          payload: signedText(body),
          headers: { 'content-type': 'application/json', language: 'en', ...(token ? { token } : {}) },
        });
        let json: { code?: unknown; msg?: unknown; version?: unknown } | null = null;
        try {
          json = res.json();
        } catch {
          json = null;
        }
        const shown = body.length > 120 ? `${body.slice(0, 120)}…` : body;
        if (res.statusCode >= 500) failures.push(`${res.statusCode} ${domain}.${name} ${shown} → ${res.body.slice(0, 160)}`);
        else if (!json || typeof json.code !== 'number' || typeof json.msg !== 'string' || !('version' in json))
          failures.push(`not an envelope: ${domain}.${name} ${shown} → ${res.body.slice(0, 160)}`);
      }
    }
    expect(failures.slice(0, 60)).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
    // Prototype keys never reached an object's prototype.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  }, 900_000);
});
