import { describe, expect, it } from 'vitest';
import { buildPaynowPayload, crc16ccitt, parseTlv, tlv, verifyPayloadCrc } from './paynow.ts';
import { couponDiscount, type BatchRow } from './coupon.rules.ts';
import { rmbToSgdMinor } from '@pinyou/contract';
import { formatMinor, toWalletMinor } from './ledger.ts';

describe('EMVCo building blocks', () => {
  it('CRC-16/CCITT-FALSE matches the standard check value', () => {
    expect(crc16ccitt('123456789')).toBe(0x29b1);
  });
  it('tlv writes two-digit lengths and parses back', () => {
    expect(tlv('00', '01')).toBe('000201');
    expect(tlv('59', 'PINYOU PTE LTD')).toBe('5914PINYOU PTE LTD');
    expect([...parseTlv('000201010212').entries()]).toEqual([
      ['00', '01'],
      ['01', '12'],
    ]);
    expect(() => parseTlv('0005ab')).toThrow();
  });
  it('a PayNow payload carries the fixed fields in order and a valid CRC', () => {
    const p = buildPaynowPayload({
      uen: '202412345K',
      merchantName: 'PINYOU PTE LTD',
      amountMinor: 105,
      reference: 'R123',
      expiry: '20261231',
    });
    expect(p.startsWith('000201010212')).toBe(true);
    expect(verifyPayloadCrc(p)).toBe(true);
    const f = parseTlv(p);
    expect([...f.keys()]).toEqual(['00', '01', '26', '52', '53', '54', '58', '59', '60', '62', '63']);
    expect(f.get('54')).toBe('1.05');
    expect(parseTlv(f.get('26')!).get('04')).toBe('20261231');
    expect(f.get('63')).toMatch(/^[0-9A-F]{4}$/);
  });
});

describe('money helpers', () => {
  it('formats minor units and converts RMB at a rate, half up', () => {
    expect(formatMinor(0)).toBe('0.00');
    expect(formatMinor(-5)).toBe('-0.05');
    expect(formatMinor(123456)).toBe('1234.56');
    expect(rmbToSgdMinor(532, '5.3200')).toBe(100);
    expect(rmbToSgdMinor(3000, '5.32')).toBe(564);
    expect(rmbToSgdMinor(1, '5.3200')).toBe(0);
    expect(rmbToSgdMinor(3, '5.3200')).toBe(1); // 0.5639 -> 1
    expect(rmbToSgdMinor(9_007_199_254_740, '1.0000')).toBe(9_007_199_254_740);
    expect(toWalletMinor('RMB', 1, '5.3200')).toBe(1);
    expect(toWalletMinor('SGD', 1, '5.3200')).toBe(1);
  });
});

describe('coupon discount', () => {
  const batch = (over: Partial<BatchRow>): BatchRow =>
    ({
      id: 1,
      kind: 'discount',
      name: { en: 'c', zh_CN: 'c' },
      discountType: 'amount',
      amountMinor: 500,
      percentOff: 0,
      maxDiscountMinor: null,
      minVolumeMilli: 0,
      minAmountMinor: 0,
      appliesTo: ['pack'],
      ...over,
    }) as BatchRow;
  it('shares the discount among eligible bills and never exceeds them', () => {
    const v = couponDiscount(batch({ amountMinor: 1000 }), [
      { id: 1, kind: 'pack', volumeMilli: 0, grossMinor: 300 },
      { id: 2, kind: 'return', volumeMilli: 0, grossMinor: 900 },
      { id: 3, kind: 'pack', volumeMilli: 0, grossMinor: 400 },
    ]);
    expect(v.ok && v.discountMinor).toBe(700);
    expect(v.ok && [...v.perBill.entries()]).toEqual([
      [1, 300],
      [3, 400],
    ]);
  });
  it('applies percent with a cap and thresholds', () => {
    const pct = batch({ discountType: 'percent', percentOff: 15, maxDiscountMinor: 100 });
    const v = couponDiscount(pct, [{ id: 1, kind: 'pack', volumeMilli: 0, grossMinor: 999 }]);
    expect(v.ok && v.discountMinor).toBe(100);
    const v2 = couponDiscount(batch({ discountType: 'percent', percentOff: 15 }), [
      { id: 1, kind: 'pack', volumeMilli: 0, grossMinor: 999 },
    ]);
    expect(v2.ok && v2.discountMinor).toBe(149);
    expect(couponDiscount(batch({ minAmountMinor: 2000 }), [{ id: 1, kind: 'pack', volumeMilli: 0, grossMinor: 1999 }])).toMatchObject({
      ok: false,
      reason: { en: 'needs at least S$20.00' },
    });
  });
});
