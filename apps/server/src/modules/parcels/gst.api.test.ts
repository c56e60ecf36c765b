import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Code, contract, gstFor, rmbToSgdMinor, settingsInputOf } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { A, addAddress, customer, declare, ok, P, scanIn, staff, type Kit } from './parcels.test-kit.ts';
import { singaporeDate, addDays } from './dates.ts';

/** Singapore GST charged with the pack's bill, by the contract's one rule (issue 37). */
let t: TestApp;
let k: Kit;
beforeAll(async () => {
  t = await createTestApp();
  k = { t, billing: null as never };
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
  await t.services.parcels.ensureDefaultRateCards();
});
afterEach(() => {
  vi.useRealTimers();
});

const seq = { n: 0 };
const tracking = () => `SF${Date.now()}${++seq.n}`;

async function measured(mode: 'SEA' | 'AIR', parcels: Record<string, unknown>[]) {
  const c = await customer(k);
  const s = await staff(k);
  await addAddress(k, c.id);
  const ids: number[] = [];
  for (const extra of parcels) {
    const p = await declare(k, c.token, tracking(), { mode, ...extra });
    await scanIn(k, s, p.tracking_no);
    ids.push(p.id);
  }
  const req = await ok(t.call(P.orderApplyPack, { parcel_ids: ids, mode }, { token: c.token }));
  const pack = await ok(
    t.call(A.adminPackMeasure, { pack_id: req.id, pieces: [{ weight_kg: 2, length_cm: 30, width_cm: 20, height_cm: 20 }] }, { token: s }),
  );
  return { c, s, pack };
}

type Line = { code: string; amount: { amount_minor: number } };
const gstLine = (pack: { quote_lines: Line[] }) => pack.quote_lines.find((l) => l.code === 'gst');
const freightOf = (pack: { quote_lines: Line[] }) =>
  pack.quote_lines.filter((l) => l.code !== 'gst').reduce((s, l) => s + l.amount.amount_minor, 0);

describe('GST on the pack bill', () => {
  it('sea: GST on goods + freight with no S$400 relief, charged in the bill', async () => {
    const { c, pack } = await measured('SEA', [{ goods_value: '100.00' }]);
    const freight = freightOf(pack);
    const goods = rmbToSgdMinor(10_000, '5.3200');
    const expected = gstFor({
      mode: 'SEA',
      goodsMinor: goods,
      gstPaidGoodsMinor: 0,
      freightMinor: freight,
      insuranceMinor: 0,
      date: singaporeDate(new Date()),
    });
    expect(expected.amountMinor).toBeGreaterThan(0);
    expect(gstLine(pack)?.amount.amount_minor).toBe(expected.amountMinor);
    expect(pack.amount.amount_minor).toBe(freight + expected.amountMinor);
    const bill = await ok(t.call(contract.wallet.getPayInfo, { bill_id: pack.bill_id }, { token: c.token }));
    expect(JSON.stringify(bill)).toContain(String(freight + expected.amountMinor));
  });

  it('air under S$400 has no GST; over S$400 pays GST on the whole CIF', async () => {
    const small = await measured('AIR', [{ goods_value: '500.00' }]);
    expect(gstLine(small.pack)).toBeUndefined();
    const big = await measured('AIR', [{ goods_value: '3000.00' }]);
    const freight = freightOf(big.pack);
    const cif = rmbToSgdMinor(300_000, '5.3200') + freight;
    expect(gstLine(big.pack)?.amount.amount_minor).toBe(Math.floor((cif * 900 * 2 + 10_000) / 20_000));
  });

  it('air: goods declared as GST paid at purchase are not taxed again', async () => {
    const { pack } = await measured('AIR', [{ goods_value: '3000.00', gst_paid_at_purchase: 1, seller_gst_no: 'M90312345A' }]);
    expect(gstLine(pack)).toBeUndefined();
  });

  it('the GST-paid flag needs the seller GST number, said in the reader language', async () => {
    const c = await customer(k);
    const res = await t.call(
      P.createOrder,
      { tracking_no: tracking(), goods_name: 'Shoes', goods_value: '90', gst_paid_at_purchase: 1 },
      { token: c.token, lang: 'zh_CN' },
    );
    expect(res.code).toBe(Code.VALIDATION);
    expect(res.msg).toContain('消费税登记号');
    const okRes = await ok(
      t.call(
        P.createOrder,
        { tracking_no: tracking(), goods_name: 'Shoes', goods_value: '90', gst_paid_at_purchase: 1, seller_gst_no: 'm90312345a' },
        { token: c.token },
      ),
    );
    expect(okRes).toMatchObject({ gst_paid_at_purchase: true, seller_gst_no: 'M90312345A' });
  });

  it('the dated rate applies from its date on (freight calculator)', async () => {
    const adminToken = await staff(k);
    const today = singaporeDate(new Date());
    const tomorrow = addDays(today, 1);
    const current = await ok(t.call(contract.admin.getSettings, {}, { token: adminToken }));
    const info = {
      ...settingsInputOf(current.info),
      gst_rates: [
        { from: '2024-01-01', percent: 9 },
        { from: tomorrow, percent: 10 },
      ],
    };
    await ok(t.call(contract.admin.saveSettings, { info }, { token: adminToken }));
    const q = { mode: 'SEA', weight_kg: 2, length_cm: 30, width_cm: 20, height_cm: 20, goods_value: '532.00' };
    const now = await ok(t.call(P.getFreight, q));
    expect(now.gst.rate_percent).toBe(9);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${tomorrow}T04:00:00Z`));
    const later = await ok(t.call(P.getFreight, q));
    expect(later.gst.rate_percent).toBe(10);
    expect(later.lines.find((l: Line) => l.code === 'gst')?.amount.amount_minor).toBe(
      Math.floor((later.gst.cif.amount_minor * 1000 * 2 + 10_000) / 20_000),
    );
  });
});
