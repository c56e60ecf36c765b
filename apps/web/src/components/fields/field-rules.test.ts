import { describe, expect, it } from 'vitest';
import {
  amountRuleKey,
  codeProblem,
  formatSgPhone,
  normalizeAmountTyping,
  normalizeCode,
  normalizeSgPhone,
  phoneProblem,
} from './field-rules.ts';

describe('phone rule (contract: 8 digits starting with 8 or 9)', () => {
  it('keeps the 8 digits of what was typed or pasted, without the +65 country code', () => {
    expect(normalizeSgPhone('8123 4567')).toBe('81234567');
    expect(normalizeSgPhone('+65 8123-4567')).toBe('81234567');
    expect(normalizeSgPhone('0065 9123 4567')).toBe('91234567');
    expect(normalizeSgPhone('6591234567')).toBe('91234567');
    expect(normalizeSgPhone('８１２３４５６７')).toBe('81234567');
    expect(normalizeSgPhone('812345678')).toBe('81234567');
    // A number that merely starts with 65 and is not longer than 8 digits is left alone.
    expect(normalizeSgPhone('6512345')).toBe('6512345');
  });
  it('accepts Singapore mobiles only, names the rule otherwise', () => {
    expect(phoneProblem('81234567')).toBeNull();
    expect(phoneProblem('+65 9123 4567')).toBeNull();
    expect(phoneProblem('61234567')).toBe('rules.sgMobile');
    expect(phoneProblem('8123456')).toBe('rules.sgMobile');
    expect(phoneProblem('')).toBe('rules.sgMobile');
    expect(phoneProblem('61234567', 'phone8')).toBeNull();
    expect(phoneProblem('6123456', 'phone8')).toBe('rules.phone8');
  });
  it('shows stored numbers with +65', () => {
    expect(formatSgPhone('81234567')).toBe('+65 8123 4567');
    expect(formatSgPhone('')).toBe('');
    expect(formatSgPhone('+86 138 0000 0000')).toBe('+86 138 0000 0000');
  });
});

describe('code rule (6 digits)', () => {
  it('keeps digits only, at most 6', () => {
    expect(normalizeCode(' 12 34 56 7')).toBe('123456');
    expect(normalizeCode('１２３４５６')).toBe('123456');
    expect(codeProblem('123456')).toBeNull();
    expect(codeProblem('12345')).toBe('rules.code6');
  });
});

describe('amount rule (contract: up to 2 decimals, more than 0)', () => {
  it('reads a decimal comma and full-width digits, changes nothing else', () => {
    expect(normalizeAmountTyping('12，5')).toBe('12.5');
    expect(normalizeAmountTyping('１２.３４')).toBe('12.34');
    expect(normalizeAmountTyping(' 1 000 ')).toBe('1000');
    expect(normalizeAmountTyping('1.234')).toBe('1.234');
  });
  it('names the broken rule', () => {
    expect(amountRuleKey('12.34')).toBeNull();
    expect(amountRuleKey('12')).toBeNull();
    expect(amountRuleKey('')).toBe('rules.amountRequired');
    expect(amountRuleKey('1.234')).toBe('rules.amount');
    expect(amountRuleKey('0')).toBe('rules.amountPositive');
    expect(amountRuleKey('0.00')).toBe('rules.amountPositive');
    expect(amountRuleKey('-5')).toBe('rules.amountNegative');
    expect(amountRuleKey('abc')).toBe('rules.amountNotNumber');
    expect(amountRuleKey('1000000000')).toBe('rules.amountTooLarge');
  });
});
