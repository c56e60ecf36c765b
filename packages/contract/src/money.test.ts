import { describe, expect, it } from 'vitest';
import { formatMoney, minorToDecimal, money, rateTenThousandths, rmbToSgdMinor } from './money.ts';
import { moneySchema } from './money-schema.ts';

describe('money formatter', () => {
  it('formats minor units with the currency symbol', () => {
    expect(formatMoney(123456, 'SGD')).toBe('S$1,234.56');
    expect(formatMoney(5, 'RMB')).toBe('¥0.05');
    expect(formatMoney(-2500, 'SGD')).toBe('-S$25.00');
    expect(formatMoney(100, 'SGD', { sign: true })).toBe('+S$1.00');
  });
});

describe('round amounts on narrow buttons', () => {
  it('drops .00 only when asked and only for whole amounts', () => {
    expect(formatMoney(100000, 'SGD', { wholeWithoutCents: true })).toBe('S$1,000');
    expect(formatMoney(1050, 'SGD', { wholeWithoutCents: true })).toBe('S$10.50');
    expect(formatMoney(100000, 'SGD')).toBe('S$1,000.00');
  });
});

describe('formatMoney thousands', () => {
  it('groups digits as en-US does', () => {
    for (const n of [0, 5, 99, 100, 999_99, 1000_00, 12345_67, 999999_00, 1234567890_12, -1000_00, 2 ** 52]) {
      const whole = Math.floor(Math.abs(n) / 100).toLocaleString('en-US');
      expect(formatMoney(n, 'SGD')).toContain(`S$${whole}`);
    }
  });
});

describe('one money shape', () => {
  it('formats a Money object as it formats its minor units and currency', () => {
    expect(formatMoney(money(123456, 'SGD'))).toBe('S$1,234.56');
    expect(formatMoney(money(-800, 'RMB'), { sign: true })).toBe('-¥8.00');
    expect(formatMoney(money(500, 'SGD'), { sign: true })).toBe('+S$5.00');
  });
  it('rejects decimals, strings and unknown currencies on the wire', () => {
    expect(moneySchema.safeParse({ amount_minor: 1230, currency: 'SGD' }).success).toBe(true);
    expect(moneySchema.safeParse({ amount_minor: 12.3, currency: 'SGD' }).success).toBe(false);
    expect(moneySchema.safeParse({ amount_minor: '1230', currency: 'SGD' }).success).toBe(false);
    expect(moneySchema.safeParse({ amount_minor: 1230, currency: 'USD' }).success).toBe(false);
  });
  it('writes a form field value without symbol or separators', () => {
    expect(minorToDecimal(123456)).toBe('1234.56');
    expect(minorToDecimal(5)).toBe('0.05');
    expect(minorToDecimal(-2500)).toBe('-25.00');
  });
});

describe('RMB to SGD conversion', () => {
  it('reads the settings rate in ten-thousandths and refuses anything else', () => {
    expect(rateTenThousandths('5.3200')).toBe(53_200);
    expect(rateTenThousandths('5.3')).toBe(53_000);
    expect(rateTenThousandths(' 12 ')).toBe(120_000);
    for (const bad of ['0', '0.0000', 'abc', '', '5.32001', '1234', '-5.32', '5.']) expect(rateTenThousandths(bad)).toBeNull();
  });

  it('converts exactly and rounds half up', () => {
    expect(rmbToSgdMinor(53_200, '5.3200')).toBe(10_000);
    expect(rmbToSgdMinor(100, '5.32')).toBe(19); // 18.79 cents
    expect(rmbToSgdMinor(1, '5.3200')).toBe(0); // 0.19 cents
    expect(rmbToSgdMinor(3, '6')).toBe(1); // exactly half a cent goes up
    expect(rmbToSgdMinor(316, '1.0112')).toBe(313); // 312.5 cents, where 316 / 1.0112 in floating point falls below the half
    expect(rmbToSgdMinor(-3, '6')).toBe(0); // half up, not away from zero
    expect(rmbToSgdMinor(-4, '6')).toBe(-1); // -0.67 cents
    expect(rmbToSgdMinor(0, '5.32')).toBe(0);
    expect(rmbToSgdMinor(9_007_199_254_740, '1.0000')).toBe(9_007_199_254_740);
  });

  it('throws on a bad rate instead of pricing with it', () => {
    expect(() => rmbToSgdMinor(100, '0')).toThrow(/bad exchange rate/);
    expect(() => rmbToSgdMinor(100, 'abc')).toThrow(/bad exchange rate/);
  });
});
