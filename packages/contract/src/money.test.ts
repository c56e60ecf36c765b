import { describe, expect, it } from 'vitest';
import { formatMoney, minorToDecimal, money } from './money.ts';
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
