import { z } from 'zod';
import { currencies, type Currency } from './constants.ts';
import { amountRuleBroken, parseAmountToMinor } from './rules.ts';

/**
 * The one shape of an amount on the wire: integer minor units (fen, cents) with the currency named
 * beside them, in every answer of every domain. Decimal strings are never sent: screens format with
 * formatMoney below, so "S$12.30" is written in one place.
 */
export const moneySchema = z.object({ amount_minor: z.number().int(), currency: z.enum(currencies) });
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
 * A price staff type that may be 0 ("0", "12.5"): at most 2 decimals, never negative, at most `maxMinor`.
 * Becomes integer minor units. (Customer amounts that must be above 0 use zAmountMinor.)
 */
export const zPriceMinor = (maxMinor = 100_000_000) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : typeof v === 'number' ? String(v) : v),
    z.string({ message: 'rule.required' }).transform((text, ctx) => {
      const t = text.trim();
      if (t === '') {
        ctx.addIssue({ code: 'custom', message: 'rule.required' });
        return z.NEVER;
      }
      const minor = parseAmountToMinor(t);
      if (minor === null) {
        ctx.addIssue({ code: 'custom', message: amountRuleBroken(t) ?? 'rule.amount' });
        return z.NEVER;
      }
      if (minor > maxMinor) {
        ctx.addIssue({ code: 'custom', message: 'rule.amountTooLarge' });
        return z.NEVER;
      }
      return minor;
    }),
  );
