/**
 * Bench only: the seeded catalogue (categories, slides, 324 goods) grown to `products` goods by copying
 * each seeded product into variants (12 edition words in the titles, other prices, sales, sources, dates and
 * some off sale),
 * in one INSERT ... SELECT, then indexed by the mall module's own reindexProducts in chunks.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { mallFixtures } from '../src/modules/mall/index.ts';

const editions: [string, string][] = [
  ['新款', 'New'],
  ['升级版', 'Upgraded'],
  ['旗舰款', 'Flagship'],
  ['礼盒装', 'Gift Box'],
  ['家庭装', 'Family Pack'],
  ['便携款', 'Portable'],
  ['大容量', 'Large'],
  ['限量版', 'Limited Edition'],
  ['经典款', 'Classic'],
  ['加厚款', 'Thick'],
  ['迷你', 'Mini'],
  ['专业版', 'Pro'],
];

export async function seedMall(db: Db, products: number) {
  await mallFixtures.seedCatalogue(db);
  const raw = async <T = Record<string, unknown>>(q: string) => ((await db.execute(sql.raw(q))) as unknown as { rows: T[] }).rows;
  const [{ n: base }] = await raw<{ n: number }>(`select count(*)::int as n from mall_products`);
  const copies = Math.ceil((products - Number(base)) / Number(base));
  const zh = `(array[${editions.map(([z]) => `'${z}'`).join(',')}])`;
  const en = `(array[${editions.map(([, e]) => `'${e}'`).join(',')}])`;
  await raw(
    `insert into mall_products (source, item_id, title, title_en, image, images, description, description_en, shop_name, category_id,
       price_minor, original_price_minor, sales, rebate_minor, inland_freight_minor, weight_g, air_allowed, on_sale, created_at, updated_at)
     select (array['jd','taobao','1688','pdd','self'])[1 + (p.id + c) % 5], 'BENCH' || p.id || 'x' || c,
       p.title || ' ' || ${zh}[1 + c % ${editions.length}],
       p.title_en || ' ' || ${en}[1 + c % ${editions.length}],
       p.image, p.images, p.description, p.description_en, p.shop_name, p.category_id,
       p.price_minor + (c % 50) * 100, p.original_price_minor + (c % 50) * 100, (p.sales + c * 37) % 60000, p.rebate_minor,
       p.inland_freight_minor, p.weight_g, p.air_allowed, c % 40 <> 0, p.created_at + (c || ' hours')::interval, p.updated_at
     from mall_products p, generate_series(1, ${copies}) as c
     order by c % ${editions.length}, p.id, c
     limit ${products - Number(base)}`,
  );
  await raw(
    `insert into mall_skus (product_id, name, name_en, image, price_minor, stock)
     select id, '', '', '', price_minor, 10 + id % 300 from mall_products where item_id like 'BENCH%'`,
  );
  const ids = (await raw<{ id: number }>(`select id from mall_products where item_id like 'BENCH%' order by id`)).map((r) => Number(r.id));
  // Goods of the same title are next to each other (ids follow the insert order), so the tokenizer's memo
  // serves most of them; each chunk is one transaction.
  const indexStart = performance.now();
  for (let i = 0; i < ids.length; i += 5000)
    await db.transaction(async (tx) => {
      for (let j = i; j < Math.min(ids.length, i + 5000); j += 1000) await mallFixtures.reindexProducts(tx, ids.slice(j, j + 1000));
    });
  const indexSeconds = Math.round((performance.now() - indexStart) / 100) / 10;
  for (const t of ['mall_products', 'mall_skus', 'mall_search_index', 'mall_search_words']) await raw(`analyze ${t}`);
  const [{ tokens }] = await raw<{ tokens: number }>(`select coalesce(sum(cardinality(tokens)), 0)::int as tokens from mall_search_index`);
  const cats = await raw<{ id: number }>(`select id from mall_categories order by id`);
  return { products: Number(base) + ids.length, indexTokens: Number(tokens), indexSeconds, categoryIds: cats.map((c) => Number(c.id)) };
}
