/**
 * A schema fuzz of every endpoint in the contract (endpoints added later included): wrong types, huge and NUL
 * strings, out-of-range numbers, deep nesting and prototype keys. Every answer must be the envelope, and
 * none a 5xx: bad input is the caller's mistake, said plainly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, Code, isStaffAuth, signFields, type EndpointDef } from '@pinyou/contract';
import { createTestApp, TEST_SECRET, type TestApp } from '../test/harness.ts';
import { fuzzBodies } from '../test/contract-inputs.ts';
import * as accountRepo from '../modules/account/account.repository.ts';

let t: TestApp;
let customerId = 0;
let roleHolderId = 0;
let staffId = 0;

beforeAll(async () => {
  t = await createTestApp();
  // A plain customer for calls open to any customer (a leader is refused some before their input is used);
  // one holding every customer role for calls that name roles (the role check comes before validation).
  customerId = (await accountRepo.insertUser(t.services.db, { userAccount: 'fuzzuser', nickname: 'Fuzz' })).id;
  roleHolderId = (
    await accountRepo.insertUser(t.services.db, {
      userAccount: 'fuzzlead',
      nickname: 'Fuzz Lead',
      roles: ['user', 'leader', 'pickup'],
      examineStatus: 1,
    })
  ).id;
  staffId = (await t.services.staff.createStaff('fuzzadmin', 'Fuzz', 'admin', 'fuzzpass1'))!.id;
}, 60_000);
afterAll(() => t?.close());

/**
 * A fresh session for each endpoint: a call that ends its session (logout, password change, account
 * deletion) would otherwise leave every later endpoint answering "log in" without its input being read.
 */
async function tokenFor(def: EndpointDef): Promise<string | undefined> {
  const at = { ip: '1', userAgent: '' };
  if (isStaffAuth(def.auth)) return (await t.services.sessions.issueForStaff(t.services.db, staffId, 'admin', at)).token;
  if (def.auth !== 'user' && def.auth !== 'optional') return undefined;
  if (def.roles) return (await t.services.sessions.issueForUser(t.services.db, roleHolderId, 'leader', at)).token;
  return (await t.services.sessions.issueForUser(t.services.db, customerId, 'user', at)).token;
}

/** The answer says the session is gone: the call never read its input. */
function sessionLost(text: string): boolean {
  try {
    const code = (JSON.parse(text) as { code?: unknown }).code;
    return [Code.LOGIN_REQUIRED, Code.TOKEN_REVOKED, Code.TOKEN_EXPIRED].includes(code as never);
  } catch {
    return false;
  }
}

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
    let endpoints = 0;
    for (const { domain, name, def } of allEndpoints()) {
      endpoints++;
      let token = await tokenFor(def);
      const send = (body: string) =>
        t.app.inject({
          method: 'POST',
          url: def.path,
          payload: signedText(body),
          headers: { 'content-type': 'application/json', language: 'en', ...(token ? { token } : {}) },
        });
      for (const body of fuzzBodies(def.request)) {
        sent++;
        let res = await send(body);
        if (token && sessionLost(res.body)) {
          // An earlier body of this call ended the session (logout, password change): again with a new one.
          token = await tokenFor(def);
          res = await send(body);
        }
        let json: { code?: unknown; msg?: unknown; version?: unknown } | null = null;
        try {
          json = res.json();
        } catch {
          json = null;
        }
        const shown = body.length > 120 ? `${body.slice(0, 120)}…` : body;
        if (token && sessionLost(res.body)) failures.push(`session lost, input never read: ${domain}.${name} ${shown}`);
        if (res.statusCode >= 500) failures.push(`${res.statusCode} ${domain}.${name} ${shown} → ${res.body.slice(0, 160)}`);
        else if (!json || typeof json.code !== 'number' || typeof json.msg !== 'string' || !('version' in json))
          failures.push(`not an envelope: ${domain}.${name} ${shown} → ${res.body.slice(0, 160)}`);
      }
    }
    expect(failures.slice(0, 60)).toEqual([]);
    expect(endpoints).toBe(allEndpoints().length);
    expect(sent).toBeGreaterThan(1000);
    // Prototype keys never reached an object's prototype.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  }, 900_000);
});
