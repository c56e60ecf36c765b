import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.ts';

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
