import { describe, expect, it, vi } from 'vitest';

vi.mock('../api.ts', () => ({ call: vi.fn(), staffToken: { get: () => 't' } }));
const { money } = await import('./money.ts');
const { formatMoney } = await import('./parcels/parcels-common.tsx');

describe("the console's money formatter", () => {
  it('shows minor units as dollars or yuan with cents and thousands', () => {
    expect(money(123456)).toBe('S$1,234.56');
    expect(money(5, 'RMB')).toBe('¥0.05');
    expect(money(-2050)).toBe('-S$20.50');
    expect(money(0)).toBe('S$0.00');
  });

  it('formats Money objects the same way (and a missing one as a dash)', () => {
    expect(formatMoney({ amount_minor: 1234567, currency: 'SGD' })).toBe('S$12,345.67');
    expect(formatMoney({ amount_minor: 990, currency: 'RMB' })).toBe('¥9.90');
    expect(formatMoney(null)).toBe('—');
  });
});
