/**
 * Bench only: puts bulk data into the database the server is about to use, writes what the scenarios need
 * (tokens, bill ids) to BENCH_SEED_OUT, then starts the real server (src/main.ts) unchanged.
 *
 * BENCH_SEED is JSON with any of: { "payments": { "bills": 12000, "users": 100 } }, { "parcels": { "total": 100000, "mine": 1000 } },
 * { "groups": { "members": 10000, "packsPerMember": 2, "batches": 40 } }, { "mall": { "products": 100000, "users": 20 } },
 * { "assistant": { "users": 1000 } }, { "packPayments": { "single": 2000, "users": 100, "perUser": 40 } },
 * { "leaderPay": { "members": 20, "payments": 100 } }, { "mallPay": { "users": 100, "perUser": 40 } }.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadEnv } from '../src/env.ts';
import { openDatabase } from '../src/db/client.ts';
import { MemoryKv } from '../src/core/kv.ts';
import { defaultProviders } from '../src/providers/providers.ts';
import { createModules } from '../src/modules/index.ts';
import { DbJobQueue } from '../src/core/job-queue.ts';
import { accountFixtures as accountRepo } from '../src/modules/account/index.ts';
import { seedGroups, type GroupsSeed } from './seed-groups.ts';
import { seedMall } from './seed-mall.ts';
import { seedRealPayments, type RealPaymentsSeed } from './seed-payments.ts';

interface Seed {
  payments?: { bills: number; users: number };
  parcels?: { total: number; mine: number };
  groups?: GroupsSeed;
  mall?: { products: number; users: number };
  assistant?: { users: number };
}
type AllSeeds = Seed & RealPaymentsSeed;

const env = loadEnv();
const seed = JSON.parse(process.env.BENCH_SEED ?? '{}') as AllSeeds;
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: path.join(env.dataDir, 'pglite'), pgliteThread: env.PGLITE_THREAD });
await database.migrate();
// The poller stays off while seeding; what the seed enqueued runs once at the end (below).
const jobQueue = new DbJobQueue(database.db, { pollMs: 0 });
const { services: s } = createModules(env, database.db, new MemoryKv(), defaultProviders(env, database.db), jobQueue);
const out: Record<string, unknown> = {};
const ctx = { ip: '127.0.0.1', userAgent: 'bench' };

async function customer(name: string, leader = false) {
  const user = await accountRepo.insertUser(s.db, {
    userAccount: name,
    nickname: name,
    ...(leader ? { roles: ['user', 'leader'], examineStatus: 1 } : {}),
  });
  const session = await s.sessions.issueForUser(s.db, user.id, leader ? 'leader' : 'user', ctx);
  return { id: user.id, token: session.token };
}

/**
 * Bills of S$1 for one customer, and a balance that covers them (a real top-up through the ledger). The bills
 * are written in one statement, as billing.issueBill writes each (its per-bill notice left out: thousands of
 * "new bill" notifications are not what is measured, and took most of the seed's time).
 */
async function billsFor(userId: number, count: number, refBase: number) {
  const line = JSON.stringify([{ code: 'bench', label: { en: 'Bench', zh_CN: '基准' }, amountMinor: 100 }]);
  const made = (await s.db.execute(sql`insert into bills (user_id, kind, ref_id, currency, amount_minor, lines, description)
      select ${userId}::int, 'other', ${refBase}::int + i, 'SGD', 100, ${line}::jsonb, ${JSON.stringify({ en: 'Bench bill', zh_CN: '基准账单' })}::jsonb
      from generate_series(0, ${count - 1}::int) as i
      returning id`)) as unknown as { rows: { id: number }[] };
  const ids = made.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  // Top-ups have a configured maximum each, so several.
  for (let left = count * 100; left > 0; left -= 500_000) {
    const amount = Math.min(left, 500_000);
    const { order } = await s.recharge.create(
      userId,
      { amount, method: 'paynow', trade_type: 'h5' },
      { lang: 'en', ip: '127.0.0.1', files: [] },
    );
    const outcome = await s.recharge.credit(order.order_no, { method: 'paynow', amountMinor: amount, currency: 'SGD', staffId: null });
    if (outcome !== 'credited') throw new Error(`bench top-up: ${outcome}`);
  }
  return ids;
}

