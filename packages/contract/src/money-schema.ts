import { z } from 'zod';
import { currencies } from './constants.ts';
import { amountRuleBroken, parseAmountToMinor } from './rules.ts';

/**
 * The one shape of an amount on the wire: integer minor units (fen, cents) with the currency named beside
 * them, in every answer of every domain (formatting is in money.ts, which stays free of zod).
 */
export const moneySchema = z.object({ amount_minor: z.number().int(), currency: z.enum(currencies) });

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
