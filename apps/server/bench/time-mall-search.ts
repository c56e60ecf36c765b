/**
 * Bench only: times the mall search's keywords one by one (no HTTP) on a database seeded by seed-mall.ts, to
 * see which query costs what.   npx tsx apps/server/bench/time-mall-search.ts <pglite data dir> [products]
 * (seeded on the first run into the PGlite folder or the empty DATABASE_URL database, reused afterwards).
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { loadEnv } from '../src/env.ts';
import { MemoryKv } from '../src/core/kv.ts';
import { defaultProviders } from '../src/providers/providers.ts';
import { createModules } from '../src/modules/index.ts';
import { DbJobQueue } from '../src/core/job-queue.ts';
import { seedMall } from './seed-mall.ts';

const dataDir = process.argv[2] ?? null;
const products = Number(process.argv[3] ?? 100_000);
const database = await openDatabase({ url: process.env.DATABASE_URL || undefined, dataDir });
await database.migrate();
const count = await database.db.execute(sql`select count(*)::int as n from mall_products`);
if (!(count as unknown as { rows: { n: number }[] }).rows[0].n) {
  const r = await seedMall(database.db, products);
  console.log(`seeded ${r.products} products, indexing ${r.indexSeconds} s`);
}
const env = loadEnv();
const { services } = createModules(
  env,
  database.db,
  new MemoryKv(),
  defaultProviders(env, database.db),
  new DbJobQueue(database.db, { pollMs: 0 }),
);
const svc = services.mallCatalogue.catalogue;
const keywords = (
  process.env.KEYWORDS ??
  '蓝牙耳机,充电宝,零食,保温杯,运动鞋 男,小米 无线耳机,bluetooth earphones,power bank,snacks,running shoes,lanya erji,lanyaerji,chongdianbao,earphnes,华为,连衣裙,backpack,kids toys'
).split(',');
for (const sort of ['default', 'price_asc'] as const)
  for (const keyword of keywords) {
    const input = { keyword, sort, page: 2, page_size: 20 };
    const t00 = performance.now();
    await svc.find(input, false);
    const first = performance.now() - t00;
    const t0 = performance.now();
    const n = 5;
    let total = 0;
    for (let i = 0; i < n; i++) total = (await svc.find(input, false)).total;
    console.log(
      `${sort.padEnd(9)} ${keyword.padEnd(22)} first ${first.toFixed(1).padStart(7)} ms, then ${((performance.now() - t0) / n).toFixed(1).padStart(6)} ms  ${total} found`,
    );
  }
// Then 50 at a time, the bench's mix of keywords and sorts (no HTTP, no signing).
const sorts = ['default', 'sales', 'price_asc', 'price_desc', 'newest'] as const;
let next = 0;
const t1 = performance.now();
await Promise.all(
  Array.from({ length: 50 }, async () => {
    while (next < 2000) {
      const n = next++;
      const keyword = keywords[n % keywords.length];
      await svc.find({ keyword, sort: sorts[Math.floor(n / keywords.length) % sorts.length], page: 1 + (n % 3), page_size: 20 }, false);
    }
  }),
);
console.log(`2000 searches 50 at a time: ${Math.round(2000 / ((performance.now() - t1) / 1000))} per second`);
await database.close();
