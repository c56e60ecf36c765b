/**
 * Member sessions (spec §5): a leader logged into a member's account with backGroup may look and go back,
 * nothing else. Walks the whole catalogue with that token: every customer call outside the contract's
 * reviewed list answers MEMBER_SESSION, so a write added later is refused until someone reviews it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, Code, contract, memberSessionAllowed, refusedInMemberSession } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { sampleInput } from '../test/contract-inputs.ts';
import { ok, staffLogin } from '../test/fixtures.ts';
import * as accountRepo from '../modules/account/account.repository.ts';

const G = contract.groups;
const A = contract.account;
let t: TestApp;
let member: { id: number; token: string };
let leaderId = 0;
let memberSession = '';
let addressId = 0;

async function customer(account: string) {
  const u = await accountRepo.insertUser(t.services.db, { userAccount: account, nickname: `Nick ${account}` });
  const s = await t.services.sessions.issueForUser(t.services.db, u.id, 'user', { ip: '1', userAgent: '' });
  return { id: u.id, token: s.token };
}

beforeAll(async () => {
  t = await createTestApp();
  const desk = await staffLogin(t, 'leader_desk', 'msdesk');
  const lead = await customer('msleader1');
  leaderId = lead.id;
  const applied = await ok(
    t.call(
      G.applyGroup,
      {
        leader_name: 'LimAB12',
        phone: '91234567',
        address: 'Blk 618 Punggol Drive',
        floor: '12',
        unit: '34',
        postcode: '820618',
        remark: '',
        rules_accepted: true,
      },
      { token: lead.token },
    ),
  );
  await ok(t.call(contract.groupsAdmin.adminReviewApplication, { id: applied.id, approve: true }, { token: desk }));
  const group = await ok(t.call(G.groupDetail, {}, { token: lead.token }));
  member = await customer('msmember1');
  addressId = (
    await t.services.addresses.save(member.id, {
      receiver: 'Tan',
      phone: '81234567',
      district: 'Punggol',
      address: 'Blk 1',
      postcode: '820001',
      is_default: true,
    })
  ).id;
  await ok(t.call(G.joinGroup, { group_id: group.id }, { token: member.token }));
  memberSession = (await ok(t.call(G.backGroup, { user_id: member.id }, { token: lead.token }))).token;
}, 120_000);
afterAll(() => t?.close());

/** The calls that end the member session: tried last, on their own. */
const leaving = new Set<unknown>([G.backGroupByH5, A.unbind]);

describe('member sessions', () => {
  it('the reviewed list names only customer calls', () => {
    const named = new Set(Object.keys(memberSessionAllowed));
    const wrong = allEndpoints()
      .filter((e) => named.has(`${e.domain}.${e.name}`) && e.def.auth !== 'user' && e.def.auth !== 'optional')
      .map((e) => `${e.domain}.${e.name}`);
    expect(wrong).toEqual([]);
    expect(named.size).toBeGreaterThan(50);
  });

  it('every customer write answers MEMBER_SESSION; the listed reads answer normally', async () => {
    const failures: string[] = [];
    let refused = 0;
    for (const { domain, name, def } of allEndpoints()) {
      if (def.auth !== 'user' && def.auth !== 'optional') continue;
      if (leaving.has(def)) continue;
      const r = await t.call(def, sampleInput(def.request, { address_id: addressId, user_id: member.id }), { token: memberSession });
      const label = `${domain}.${name} → ${r.status} ${r.code} ${r.msg}`;
      if (r.status >= 500) failures.push(`5xx: ${label}`);
      if (refusedInMemberSession(def)) {
        refused++;
        if (r.code !== Code.MEMBER_SESSION) failures.push(`not refused: ${label}`);
      } else if (r.code === Code.MEMBER_SESSION || r.code === Code.LOGIN_REQUIRED) failures.push(`listed read refused: ${label}`);
    }
    expect(failures).toEqual([]);
    // The writes the issue named are among them.
    for (const def of [A.updateUserInfo, A.editUserAddress, A.deleteUserAddress, A.addMoreAccount, A.bindEmail, A.bindPhone])
      expect(refusedInMemberSession(def)).toBe(true);
    expect(refusedInMemberSession(contract.wallet.useCoupunCode)).toBe(true);
    expect(refused).toBeGreaterThan(60);
  }, 300_000);

  it("nothing of the member's account changed, and the ways back still work", async () => {
    const r1 = await t.call(A.updateUserInfo, { nickname: 'Changed by leader' }, { token: memberSession, lang: 'zh_CN' });
    expect(r1.code).toBe(Code.MEMBER_SESSION);
    expect(r1.msg).toContain('团员账号');
    const r2 = await t.call(
      A.editUserAddress,
      { id: addressId, receiver: 'Leader', phone: '81234567', district: 'Punggol', address: 'Blk 9', postcode: '820001' },
      { token: memberSession },
    );
    expect(r2.code).toBe(Code.MEMBER_SESSION);
    const info = await ok(t.call(A.authInfo, {}, { token: member.token }));
    expect(info.nickname).toBe('Nick msmember1');
    const addresses = await ok(t.call(A.getUserAddressList, {}, { token: member.token }));
    expect(JSON.stringify(addresses)).toContain('Blk 1');
    expect(JSON.stringify(addresses)).not.toContain('Blk 9');
    const back = await ok(t.call(G.backGroupByH5, {}, { token: memberSession }));
    expect(back.user_id).toBe(leaderId);
    const again = await ok(t.call(G.backGroup, { user_id: member.id }, { token: back.token }));
    expect((await t.call(A.unbind, {}, { token: again.token })).code).toBe(0);
  });
});
