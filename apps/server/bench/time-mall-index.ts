/**
 * Bench only: times writing the mall's search index for `products` goods (the bench's seed-mall.ts: copies of
 * the seeded catalogue, indexed by the mall module's own reindexProducts), then one search query plan.
 *   npx tsx apps/server/bench/time-mall-index.ts [products]        (PGlite in memory)
 *   DATABASE_URL=postgres://… npx tsx apps/server/bench/time-mall-index.ts [products]
 * The PostgreSQL database must be empty (it is migrated here).
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { seedMall } from './seed-mall.ts';

const products = Number(process.argv[2] ?? 100_000);
const database = await openDatabase({ url: process.env.DATABASE_URL || undefined, dataDir: null });
await database.migrate();
const t0 = performance.now();
const r = await seedMall(database.db, products);
const s = ((performance.now() - t0) / 1000).toFixed(1);
console.log(
  `${database.kind}: ${r.products} products, ${r.indexTokens} index tokens, seeded in ${s} s, of which indexing ${r.indexSeconds} s`,
);
const size = await database.db.execute(
  sql`select pg_size_pretty(pg_total_relation_size('mall_search_index')) as index_table, (select count(*) from mall_search_words) as words`,
);
console.log((size as unknown as { rows: unknown[] }).rows[0]);
await database.close();
