/**
 * The authorization matrix, generated from the contract: every endpoint × (anonymous, customer A, customer B
 * aiming at A's objects, leader, member session, each staff role). Endpoints added later are covered
 * without editing this file. Fails on any call allowed to a role its definition does not name, on any of
 * A's data in another caller's answer, and on any change B manages to make to A's objects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, Code, contract, isStaffAuth, refusedInMemberSession, staffRoles, type EndpointDef } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { sampleInput } from '../test/contract-inputs.ts';
import * as accountRepo from '../modules/account/account.repository.ts';

let t: TestApp;
type Principal = {
  name: string;
  token: string | null;
  customerRoles?: string[];
  staffRole?: string;
  member?: boolean;
  /** A fresh session of the same kind, after a call (logout, password change…) ended the current one. */
  renew?: () => Promise<string>;
};
const principals: Principal[] = [];
const A_CANARIES = ['canaryalice', 'CanaryAlice', 'Canaryreceiver', 'CANARY7700', 'Canarygoods'];
let aToken = '';
let aIds: Record<string, number> = {};

async function user(account: string, nickname: string, roles: string[], actingLeaderId: number | null = null) {
  const u = await accountRepo.insertUser(t.services.db, {
    userAccount: account,
    nickname,
    roles,
    examineStatus: roles.includes('leader') ? 1 : 0,
  });
  const s = await t.services.sessions.issueForUser(
    t.services.db,
    u.id,
    roles.includes('leader') ? 'leader' : 'user',
    { ip: '1', userAgent: '' },
    actingLeaderId,
  );
  return { id: u.id, token: s.token };
}

async function staffSession(role: string) {
  const row = await t.services.staff.createStaff(`m-${role}`, `Matrix ${role}`, role as never, 'matrixpass1');
  return (await t.services.sessions.issueForStaff(t.services.db, row!.id, role, { ip: '1', userAgent: '' })).token;
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await user('canaryalice', 'CanaryAlice', ['user']);
  aToken = a.token;
  const addr = await t.services.addresses.save(a.id, {
    receiver: 'Canaryreceiver',
    phone: '81234567',
    district: 'Tampines',
    address: 'Blk 201 Tampines St 21',
    postcode: '520201',
    is_default: true,
  });
  const parcel = await t.call(
    contract.parcels.createOrder,
    { tracking_no: 'CANARY7700', goods_name: 'Canarygoods', goods_value: '120', quantity: 1 },
    { token: a.token },
  );
  expect(parcel.code, parcel.msg).toBe(0);
  const recharge = await t.call(contract.wallet.createRechargeOrder, { amount: '12.34', method: 'paynow' }, { token: a.token });
  expect(recharge.code, recharge.msg).toBe(0);
  A_CANARIES.push(recharge.data.order.order_no);
  aIds = {
    address_id: addr.id,
    parcel_id: parcel.data.id ?? parcel.data.parcel?.id ?? parcel.data.list?.[0]?.id,
    order_id: recharge.data.order.id,
    id: addr.id,
  };
  let n = 0;
  const fresh = (name: string, roles: string[]) => async () => (await user(`${name}${++n}`, name, roles)).token;
  const freshMember = async () => {
    const leader = await user(`leadm${++n}`, 'Leader', ['user', 'leader']);
    const member = await user(`memb${++n}`, 'Member', ['user']);
    return (await t.services.sessions.issueForUser(t.services.db, member.id, 'member', { ip: '1', userAgent: '' }, leader.id)).token;
  };
  principals.push(
    { name: 'anonymous', token: null },
    { name: 'customer B', token: await fresh('bob', ['user'])(), customerRoles: ['user'], renew: fresh('bob', ['user']) },
    {
      name: 'leader',
      token: await fresh('lead', ['user', 'leader'])(),
      customerRoles: ['user', 'leader'],
      renew: fresh('lead', ['user', 'leader']),
    },
    { name: 'member session', token: await freshMember(), customerRoles: ['user'], member: true, renew: freshMember },
  );
  for (const role of staffRoles) {
    principals.push({ name: `staff ${role}`, token: await staffSession(role), staffRole: role, renew: () => reissue(role) });
  }
}, 120_000);
afterAll(() => t?.close());

