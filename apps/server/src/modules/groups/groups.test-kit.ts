/** Shared set-up for tests of other modules that need a real group (not a test file itself). */
import type { TestApp } from '../../test/harness.ts';
import { insertGroup } from './groups.repository.ts';
import * as accountRepo from '../account/account.repository.ts';

/** A group led by `leaderId` (made a leader) with these members; returns the group id. */
export async function realGroup(t: TestApp, leaderId: number, memberIds: number[] = []) {
  const db = t.services.db;
  const g = await insertGroup(db, {
    leaderId,
    name: `G${leaderId}`,
    leaderName: `G${leaderId}`,
    phone: '91234567',
    address: 'Blk 1',
    postcode: '820001',
    lat: 1.4,
    lng: 103.9,
  });
  await t.services.membership.grantLeader(db, leaderId, g.id);
  for (const id of memberIds) await t.services.groups.join(id, g.id, undefined);
  return g.id;
}

/** A customer with a session: their id and token. */
export async function person(t: TestApp, userAccount: string, nickname = userAccount) {
  const u = await accountRepo.insertUser(t.services.db, { userAccount, nickname });
  const s = await t.services.sessions.issueForUser(t.services.db, u.id, 'user', { ip: '1', userAgent: '' });
  return { id: u.id, token: s.token };
}
