import { sql } from 'drizzle-orm';
import { mall as mallConstants, type MallSource } from '@pinyou/contract';
import type { Db } from '../../db/client.ts';
import { mallCategories, mallProducts, mallSkus, mallSlides } from './mall-catalogue.schema.ts';
import { brandEn, catalogueTree, shopSuffix } from './mall-catalogue.words.ts';
import { reindexProducts } from './mall-search.repository.ts';
import { listPrice } from './mall-catalogue.repository.ts';

/** Products per leaf category: 27 leaves × 12 = 324 goods. */
const PER_LEAF = 12;
const sourceCycle: MallSource[] = ['jd', 'taobao', '1688', 'pdd', 'self'];
const BASE_TIME = Date.UTC(2026, 0, 1);

/** A small deterministic hash (no randomness: the same catalogue on every machine and start). */
function h(n: number, salt = 0): number {
  let x = (n * 2654435761 + salt * 40503 + 12345) >>> 0;
  x ^= x >>> 15;
  x = Math.imul(x, 2246822507) >>> 0;
  x ^= x >>> 13;
  return x >>> 0;
}

/** The platform's own item id, shaped like that platform's ids. */
export function seededItemId(source: MallSource, i: number): string {
  switch (source) {
    case 'jd':
      return String(100_012_000_000 + i * 7919);
    case 'taobao':
      return String(680_000_000_000 + i * 104_729);
    case '1688':
      return String(720_000_000_000 + i * 15_485_863);
    case 'pdd':
      return String(450_000_000_000 + i * 7907);
    default:
      return `S${String(10_000 + i)}`;
  }
}

export const imageUrl = (key: string, n: number) => `/api/files/mall/${key}-${n % 4}.svg`;

export interface SeedProduct {
  product: typeof mallProducts.$inferInsert;
  skus: Omit<typeof mallSkus.$inferInsert, 'productId'>[];
  leafKey: string;
}

/** The generated catalogue (pure: same output every time). */
export function generateCatalogue(categoryIds: Map<string, number>): SeedProduct[] {
  const out: SeedProduct[] = [];
  let i = 0;
  let leafIdx = 0;
  for (const top of catalogueTree) {
    for (const leaf of top.leaves) {
      for (let k = 0; k < PER_LEAF; k++, i++) {
        const source = sourceCycle[(k + leafIdx) % sourceCycle.length];
        const noun = leaf.nouns[k % leaf.nouns.length];
        const f1 = leaf.features[(k + leafIdx) % leaf.features.length];
        const f2 = leaf.features[(k * 3 + 1 + leafIdx) % leaf.features.length];
        const brand = leaf.brands[(k * 7 + leafIdx) % leaf.brands.length];
        const title = `${brand} ${f1.zh}${noun.zh}${f2 !== f1 ? ` ${f2.zh}款` : ''}`;
        const titleEn = `${brandEn[brand] ?? brand} ${f1.en} ${noun.en}${f2 !== f1 ? ` (${f2.en})` : ''}`;
        const [lo, hi] = leaf.price;
        const yuan = lo + (h(i, 1) % Math.max(1, hi - lo));
        const priceMinor = yuan * 100 + 90;
        const originalPriceMinor = h(i, 2) % 3 === 0 ? priceMinor : Math.round((priceMinor * (110 + (h(i, 3) % 40))) / 100 / 10) * 10;
        const rebateMinor =
          source === 'self' || h(i, 4) % 5 === 0
            ? 0
            : Math.max(Math.round(mallConstants.rebateMinimum * 100), Math.round((priceMinor * (2 + (h(i, 5) % 6))) / 100));
        const inlandFreightMinor = source === 'jd' ? 600 : source === 'self' ? 0 : source === '1688' ? 800 : h(i, 6) % 3 === 0 ? 0 : 500;
        const [wlo, whi] = leaf.weightG;
        const weightG = wlo + (h(i, 7) % Math.max(1, whi - wlo));
        const airAllowed = !leaf.sensitive && !noun.zh.includes('气罐');
        const shop = shopSuffix[source];
        const skuCount = k % 10 === 9 ? 0 : Math.min(leaf.options.values.length, 2 + (h(i, 8) % 3));
        const skus =
          skuCount === 0
            ? [{ name: '', nameEn: '', image: '', priceMinor, stock: h(i, 9) % 400 }]
            : leaf.options.values.slice(0, skuCount).map((v, j) => ({
                name: v.zh,
                nameEn: `${leaf.options.kind.en}: ${v.en}`,
                image: imageUrl(leaf.key, k + j),
                priceMinor: priceMinor + j * Math.max(100, Math.round(priceMinor / 2000) * 100),
                stock: (i + j) % 17 === 0 ? 0 : 5 + (h(i, 10 + j) % 500),
              }));
        const listed = listPrice({ priceMinor }, skus).priceMinor;
        out.push({
          leafKey: leaf.key,
          skus,
          product: {
            source,
            itemId: seededItemId(source, i),
            title,
            titleEn,
            image: imageUrl(leaf.key, k),
            images: [0, 1, 2].map((n) => imageUrl(leaf.key, k + n)),
            description: `${title}。${f1.zh}、${f2.zh}，${brand}品质，${noun.zh}热销款。`,
            descriptionEn: `${titleEn}. ${f1.en}, ${f2.en}; a best-selling ${noun.en.toLowerCase()} by ${brandEn[brand] ?? brand}.`,
            shopName: source === 'self' ? shop.zh : `${brand}${shop.zh}`,
            categoryId: categoryIds.get(leaf.key) ?? null,
            priceMinor: listed,
            originalPriceMinor: Math.max(listed, originalPriceMinor),
            sales: h(i, 11) % (k % 4 === 0 ? 50_000 : 3_000),
            rebateMinor,
            inlandFreightMinor,
            weightG,
            airAllowed,
            onSale: true,
            createdAt: new Date(BASE_TIME + i * 3_600_000),
            updatedAt: new Date(BASE_TIME + i * 3_600_000),
          },
        });
      }
      leafIdx++;
    }
  }
  return out;
}

