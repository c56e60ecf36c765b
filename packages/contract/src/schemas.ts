import { z } from 'zod';
import { limits, patterns } from './rules.ts';

// Zod building blocks. Messages are rule keys (see messages.ts) so both sides translate them.
// GET requests carry every field as text, so numeric fields coerce.

/** What a PostgreSQL integer column holds: a larger id can never name a row, and must not reach the database. */
export const INT4_MAX = 2_147_483_647;

/** NUL cannot be stored in PostgreSQL text; refused in the contract, before any query sees it. */
const noNul = (v: string) => !v.includes('\u0000');

/** Any text field: trimmed, at most `max` characters, no NUL characters. */
export const zText = (max = 255) =>
  z.string({ message: 'rule.invalid' }).trim().max(max, { message: 'rule.tooLong' }).refine(noNul, { message: 'rule.noNul' });
export const zStr = (max = 255) => zText(max);
export const zRequired = (max = 255) =>
  z
    .string({ message: 'rule.required' })
    .trim()
    .min(1, { message: 'rule.required' })
    .max(max, { message: 'rule.tooLong' })
    .refine(noNul, { message: 'rule.noNul' });
/** An integer the database can store (int4), within [min, max]. */
export const zInt = (min = 0, max = INT4_MAX) =>
  z.coerce
    .number({ message: 'rule.notNumber' })
    .int({ message: 'rule.notInteger' })
    .min(min, { message: 'rule.tooSmall' })
    .max(max, { message: 'rule.tooBig' });
export const zId = z.coerce
  .number({ message: 'rule.invalid' })
  .int({ message: 'rule.invalid' })
  .positive({ message: 'rule.invalid' })
  .max(INT4_MAX, { message: 'rule.invalid' });
/** A cursor "after/before this id": 0 (from the start) up to the largest id the database holds. */
export const zCursor = z.coerce
  .number({ message: 'rule.invalid' })
  .int({ message: 'rule.invalid' })
  .min(0, { message: 'rule.invalid' })
  .max(INT4_MAX, { message: 'rule.invalid' });
export const zPage = z.coerce.number().int().min(1).max(INT4_MAX).default(1);
export const zPageSize = z.coerce.number().int().min(1).max(100).default(20);

/** A real calendar date "YYYY-MM-DD" (2026-02-30 is refused), years 1900–2999. */
export const isCalendarDate = (v: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || y > 2999 || mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
};
export const zCalendarDate = z
  .string({ message: 'rule.date' })
  .trim()
  .min(1, { message: 'rule.date' })
  .refine(isCalendarDate, { message: 'rule.realDate' });
/** A date, or a date and time (ISO 8601), that is a real moment. */
export const zDateTime = z
  .string({ message: 'rule.date' })
  .trim()
  .max(40, { message: 'rule.date' })
  .refine((v) => isCalendarDate(v.slice(0, 10)) && (v.length === 10 || !Number.isNaN(Date.parse(v))), { message: 'rule.realDate' });
export const zBoolish = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');
export const zSgMobile = z
  .string({ message: 'rule.required' })
  .trim()
  .min(1, { message: 'rule.required' })
  .regex(patterns.sgMobile, { message: 'rule.sgMobile' });
export const zEmail = z.string({ message: 'rule.email' }).trim().toLowerCase().regex(patterns.email, { message: 'rule.email' });
export const zCode6 = z.coerce.string({ message: 'rule.code6' }).trim().regex(patterns.code6, { message: 'rule.code6' });
export const zPassword = z
  .string({ message: 'rule.password' })
  .min(limits.passwordMin, { message: 'rule.password' })
  .max(limits.passwordMax, { message: 'rule.password' });
export const zPostcode = z.coerce.string().trim().regex(patterns.postcode, { message: 'rule.postcode' });
export const zUserAccount = z.string({ message: 'rule.userAccount' }).trim().regex(patterns.userAccount, { message: 'rule.userAccount' });

/** A list of ids as an array, or as "1,2,3" text (form fields and GET queries); `emptyKey` names what to choose. */
export const zIdListOf = (emptyKey: string) =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : typeof v === 'number'
          ? [v]
          : v,
    z.array(zId, { message: emptyKey }).min(1, { message: emptyKey }).max(200, { message: 'rule.tooLong' }),
  );
