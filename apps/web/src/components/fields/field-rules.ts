import { amountRuleBroken, isSgMobile, limits, patterns } from '@pinyou/contract';

/** Singapore's country calling code, shown before every phone input (the numbers themselves are 8 digits). */
export const SG_DIAL_CODE = '+65';

/** Which contract rule a phone field checks: a Singapore mobile (8 digits, 8 or 9 first) or any 8-digit number. */
export type PhoneRule = 'sgMobile' | 'phone8';

const FULL_WIDTH_DIGITS = /[\uFF10-\uFF19]/g;
const toAsciiDigits = (s: string) => s.replace(FULL_WIDTH_DIGITS, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));

/**
 * What a person typed or pasted into a phone field, as the 8 digits the contract checks: spaces, dashes and
 * brackets go, and a pasted "+65 8123 4567" / "0065…" / "65…" loses its country code (a Singapore number
 * never starts with 65, so a longer number that does carries the prefix). At most 8 digits are kept.
 */
export function normalizeSgPhone(text: string): string {
  let digits = toAsciiDigits(String(text ?? '')).replace(/\D/g, '');
  if (digits.length > 8 && digits.startsWith('0065')) digits = digits.slice(4);
  else if (digits.length > 8 && digits.startsWith('65')) digits = digits.slice(2);
  return digits.slice(0, 8);
}

/** The i18n key of the broken phone rule, or null when the number passes the contract's rule. */
export function phoneProblem(text: string, rule: PhoneRule = 'sgMobile'): 'rules.sgMobile' | 'rules.phone8' | null {
  const v = normalizeSgPhone(text);
  if (rule === 'sgMobile') return isSgMobile(v) ? null : 'rules.sgMobile';
  return patterns.phone8.test(v) ? null : 'rules.phone8';
}

/** A verification code as typed: digits only (full-width digits become ASCII), at most the code length. */
export function normalizeCode(text: string): string {
  return toAsciiDigits(String(text ?? ''))
    .replace(/\D/g, '')
    .slice(0, limits.codeLength);
}

export const codeProblem = (text: string): 'rules.code6' | null => (patterns.code6.test(text) ? null : 'rules.code6');

/**
 * A money amount as typed on a phone keyboard: full-width digits and the Chinese/European decimal comma
 * become "0-9" and ".", spaces go. Nothing else is changed, so a wrong amount stays visible and the
 * contract's rule (at most 2 decimals) names what is wrong with it.
 */
export function normalizeAmountTyping(text: string): string {
  return toAsciiDigits(String(text ?? ''))
    .replace(/[\s\u3000]/g, '')
    .replace(/[，,。．\uFF0E]/g, '.');
}

/** The contract's amount rule (spec §5: up to 2 decimals, more than 0) as an i18n key under `rules.`, or null. */
export function amountRuleKey(text: string): string | null {
  const t = text.trim();
  if (!t) return 'rules.amountRequired';
  const broken = amountRuleBroken(t);
  if (broken) return broken.replace('rule.', 'rules.');
  return Number(t) > 0 ? null : 'rules.amountPositive';
}

/** A stored 8-digit Singapore number as people read it: "+65 8123 4567" (anything else is shown as it is). */
export function formatSgPhone(phone: string): string {
  const v = normalizeSgPhone(phone);
  return v.length === 8 && v === phone.replace(/\s/g, '') ? `${SG_DIAL_CODE} ${v.slice(0, 4)} ${v.slice(4)}` : phone;
}
