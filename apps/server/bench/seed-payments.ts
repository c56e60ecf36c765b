/**
 * Bench only: the bills the customer's real payments pay, made by the real flows before the server starts.
 * Pack bills by the packing flow (seed-packs.ts); a leader's group whose members' GROUP packs the leader pays
 * 20 at a time; mall orders by the mall's createOrder (one bill each). Every payer is topped up with exactly
 * what its bills add up to, so once all are paid each balance is 0: a bill paid twice would leave another
 * unpaid (or a balance below 0), which the scenarios' check after the run finds.
 */
import { sql } from 'drizzle-orm';
import type { createModules } from '../src/modules/index.ts';
import { seedGroups } from './seed-groups.ts';
import { billsTotal, packBills } from './seed-packs.ts';
import { mallFixtures } from '../src/modules/mall/index.ts';

type Services = ReturnType<typeof createModules>['services'];
type Customer = (name: string, leader?: boolean) => Promise<{ id: number; token: string }>;

export interface RealPaymentsSeed {
  /** One customer with `single` pack bills, and `users` customers with `perUser` each. */
  packPayments?: { single: number; users: number; perUser: number };
  /** A leader, `members` members with `payments` GROUP pack bills each: payment j is every member's bill j. */
  leaderPay?: { members: number; payments: number };
  /** `users` customers with `perUser` mall orders each. */
  mallPay?: { users: number; perUser: number };
}

export interface Payer {
  token: string;
  billIds: number[];
}

const address = {
  receiver: 'Bench Customer',
  phone: '81234567',
  district: 'Tampines',
  address: 'Blk 201 Tampines St 21 #08-1234',
  postcode: '520201',
  is_default: true,
};

/** A real top-up through the ledger; top-ups have a configured maximum each, so several. */
export async function topUp(s: Services, userId: number, amountMinor: number) {
  for (let left = amountMinor; left > 0; left -= 500_000) {
    const amount = Math.min(left, 500_000);
    const { order } = await s.recharge.create(
      userId,
      { amount, method: 'paynow', trade_type: 'h5' },
      { lang: 'en', ip: '127.0.0.1', files: [] },
    );
    const outcome = await s.recharge.credit(order.order_no, { method: 'paynow', amountMinor: amount, currency: 'SGD', staffId: null });
    if (outcome !== 'credited') throw new Error(`bench top-up: ${outcome}`);
  }
}

export async function seedRealPayments(o: {
  s: Services;
  seed: RealPaymentsSeed;
  customer: Customer;
  /** PostgreSQL: several customers' bills are made at once. */
  parallel: boolean;
  ctx: { ip: string; userAgent: string };
}) {
  const { s, seed, customer } = o;
  await s.parcels.ensureDefaultRateCards();
  // The warehouse staff who measure the packs; the bench's checks log in as them (the ledger proof).
  const staff = await s.staff.createStaff('benchstaff', 'Bench staff', 'admin', 'benchstaff1');
  if (!staff) throw new Error('bench staff not created');
  const out: Record<string, unknown> = { staff: { account: 'benchstaff', password: 'benchstaff1' } };
  const all = async <T>(jobs: (() => Promise<T>)[]) => {
    const results: T[] = new Array(jobs.length);
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) {
        const i = next++;
        results[i] = await jobs[i]();
      }
    };
    await Promise.all(Array.from({ length: o.parallel ? 8 : 1 }, worker));
    return results;
  };
  const funded = async (userId: number, token: string, billIds: number[]): Promise<Payer> => {
    await topUp(s, userId, await billsTotal(s.db, billIds));
    return { token, billIds };
  };
  const packPayer = async (name: string, tag: string, count: number) => {
    const c = await customer(name);
    await s.addresses.save(c.id, address);
    return funded(c.id, c.token, await packBills(s.parcels, staff.id, { userId: c.id, mode: 'SEA' }, count, tag));
  };

  if (seed.packPayments) {
    const { single, users, perUser } = seed.packPayments;
    out.packSingle = await packPayer('benchpackpayer', 'S', single);
    out.packMany = await all(Array.from({ length: users }, (_, u) => () => packPayer(`benchpackpayer${u}`, `M${u}`, perUser)));
  }

  if (seed.leaderPay) {
    const { members, payments } = seed.leaderPay;
    const leader = await customer('benchpayleader', true);
    const { groupId } = await seedGroups(s.db, leader.id, { members, packsPerMember: 0, batches: 2 });
    const rows = (await s.db.execute(
      sql`select user_id from group_members where group_id = ${groupId}::int order by user_id`,
    )) as unknown as { rows: { user_id: number }[] };
    const memberIds = rows.rows.map((r) => Number(r.user_id));
    const perMember = await all(
      memberIds.map((id) => () => packBills(s.parcels, staff.id, { userId: id, mode: 'GROUP' }, payments, `G${id}`)),
    );
    const batches = Array.from({ length: payments }, (_, j) => perMember.map((bills) => bills[j]));
    await topUp(s, leader.id, await billsTotal(s.db, perMember.flat()));
    out.leaderPay = { token: leader.token, batches };
  }

  if (seed.mallPay) {
    const { users, perUser } = seed.mallPay;
    await mallFixtures.seedCatalogue(s.db);
    // A marketplace product (bought on the platform by staff, so no own-shop stock runs out), with plenty in stock.
    const found = (await s.db.execute(
      sql`select p.id as product_id, k.id as sku_id from mall_products p join mall_skus k on k.product_id = p.id
          where p.on_sale and p.source = 'taobao' order by p.id limit 1`,
    )) as unknown as { rows: { product_id: number; sku_id: number }[] };
    const { product_id, sku_id } = found.rows[0];
    await s.db.execute(sql`update mall_skus set stock = 100000000 where id = ${sku_id}::int`);
    out.mallPay = await all(
      Array.from({ length: users }, (_, u) => async () => {
        const c = await customer(`benchshopper${u}`);
        await s.addresses.save(c.id, address);
        const billIds: number[] = [];
        let sgdTotal = 0;
        for (let i = 0; i < perUser; i++) {
          const made = await s.mallOrders.orders.createOrder(c.id, {
            product_id: Number(product_id),
            sku_id: Number(sku_id),
            quantity: 1,
            shipping_mode: 'SEA',
            remark: '',
            idempotency_key: `benchmall${u}x${i}`,
          });
          billIds.push(...made.bill_ids);
          // The bills are in RMB; the wallet pays them in SGD at the rate of the moment, which the bench leaves alone.
          sgdTotal += made.total_sgd.amount_minor;
        }
        await topUp(s, c.id, sgdTotal);
        return { token: c.token, billIds };
      }),
    );
  }
  return out;
}
