/**
 * Ids and cursors past what an integer column holds are the caller's mistake: a validation answer naming
 * the field, never a 500 (the database refused them before the contract did).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, contract, type EndpointDef } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { staffLogin } from '../test/fixtures.ts';
import * as accountRepo from '../modules/account/account.repository.ts';

let t: TestApp;
let customer = '';
let service = '';

beforeAll(async () => {
  t = await createTestApp();
  const u = await accountRepo.insertUser(t.services.db, { userAccount: 'rangeuser', nickname: 'Range' });
  customer = (await t.services.sessions.issueForUser(t.services.db, u.id, 'user', { ip: '1', userAgent: '' })).token;
  service = await staffLogin(t, 'service', 'rangeservice');
}, 60_000);
afterAll(() => t?.close());

const cases: Array<[string, EndpointDef, Record<string, unknown>, 'customer' | 'service']> = [
  ['joinGroup', contract.groups.joinGroup, { group_id: 2147483648 }, 'customer'],
  ['joinGroup (share link text)', contract.groups.joinGroup, { group_id: '2147483648,Lim' }, 'customer'],
  ['groupDetail', contract.groups.groupDetail, { group_id: 1e308 }, 'customer'],
  ['supportMessages', contract.content.supportMessages, { after_id: 2147483648 }, 'customer'],
  ['admin support detail', contract.contentAdmin.adminSupportDetail, { id: 1, after_id: 2147483648 }, 'service'],
  ['chatHistory', contract.content.chatHistory, { before_id: 2147483648 }, 'customer'],
  ['a page past the integer range', contract.groups.groupList, { page: 1e308 }, 'customer'],
];

describe('ids out of range', () => {
  for (const [label, def, input, who] of cases) {
    it(`${label}: a validation answer, not a 500`, async () => {
      const token = who === 'customer' ? customer : service;
      for (const method of ['POST', 'GET'] as const) {
        const r = await t.call(def, input, { token, method, lang: 'zh_CN' });
        expect(r.status, `${method} ${r.msg}`).toBeLessThan(500);
        expect(r.code, `${method} ${r.msg}`).toBe(Code.VALIDATION);
        expect(r.data?.field).toBe(Object.keys(input).at(-1));
      }
    });
  }
});