if (seed.payments) {
  const { bills, users } = seed.payments;
  const one = await customer('benchpayer');
  out.single = { token: one.token, billIds: await billsFor(one.id, bills, 1) };
  const many = [];
  const per = Math.ceil(bills / users);
  for (let u = 0; u < users; u++) {
    const c = await customer(`benchpayer${u}`);
    many.push({ token: c.token, billIds: await billsFor(c.id, per, 1_000_000 + u * per) });
  }
  out.many = many;
  // The bench's check after the run logs in as staff to read the ledger proof.
  await s.staff.createStaff('benchstaff', 'Bench staff', 'admin', 'benchstaff1');
  out.staff = { account: 'benchstaff', password: 'benchstaff1' };
}

if (seed.parcels) {
  const { total, mine } = seed.parcels;
  const me = await customer('benchowner');
  const statuses = "(array['pending','warehouse','unpaid','ship','received'])";
  // Everyone else's parcels first (spread over 2,000 other customers), then the bench customer's.
  for (let from = 1; from <= total - mine; from += 200_000) {
    const to = Math.min(total - mine, from + 199_999);
    await s.db.execute(
      sql.raw(`insert into parcels (user_id, tracking_no, goods_name, goods_value_minor, status, created_at)
        select 1000000 + (i % 2000), 'BN' || i, 'Bench goods', 5000, ${statuses}[1 + i % 5], now() - (i || ' seconds')::interval
        from generate_series(${from}, ${to}) as i`),
    );
  }
  await s.db.execute(
    sql.raw(`insert into parcels (user_id, tracking_no, goods_name, goods_value_minor, status, created_at)
      select ${me.id}, 'BM' || i, 'Bench goods', 5000, ${statuses}[1 + i % 5], now() - (i || ' seconds')::interval
      from generate_series(1, ${mine}) as i`),
  );
  // As in real use, the bench customer's parcels past the warehouse are in packs (three to a pack), so the
  // list shows pack numbers.
  await s.db.execute(
    sql.raw(`with packed as (
        select id, status || '-' || ((row_number() over (partition by status order by id) - 1) / 3) as g
        from parcels where user_id = ${me.id} and status in ('unpaid', 'ship', 'received')),
      made as (
        insert into packs (pack_no, user_id, mode, status)
        select 'BP-' || g, ${me.id}, 'sea', case split_part(g, '-', 1) when 'unpaid' then 'packed' when 'ship' then 'shipped' else 'received' end
        from (select distinct g from packed) d
        returning id, pack_no)
      update parcels p set pack_id = m.id from packed, made m where p.id = packed.id and m.pack_no = 'BP-' || packed.g`),
  );
  // Vacuumed as well as analyzed: a million fresh rows would otherwise set off autovacuum (its insert threshold)
  // in the middle of the measurement, on the cores the server and the load generator share.
  for (const t of ['parcels', 'packs', 'parcel_counts', 'parcel_list_versions']) await s.db.execute(sql.raw(`vacuum analyze ${t}`));
  // The load's writes flushed now, not by a checkpoint during the measurement.
  await s.db.execute(sql`checkpoint`);
  out.parcels = { token: me.token, total, mine };
}

if (seed.groups) {
  const leader = await customer('benchleader', true);
  out.groups = { token: leader.token, ...(await seedGroups(s.db, leader.id, seed.groups)), ...seed.groups };
}

if (seed.mall) {
  const tokens: string[] = [];
  for (let u = 0; u < seed.mall.users; u++) tokens.push((await customer(`benchshopper${u}`)).token);
  out.mall = { ...(await seedMall(s.db, seed.mall.products)), tokens };
}

// The assistant answers each customer at most 10 times a minute: many customers, each asking in turn.
if (seed.assistant) {
  const tokens = [];
  for (let u = 0; u < seed.assistant.users; u++) tokens.push((await customer(`benchasker${u}`)).token);
  out.assistant = { tokens };
}

if (seed.packPayments || seed.leaderPay || seed.mallPay)
  Object.assign(out, await seedRealPayments({ s, seed, customer, parallel: !!env.DATABASE_URL, ctx }));

// The follow-up work of the seed (a notification per bill issued: 8,000 jobs for the payment bills) runs
// before the server starts, so a scenario measures its requests, not a backlog it did not cause.
while ((await jobQueue.runDue()) > 0);
fs.writeFileSync(process.env.BENCH_SEED_OUT!, JSON.stringify(out));
await database.close();
await import('../src/main.ts');
