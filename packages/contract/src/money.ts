import type { z } from 'zod';
import type { Currency } from './constants.ts';
import type { moneySchema } from './money-schema.ts';

/**
 * An amount as it travels: integer minor units (fen, cents) with the currency named beside them (its schema
 * is moneySchema in money-schema.ts). Decimal strings are never sent: screens format with formatMoney below,
 * so "S$12.30" is written in one place. This module builds no zod schema, so the app can format amounts
 * without bringing zod into its bundle.
 */
export type Money = z.infer<typeof moneySchema>;

export const money = (amount_minor: number, currency: Currency): Money => ({ amount_minor, currency });
export const sgd = (amount_minor: number): Money => ({ amount_minor, currency: 'SGD' });
export const rmb = (amount_minor: number): Money => ({ amount_minor, currency: 'RMB' });

const symbols: Record<Currency, string> = { SGD: 'S$', RMB: '¥' };

/**
 * "1,234,567" as toLocaleString('en-US') writes a whole number, without it: the first toLocaleString call
 * loads the browser's locale data, a long task on the screen that first shows a price (home's goods).
 */
function thousands(n: number): string {
  return n < 1e21 ? String(n).replace(/\B(?=(\d{3})+$)/g, ',') : n.toLocaleString('en-US');
}

export interface FormatMoneyOptions {
  /** "+S$5.00" for credits. */
  sign?: boolean;
  /** "S$100" on narrow buttons (top-up choices), never "S$100.0 / 0" over two lines. */
  wholeWithoutCents?: boolean;
}

/** One formatter for every amount shown, on the web app and the console: "S$12.30" / "¥8.00" / "-S$1,200.00". */
export function formatMoney(amount: Money, opts?: FormatMoneyOptions): string;
export function formatMoney(minor: number, currency: Currency, opts?: FormatMoneyOptions): string;
export function formatMoney(a: Money | number, b?: Currency | FormatMoneyOptions, c?: FormatMoneyOptions): string {
  const [minor, currency, opts] =
    typeof a === 'number' ? [a, b as Currency, c ?? {}] : [a.amount_minor, a.currency, (b as FormatMoneyOptions | undefined) ?? {}];
  const negative = minor < 0;
  const abs = Math.abs(minor);
  const cents = opts.wholeWithoutCents && abs % 100 === 0 ? '' : `.${String(abs % 100).padStart(2, '0')}`;
  const text = `${thousands(Math.floor(abs / 100))}${cents}`;
  const sign = negative ? '-' : opts.sign && minor > 0 ? '+' : '';
  return `${sign}${symbols[currency]}${text}`;
}

/** "12.30" for a form field holding an amount (no symbol, no thousands separator). */
export function minorToDecimal(minor: number): string {
  const abs = Math.abs(minor);
  return `${minor < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * An exchange rate as the settings hold it ("5.3200": RMB per S$1, 1–3 digits and up to 4 decimals) in
 * ten-thousandths (53200); null when it is not such a number or is zero.
 */
export function rateTenThousandths(rate: string): number | null {
  const m = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(rate.trim());
  if (!m) return null;
  const v = Number(m[1]) * 10_000 + Number((m[2] ?? '').padEnd(4, '0'));
  return v > 0 ? v : null;
}

/**
 * RMB fen to SGD cents at `rate` RMB per S$1: the one conversion of the server and the apps. Exact integer
 * arithmetic (BigInt, so any safe amount converts without float error), rounded half up: an amount that
 * ends exactly on half a cent goes up (3 fen at 6.0000 is 0.5 cents, so 1 cent; -3 fen is 0 cents).
 * Throws on a rate that rateTenThousandths does not accept: a bad rate is a bug, never a price.
 */
export function rmbToSgdMinor(rmbMinor: number, rate: string): number {
  const r = rateTenThousandths(rate);
  if (r === null) throw new Error(`bad exchange rate ${rate}`);
  // cents = fen * 10000 / r; half up is floor((2 * fen * 10000 + r) / (2 * r)), floor taken toward -infinity.
  const num = BigInt(rmbMinor) * BigInt(20_000) + BigInt(r);
  const den = BigInt(2 * r);
  const q = num / den;
  return Number(num < BigInt(0) && q * den !== num ? q - BigInt(1) : q);
}
