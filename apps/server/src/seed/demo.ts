import { hashPassword } from '../core/crypto.ts';
import { accountFixtures as accountRepo } from '../modules/account/index.ts';
import type { Services } from '../modules/index.ts';
import type { ServerModule } from '../modules/module.ts';

export const demoLogins = [
  { who: 'customer', account: 'demo', password: 'demo1234', phone: '81230001' },
  { who: 'group leader', account: 'leader', password: 'leader1234', phone: '91230002' },
];
export const demoStaff = [{ who: 'warehouse staff (console)', account: 'warehouse', password: 'warehouse123' }];

/**
 * Demo data for a first start: a customer, a group leader, a warehouse staff account, addresses; then each
 * module's own demo data, in the modules' order.
 */
export async function seedDemo(s: Services, modules: ServerModule[]): Promise<boolean> {
  if (await accountRepo.findUserByAccount(s.db, 'demo')) return false;
  const [demo, leader] = await Promise.all(
    demoLogins.map(async (d) =>
      accountRepo.insertUser(s.db, {
        userAccount: d.account,
        phone: d.phone,
        passwordHash: await hashPassword(d.password),
        nickname: d.account === 'demo' ? 'Demo Customer' : 'Lim Leader',
        roles: d.account === 'leader' ? ['user', 'leader'] : ['user'],
        examineStatus: d.account === 'leader' ? 1 : 0,
        language: 'zh_CN',
      }),
    ),
  );
  await s.addresses.save(demo.id, {
    receiver: 'Demo Customer',
    phone: '81230001',
    district: 'Tampines',
    address: 'Blk 201 Tampines St 21 #08-1234',
    postcode: '520201',
    is_default: true,
  });
  await s.addresses.save(leader.id, {
    receiver: 'Lim Leader',
    phone: '91230002',
    district: 'Punggol',
    address: 'Blk 618 Punggol Drive #12-34',
    postcode: '820618',
    is_default: true,
  });
  for (const st of demoStaff) await s.staff.createStaff(st.account, 'Warehouse Staff', 'warehouse', st.password);
  for (const m of modules) await m.seedDemo?.({ demoId: demo.id, leaderId: leader.id });
  return true;
}
