import { describe, expect, it } from 'vitest';
import { amountProblem } from './amount.ts';

describe('top-up amount check', () => {
  it('asks for an amount when empty', () => {
    expect(amountProblem('  ', 100000)).toEqual({ key: 'wallet.rechargeAmountRequired' });
  });
  it('refuses zero, negative and more than 2 decimals', () => {
    expect(amountProblem('0', 100000)?.key).toBe('wallet.amountPositive');
    expect(amountProblem('0.00', 100000)?.key).toBe('wallet.amountPositive');
    expect(amountProblem('-5', 100000)?.key).toBe('wallet.amountPositive');
    expect(amountProblem('1.234', 100000)?.key).toBe('wallet.amount2dp');
    expect(amountProblem('abc', 100000)?.key).toBe('wallet.amount2dp');
  });
  it('refuses more than the maximum and accepts the rest', () => {
    expect(amountProblem('1000.01', 100000)).toEqual({ key: 'wallet.amountTooLarge', max: 100000 });
    expect(amountProblem('1000', 100000)).toBeNull();
    expect(amountProblem('12.5', 100000)).toBeNull();
    expect(amountProblem('0.01', 100000)).toBeNull();
  });
});
