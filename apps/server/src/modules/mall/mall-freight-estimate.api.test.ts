import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contract } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { realGroup } from '../groups/groups.test-kit.ts';
import { pieceOfWeight } from '../parcels/goods-estimate.ts';
import { makeUser, product } from './mall-orders.test-kit.ts';

const M = contract.mall;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
  await t.services.parcels.ensureDefaultRateCards();
});

type Line = { code: string; amount: { amount_minor: number } };

/** What the parcels' freight calculator quotes for goods of `weightG` as the estimate sizes them (GST left out). */
async function calculator(mode: 'SEA' | 'AIR' | 'GROUP', category: 'normal' | 'sensitive', weightG: number) {
  const p = pieceOfWeight(weightG);
  const r = await t.call(contract.parcels.getFreight, {
    mode,
    category,
    weight_kg: p.weightG / 1000,
    length_cm: p.lengthMm / 10,
    width_cm: p.widthMm / 10,
    height_cm: p.heightMm / 10,
  });
  expect(r.code, r.msg).toBe(0);
  const freight = (r.data.lines as Line[]).filter((l) => l.code !== 'gst').reduce((a, l) => a + l.amount.amount_minor, 0);
  return { freight, chargeable: r.data.chargeable_weight_kg as string };
}

describe('settlement: the freight to Singapore, estimated (issue 34)', () => {
  it('is what the freight engine quotes for the goods’ weight by the chosen mode', async () => {
    const u = await makeUser(t);
    const a = await product(t, { weightG: 1700 });
    const b = await product(t, { weightG: 3200, source: 'jd', shop: 'JD self' });
    const la = await t.call(M.putIntoShoppingCart, { product_id: a.id, quantity: 2 }, { token: u.token });
    const lb = await t.call(M.putIntoShoppingCart, { product_id: b.id }, { token: u.token });
    const cart_ids = [la.data.item.id, lb.data.item.id];
    const weightG = 2 * 1700 + 3200;

    const seen: Record<string, number> = {};
    for (const mode of ['SEA', 'AIR'] as const) {
      const info = await t.call(M.getTradeInfo, { cart_ids, shipping_mode: mode }, { token: u.token });
      expect(info.code, info.msg).toBe(0);
      const want = await calculator(mode, 'normal', weightG);
      expect(info.data.freight_estimate).toEqual({
        mode,
        amount: { amount_minor: want.freight, currency: 'SGD' },
        weight_kg: '6.60',
        chargeable_weight_kg: want.chargeable,
      });
      seen[mode] = want.freight;
    }
    expect(seen.AIR).not.toBe(seen.SEA);
    // Air charges by the half kilo: 6.6 kg is charged as 7 kg.
    expect((await t.call(M.getTradeInfo, { cart_ids, shipping_mode: 'AIR' }, { token: u.token })).data.freight_estimate).toMatchObject({
      chargeable_weight_kg: '7.00',
    });

    // No mode asked: the first allowed one (sea without a group); GROUP only in a group, on the group card.
    expect((await t.call(M.getTradeInfo, { cart_ids }, { token: u.token })).data.freight_estimate.mode).toBe('SEA');
    expect((await t.call(M.getTradeInfo, { cart_ids, shipping_mode: 'GROUP' }, { token: u.token })).data.freight_estimate).toBeNull();
    const leader = await makeUser(t);
    await realGroup(t, leader.id, [u.id]);
    const group = await t.call(M.getTradeInfo, { cart_ids }, { token: u.token });
    expect(group.data.freight_estimate).toMatchObject({
      mode: 'GROUP',
      amount: { amount_minor: (await calculator('GROUP', 'normal', weightG)).freight, currency: 'SGD' },
    });
    expect(group.data.freight_estimate.amount.amount_minor).not.toBe(seen.SEA);
  });

  it('prices goods refused by air on the sensitive card, and more goods cost more', async () => {
    const u = await makeUser(t);
    const p = await product(t, { weightG: 20_000, airAllowed: false });
    const one = await t.call(M.getTradeInfo, { product_id: p.id, shipping_mode: 'SEA' }, { token: u.token });
    expect(one.data.freight_estimate.amount.amount_minor).toBe((await calculator('SEA', 'sensitive', 20_000)).freight);
    expect((await t.call(M.getTradeInfo, { product_id: p.id, shipping_mode: 'AIR' }, { token: u.token })).data.freight_estimate).toBeNull();
    const three = await t.call(M.getTradeInfo, { product_id: p.id, quantity: 3, shipping_mode: 'SEA' }, { token: u.token });
    expect(three.data.freight_estimate).toMatchObject({
      weight_kg: '60.00',
      amount: { amount_minor: (await calculator('SEA', 'sensitive', 60_000)).freight },
    });
    expect(three.data.freight_estimate.amount.amount_minor).toBeGreaterThan(one.data.freight_estimate.amount.amount_minor);
  });
});