/** What the definition allows this principal, or null when the outcome depends on the handler. */
function expected(def: EndpointDef, p: Principal): number[] | 'allowed' | null {
  if (def.auth === 'none' || def.auth === 'optional') return null;
  if (p.token === null) return [Code.LOGIN_REQUIRED];
  const roles = (def.roles ?? []) as readonly string[];
  if (isStaffAuth(def.auth)) {
    if (!p.staffRole) return [Code.FORBIDDEN];
    return p.staffRole === 'admin' || roles.includes(p.staffRole) ? 'allowed' : [Code.FORBIDDEN];
  }
  // a customer call
  if (p.staffRole) return [Code.LOGIN_REQUIRED, Code.FORBIDDEN];
  if (p.member && refusedInMemberSession(def)) return [Code.MEMBER_SESSION];
  if (def.roles && !p.customerRoles!.some((r) => roles.includes(r))) return [Code.FORBIDDEN];
  return 'allowed';
}

describe('authorization matrix (generated from the contract)', () => {
  it('every staff and terminal call names its roles', () => {
    const missing = allEndpoints()
      .filter((e) => isStaffAuth(e.def.auth) && !Array.isArray(e.def.roles))
      .map((e) => `${e.domain}.${e.name}`);
    expect(missing).toEqual([]);
  });

  it('each principal reaches exactly what the definitions name, and B never sees or changes A', async () => {
    const failures: string[] = [];
    for (const { domain, name, def } of allEndpoints()) {
      for (const p of principals) {
        const aimAtA = p.name === 'customer B' || p.name === 'leader' || p.name === 'member session';
        const input = aimAtA ? sampleInput(def.request, aIds) : {};
        if (def.multipart) continue; // multipart calls: the pipeline checks sessions and roles the same way; files are tested elsewhere
        let r = await t.call(def, input, { token: p.token });
        if (p.renew && [Code.TOKEN_REVOKED, Code.TOKEN_EXPIRED].includes(r.code as never)) {
          // An earlier row (logout, password change, account deletion) ended this session: a new one, same kind.
          p.token = await p.renew();
          r = await t.call(def, input, { token: p.token });
        }
        const label = `${domain}.${name} as ${p.name} → ${r.code} ${r.msg}`;
        if (r.status >= 500) failures.push(`5xx: ${label}`);
        const want = expected(def, p);
        if (Array.isArray(want) && !want.includes(r.code)) failures.push(`expected ${want.join('/')}: ${label}`);
        if (want === 'allowed' && p.staffRole && [Code.FORBIDDEN, Code.LOGIN_REQUIRED].includes(r.code as never))
          failures.push(`allowed role refused: ${label}`);
        if (aimAtA && r.code === 0) {
          const text = JSON.stringify(r.data);
          const leaked = A_CANARIES.find((c) => text.includes(c));
          if (leaked) failures.push(`leak of A's ${leaked}: ${label}`);
        }
      }
    }
    expect(failures).toEqual([]);

    // Nothing B, the leader or the member aimed at A changed A's objects.
    const mine = await t.call(contract.account.getUserAddressList, {}, { token: aToken });
    expect(JSON.stringify(mine.data)).toContain('Canaryreceiver');
    const parcels = await t.call(contract.parcels.getOrderList, {}, { token: aToken });
    expect(JSON.stringify(parcels.data)).toContain('CANARY7700');
  }, 600_000);
});

let reissued = 0;
async function reissue(role: string) {
  reissued++;
  const row = await t.services.staff.createStaff(`m-${role}-${reissued}`, `Matrix ${role}`, role as never, 'matrixpass1');
  return (await t.services.sessions.issueForStaff(t.services.db, row!.id, role, { ip: '1', userAgent: '' })).token;
}
