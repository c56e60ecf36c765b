import { z } from 'zod';
import { amountRuleBroken, parseAmountToMinor } from '../rules.ts';

/** The wallet is kept in Singapore dollars; bills may be priced in RMB and convert when paid. */
export const WALLET_CURRENCY = 'SGD' as const;

/**
 * A money amount typed by a person ("12.3"): at most 2 decimals, more than 0. Becomes integer minor units.
 * A missing or empty value gets `requiredKey` so each form can say what it needs.
 */
export const zAmountMinor = (requiredKey: string = 'rule.required') =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : typeof v === 'number' ? String(v) : v),
    z.string({ message: requiredKey }).transform((text, ctx) => {
      const t = text.trim();
      if (t === '') {
        ctx.addIssue({ code: 'custom', message: requiredKey });
        return z.NEVER;
      }
      const broken = amountRuleBroken(t);
      if (broken === 'rule.amountNegative' || /^[+-]?0+(\.0*)?$/.test(t)) {
        ctx.addIssue({ code: 'custom', message: 'rule.amountPositive' });
        return z.NEVER;
      }
      const minor = parseAmountToMinor(t);
      if (minor === null) {
        ctx.addIssue({ code: 'custom', message: broken ?? 'rule.amount' });
        return z.NEVER;
      }
      return minor;
    }),
  );

/** The same, at most `maxMinor` (a price staff type, e.g. a group batch's S$ per cbm). */
export const zAmountMinorUpTo = (maxMinor: number) => zAmountMinor().refine((v) => v <= maxMinor, { message: 'rule.amountTooLarge' });

/** A signed staff adjustment ("-5.00" takes money away); never zero. */
export const zSignedAmountMinor = z.preprocess(
  (v) => (v === undefined || v === null ? '' : typeof v === 'number' ? String(v) : v),
  z.string({ message: 'rule.required' }).transform((text, ctx) => {
    const t = text.trim();
    const negative = t.startsWith('-');
    const minor = parseAmountToMinor(negative ? t.slice(1) : t.replace(/^\+/, ''));
    if (minor === null) {
      ctx.addIssue({ code: 'custom', message: t === '' ? 'rule.required' : (amountRuleBroken(t.replace(/^[+-]/, '')) ?? 'rule.amount') });
      return z.NEVER;
    }
    if (minor === 0) {
      ctx.addIssue({ code: 'custom', message: 'rule.amountPositive' });
      return z.NEVER;
    }
    return negative ? -minor : minor;
  }),
);

/** A client-made key for one payment attempt: retrying with the same key never pays twice. */
export const zIdempotencyKey = z
  .string({ message: 'rule.required' })
  .trim()
  .min(8, { message: 'rule.invalid' })
  .max(64, { message: 'rule.invalid' })
  .regex(/^[A-Za-z0-9_.:-]+$/, { message: 'rule.invalid' });
