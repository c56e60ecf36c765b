/** Shared set-up for the mall orders' API tests (not a test file itself). */
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { contract } from '@pinyou/contract';
import type { TestApp } from '../../test/harness.ts';
import { mallProducts, mallSettingsTable, mallSkus } from './mall-catalogue.schema.ts';
import { DEFAULT_MALL_SETTINGS } from './mall-settings.ts';
import { addresses, packs, parcels } from '../../db/schema.ts';

export { makeUser, topUp, balanceOf, key } from '../wallet/wallet.test-helpers.ts';

/**
 * Every amount in a mall answer is Money ({ amount_minor: <int>, currency: 'SGD' | 'RMB' }): no `*_minor` key
 * outside a Money and no decimal-string amount ("12.30") anywhere. `moneyKeys` must each be found as Money.
 */
export function expectMoneyOnly(answer: unknown, moneyKeys: string[]) {
  const found = new Set<string>();
  const walk = (v: unknown, path: string) => {
    if (Array.isArray(v)) return v.forEach((x, i) => walk(x, `${path}[${i}]`));
    if (typeof v === 'string') {
      if (!/exchange_rate$/.test(path)) expect(v, `${path} is a decimal-string amount`).not.toMatch(/^-?\d+\.\d{2}$/);
      return;
    }
    if (!v || typeof v !== 'object') return;
    if ('amount_minor' in v) {
      expect(Object.keys(v).sort(), `${path} is Money`).toEqual(['amount_minor', 'currency']);
      const m = v as { amount_minor: unknown; currency: unknown };
      expect(Number.isInteger(m.amount_minor), `${path}.amount_minor is an integer`).toBe(true);
      expect(['SGD', 'RMB'], `${path}.currency`).toContain(m.currency);
      found.add(
        path
          .replace(/\[\d+\]/g, '')
          .split('.')
          .pop()!,
      );
      return;
    }
    for (const [k, x] of Object.entries(v)) {
      expect(k, `${path}.${k}: no *_minor key outside Money`).not.toMatch(/_minor$/);
      walk(x, path ? `${path}.${k}` : k);
    }
  };
  walk(answer, '');
  for (const k of moneyKeys) expect(found, `${k} is Money`).toContain(k);
}

let seq = 0;

/** A product with one SKU (or several), inserted straight into the catalogue tables. */
export async function product(
  t: TestApp,
  o: {
    source?: 'jd' | 'taobao' | '1688' | 'pdd' | 'self';
    shop?: string;
    priceMinor?: number;
    stock?: number;
    skus?: number;
    airAllowed?: boolean;
    weightG?: number;
    freightMinor?: number;
    rebateMinor?: number;
    onSale?: boolean;
  } = {},
) {
  seq += 1;
  // These tests count rebates from the goods' own per-unit rebate: no source-wide share unless a test sets one.
  await t.services.db
    .insert(mallSettingsTable)
    .values({
      id: 1,
      value: { ...DEFAULT_MALL_SETTINGS, sources: DEFAULT_MALL_SETTINGS.sources.map((x) => ({ ...x, rebate_percent: 0 })) },
    })
    .onConflictDoNothing();
  const price = o.priceMinor ?? 1000;
  const [p] = await t.services.db
    .insert(mallProducts)
    .values({
      source: o.source ?? 'taobao',
      itemId: `it${Date.now().toString(36)}${seq}`,
      title: `商品${seq}`,
      titleEn: `Goods ${seq}`,
      shopName: o.shop ?? 'Shop A',
      priceMinor: price,
      originalPriceMinor: price,
      airAllowed: o.airAllowed ?? true,
      weightG: o.weightG ?? 500,
      inlandFreightMinor: o.freightMinor ?? 0,
      rebateMinor: o.rebateMinor ?? 0,
      onSale: o.onSale ?? true,
    })
    .returning();
  const skus = [];
  for (let i = 0; i < (o.skus ?? 1); i++) {
    const [s] = await t.services.db
      .insert(mallSkus)
      .values({ productId: p.id, name: `规格${i + 1}`, nameEn: `Option ${i + 1}`, priceMinor: price, stock: o.stock ?? 10 })
      .returning();
    skus.push(s);
  }
  return { id: p.id, skuId: skus[0].id, skus };
}

export async function stockOf(t: TestApp, skuId: number) {
  const [s] = await t.services.db.select({ stock: mallSkus.stock }).from(mallSkus).where(eq(mallSkus.id, skuId));
  return s.stock;
}

export async function setPrice(t: TestApp, skuId: number, priceMinor: number) {
  await t.services.db.update(mallSkus).set({ priceMinor }).where(eq(mallSkus.id, skuId));
}

export async function defaultAddress(t: TestApp, userId: number) {
  const [a] = await t.services.db
    .insert(addresses)
    .values({
      userId,
      receiver: 'Tan',
      phone: '91234567',
      district: 'Tampines',
      address: 'Blk 1 #01-01',
      postcode: '520001',
      isDefault: true,
    })
    .returning();
  return a.id;
}

let staffSeq = 0;
/** A staff session of a role. */
export async function staff(t: TestApp, role: 'service' | 'warehouse' | 'finance' | 'content') {
  staffSeq += 1;
  const account = `ms${role}${staffSeq}${Date.now().toString(36)}`;
  await t.services.staff.createStaff(account, `Staff ${role}`, role, 'staffpass1');
  const res = await t.call(contract.admin.adminLogin, { account, password: 'staffpass1' });
  if (res.code !== 0) throw new Error(res.msg);
  return res.data.token as string;
}

/** The parcels flow moved the order's parcel into a pack of this status (packed / delivered). */
export async function packParcel(t: TestApp, parcelId: number, status: 'packed' | 'delivered') {
  const [p] = await t.services.db.select().from(parcels).where(eq(parcels.id, parcelId));
  let packId = p.packId;
  if (!packId) {
    const [pack] = await t.services.db
      .insert(packs)
      .values({ packNo: `P${parcelId}`, userId: p.userId, mode: 'SEA', status, packedAt: new Date() })
      .returning();
    packId = pack.id;
    await t.services.db.update(parcels).set({ packId, status: 'ship' }).where(eq(parcels.id, parcelId));
  } else {
    await t.services.db
      .update(packs)
      .set({ status, deliveredAt: status === 'delivered' ? new Date() : null })
      .where(eq(packs.id, packId));
  }
}

export async function ledgerOk(t: TestApp, token: string) {
  const r = await t.call(contract.walletAdmin.adminReconcile, {}, { token });
  return r.data as { ok: boolean; accounts: { code: string; balance: { amount_minor: number; currency: string } }[] };
}

export const rows = async (t: TestApp, q: ReturnType<typeof sql>) =>
  ((await t.services.db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;
