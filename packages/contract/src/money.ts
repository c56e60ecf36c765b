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
