import type { Db } from '../../db/client.ts';
import type { MembershipPort } from '../account/index.ts';
import type { DemoUsers } from '../module.ts';
import type { GroupsParts } from './groups.parts.ts';
import * as repo from './groups.repository.ts';
import { sectorOf } from './geocoding.provider.ts';

/**
 * The demo leader's group in Punggol, packing weekly on Saturdays, with the demo customer (recipient code
 * DEMO1) and three more members (member1-3, password member1234); plus two other leaders' groups on the map.
 */
export async function seedGroupsDemo(s: { db: Db; parts: GroupsParts; accounts: MembershipPort }, users: DemoUsers) {
  const { db, parts, accounts } = s;
  const place = (postcode: string) => sectorOf(postcode)!;
  const make = async (leaderId: number, name: string, phone: string, address: string, postcode: string, hidden = false) => {
    const p = place(postcode);
    // Spread leaders of one sector a little so the map does not stack them.
    const g = await repo.insertGroup(db, {
      leaderId,
      name,
      leaderName: name,
      phone,
      address,
      floor: '12',
      unit: '34',
      postcode,
      lat: p.lat + ((leaderId % 7) - 3) * 0.002,
      lng: p.lng + ((leaderId % 5) - 2) * 0.002,
      hidden,
    });
    await accounts.grantLeader(db, leaderId, g.id);
    return g;
  };
  const g = await make(users.leaderId, 'LimPunggol', '91230002', 'Blk 618 Punggol Drive', '820618');
  const start = parts.dates.nextAllowed();
  const saturday = 6;
  await db.transaction(async (tx) => {
    await repo.updateGroup(tx, g.id, { pattern: 'weekly', weekday: saturday, startDate: start });
  });
  await parts.dates.generateAllDates();
  await parts.membership.join(users.demoId, g.id, 'DEMO1');
  for (const [i, nick] of ['Ah Meng', 'Siti', 'Wei Ling'].entries()) {
    const u = await accounts.createDemoUser(db, `member${i + 1}`, nick, 'member1234');
    await parts.membership.join(u.id, g.id, `M${i + 1}PY`);
  }
  const other = await accounts.createDemoUser(db, 'leadertamp', 'Tan Tampines', 'leader1234');
  await make(other.id, 'TanTampines', '91230003', 'Blk 201 Tampines St 21', '520201');
  const hidden = await accounts.createDemoUser(db, 'leaderjur', 'Jurong Hidden', 'leader1234');
  await make(hidden.id, 'JurongWest', '91230004', 'Blk 501 Jurong West St 51', '640501', true);
}
