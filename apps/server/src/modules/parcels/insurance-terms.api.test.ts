import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Code, contract, defaultInsuranceTerms, insuranceSettingsOf, settingsInputOf, type InsuranceSettings } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { key, topUp } from '../wallet/wallet.test-helpers.ts';
import { auditLog } from '../audit/audit.schema.ts';
import { A, addAddress, customer, declare, ok, P, scanIn, staff, type Kit } from './parcels.test-kit.ts';

/** The insurance terms are a setting staff change (issue 37); a pack keeps the terms it was insured under. */
const W = contract.wallet;
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

let n = 0;
type Line = { code: string; amount: { amount_minor: number } };
const premiumOf = (pack: { quote_lines: Line[] }) => pack.quote_lines.find((l) => l.code === 'insurance')?.amount.amount_minor;

/** An insured pack of goods worth ¥1064 (S$200 at 5.32), measured (and paid when `pay`). */
async function insuredPack(pay = true) {
  const c = await customer(k);
  const s = await staff(k);
  await addAddress(k, c.id);
  const p = await declare(k, c.token, `SF${Date.now()}${++n}`, { goods_value: '1064.00' });
  await scanIn(k, s, p.tracking_no);
  const req = await ok(t.call(P.orderApplyPack, { parcel_ids: [p.id], mode: 'SEA', insured: 1 }, { token: c.token }));
  const pack = await ok(
    t.call(A.adminPackMeasure, { pack_id: req.id, pieces: [{ weight_kg: 3, length_cm: 40, width_cm: 30, height_cm: 20 }] }, { token: s }),
  );
  if (pay) {
    await topUp(t, c.id, 100_000);
    await ok(t.call(W.orderPackPay, { bill_id: pack.bill_id, idempotency_key: key() }, { token: c.token }));
  }
  return { c, pack };
}

async function roleToken(role: string) {
  const account = `ins${role}${++n}`;
  await t.services.staff.createStaff(account, role, role as never, 'insure123');
  return (await ok(t.call(contract.admin.adminLogin, { account, password: 'insure123' }))).token as string;
}

/** saveSettings with these insurance terms, as the staff member of `token`. */
async function saveTerms(token: string, insurance_terms: InsuranceSettings, lang: 'en' | 'zh_CN' = 'en') {
  const current = await ok(t.call(contract.admin.getSettings, {}, { token: await staff(k) }));
  return t.call(contract.admin.saveSettings, { info: { ...settingsInputOf(current.info), insurance_terms } }, { token, lang });
}

const terms = (rate: number, minSgd: number, maxSgd: number): InsuranceSettings => ({
  rate_percent: rate,
  min_premium: { amount_minor: minSgd * 100, currency: 'SGD' },
  max_cover: { amount_minor: maxSgd * 100, currency: 'SGD' },
});

describe('insurance terms as a setting', () => {
  it('the app reads the default terms until staff change them', async () => {
    const pub = await ok(t.call(contract.account.getSystemSetting, {}));
    expect(pub.info.insurance_terms).toEqual(insuranceSettingsOf(defaultInsuranceTerms));
    await ok(saveTerms(await roleToken('finance'), terms(2, 5, 150)));
    expect((await ok(t.call(contract.account.getSystemSetting, {}))).info.insurance_terms).toEqual(terms(2, 5, 150));
  });

  it('a new quote uses the new terms; a pack insured before keeps its premium, cover and claim cap', async () => {
    const before = await insuredPack();
    // S$200 at 1.5% is S$3.00, the default minimum premium; covered in full.
    expect(premiumOf(before.pack)).toBe(300);
    expect(before.pack.insurance_cover.amount_minor).toBe(20_000);

    await ok(saveTerms(await roleToken('finance'), terms(4, 5, 150)));
    const after = await insuredPack();
    // Cover capped at S$150; 4% of it is S$6.00, above the new S$5 minimum.
    expect(after.pack.insurance_cover).toEqual({ amount_minor: 15_000, currency: 'SGD' });
    expect(premiumOf(after.pack)).toBe(600);

    const kept = await ok(t.call(P.getUserPackDetail, { pack_id: before.pack.id }, { token: before.c.token }));
    expect(premiumOf(kept)).toBe(300);
    expect(kept.insurance_cover.amount_minor).toBe(20_000);

    // The claim's cap is the cover the pack was insured for, not today's maximum.
    const fin = await roleToken('finance');
    const claim = await ok(
      t.call(P.packClaimCreate, { pack_id: before.pack.id, kind: 'loss', reason: 'Never arrived' }, { token: before.c.token }),
    );
    expect(claim.cover.amount_minor).toBe(20_000);
    await ok(t.call(A.adminPackClaimReview, { id: claim.id, approve: true, amount: '180.00' }, { token: fin }));
    const newClaim = await ok(
      t.call(P.packClaimCreate, { pack_id: after.pack.id, kind: 'loss', reason: 'Never arrived' }, { token: after.c.token }),
    );
    const over = await t.call(A.adminPackClaimReview, { id: newClaim.id, approve: true, amount: '150.01' }, { token: fin });
    expect(over.code).toBe(Code.CLAIM_OVER_COVER);
  });

  it('refuses bad terms with a validation code and a message in the reader language', async () => {
    const admin = await roleToken('admin');
    const bad: Array<[InsuranceSettings, string]> = [
      [terms(-1, 3, 3000), 'rate must be between'],
      [terms(25, 3, 3000), 'rate must be between'],
      [terms(1.5, -3, 3000), 'may not be negative'],
      [terms(1.5, 3, 0), 'greater than 0'],
      [terms(1.5, 300, 200), 'minimum premium may not be more than the maximum cover'],
    ];
    for (const [value, text] of bad) {
      const res = await saveTerms(admin, value);
      expect(res.code, JSON.stringify(value)).toBe(Code.VALIDATION);
      expect(res.msg).toContain(text);
    }
    const zh = await saveTerms(admin, terms(1.5, 300, 200), 'zh_CN');
    expect(zh.msg).toContain('最低保费不能高于最高保额');
    // Nothing was saved.
    expect((await ok(t.call(contract.account.getSystemSetting, {}))).info.insurance_terms).toEqual(
      insuranceSettingsOf(defaultInsuranceTerms),
    );
  });

  it('only administrators and finance change them, audited; saving without them keeps them', async () => {
    // Service and content staff edit the rest of the settings, not these; the warehouse no settings at all.
    for (const role of ['service', 'content']) {
      const res = await saveTerms(await roleToken(role), terms(2, 5, 150));
      expect(res.code, role).toBe(Code.MONEY_SETTINGS_ROLE);
    }
    expect((await saveTerms(await roleToken('warehouse'), terms(2, 5, 150))).code).toBe(Code.FORBIDDEN);
    await ok(saveTerms(await roleToken('finance'), terms(2, 5, 150)));
    await ok(saveTerms(await roleToken('admin'), terms(3, 5, 150)));
    const audit = await t.services.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'admin/saveSettings'), eq(auditLog.objectType, 'settings')));
    expect(audit.map((a) => (a.after as { insurance_terms: InsuranceSettings }).insurance_terms.rate_percent)).toEqual([2, 3]);

    // An older console that does not know the terms keeps them.
    const current = await ok(t.call(contract.admin.getSettings, {}, { token: await staff(k) }));
    const { insurance_terms: _kept, ...older } = settingsInputOf(current.info);
    await ok(t.call(contract.admin.saveSettings, { info: older }, { token: await staff(k) }));
    expect((await ok(t.call(contract.account.getSystemSetting, {}))).info.insurance_terms).toEqual(terms(3, 5, 150));
  });
});