/**
 * Loads the catalogue (categories, 300+ goods with SKUs, slides) and indexes it, when there are no goods
 * yet. Used by the demo seed, by start-up (the sandbox provider's goods) and by tests after a reset.
 * Returns whether it loaded anything.
 */
export async function seedCatalogue(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(510510)`);
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(mallProducts);
    if (n > 0) return false;
    const categoryIds = new Map<string, number>();
    const [{ c }] = await tx.select({ c: sql<number>`count(*)::int` }).from(mallCategories);
    if (c === 0) {
      let sort = 0;
      for (const top of catalogueTree) {
        const [t] = await tx
          .insert(mallCategories)
          .values({ nameZh: top.zh, nameEn: top.en, icon: `/api/files/mall/cat-${top.key}.svg`, sort: sort++ })
          .returning({ id: mallCategories.id });
        const leaves = await tx
          .insert(mallCategories)
          .values(top.leaves.map((l, j) => ({ parentId: t.id, nameZh: l.zh, nameEn: l.en, icon: imageUrl(l.key, 0), sort: j })))
          .returning({ id: mallCategories.id, nameEn: mallCategories.nameEn });
        top.leaves.forEach((l) => categoryIds.set(l.key, leaves.find((x) => x.nameEn === l.en)!.id));
      }
    } else {
      const rows = await tx.select().from(mallCategories);
      for (const top of catalogueTree)
        for (const l of top.leaves) {
          const r = rows.find((x) => x.nameEn === l.en && x.parentId !== null);
          if (r) categoryIds.set(l.key, r.id);
        }
    }
    const goods = generateCatalogue(categoryIds);
    const ids: number[] = [];
    for (let s = 0; s < goods.length; s += 100) {
      const chunk = goods.slice(s, s + 100);
      const rows = await tx
        .insert(mallProducts)
        .values(chunk.map((g) => g.product))
        .returning({ id: mallProducts.id });
      rows.forEach((r) => ids.push(r.id));
      await tx.insert(mallSkus).values(chunk.flatMap((g, j) => g.skus.map((sku) => ({ ...sku, productId: rows[j].id }))));
    }
    const [{ sl }] = await tx.select({ sl: sql<number>`count(*)::int` }).from(mallSlides);
    if (sl === 0) {
      await tx.insert(mallSlides).values([
        {
          image: '/api/files/mall/slide-0.svg',
          titleZh: '数码好物 限时特惠',
          titleEn: 'Digital deals',
          linkType: 'category',
          link: String(categoryIds.get('earphones') ?? ''),
          sort: 0,
        },
        {
          image: '/api/files/mall/slide-1.svg',
          titleZh: '零食大礼包 一起拼',
          titleEn: 'Snacks to share',
          linkType: 'search',
          link: '零食',
          sort: 1,
        },
        {
          image: '/api/files/mall/slide-2.svg',
          titleZh: '拼邮自营 新加坡直达',
          titleEn: 'Our own shop, straight to Singapore',
          linkType: 'search',
          link: '拼邮自营',
          sort: 2,
        },
      ]);
    }
    await reindexProducts(tx, ids);
    return true;
  });
}
