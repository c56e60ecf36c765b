import { z } from 'zod';
import { limits, patterns } from './rules.ts';

// Zod building blocks. Messages are rule keys (see messages.ts) so both sides translate them.
// GET requests carry every field as text, so numeric fields coerce.
export const zStr = (max = 255) => z.string().trim().max(max, { message: 'rule.tooLong' });
export const zRequired = (max = 255) =>
  z.string({ message: 'rule.required' }).trim().min(1, { message: 'rule.required' }).max(max, { message: 'rule.tooLong' });
export const zId = z.coerce.number({ message: 'rule.invalid' }).int({ message: 'rule.invalid' }).positive({ message: 'rule.invalid' });
export const zPage = z.coerce.number().int().min(1).default(1);
export const zPageSize = z.coerce.number().int().min(1).max(100).default(20);
export const zBoolish = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');
export const zSgMobile = z.string({ message: 'rule.sgMobile' }).trim().regex(patterns.sgMobile, { message: 'rule.sgMobile' });
export const zEmail = z.string({ message: 'rule.email' }).trim().toLowerCase().regex(patterns.email, { message: 'rule.email' });
export const zCode6 = z.coerce.string({ message: 'rule.code6' }).trim().regex(patterns.code6, { message: 'rule.code6' });
export const zPassword = z
  .string({ message: 'rule.password' })
  .min(limits.passwordMin, { message: 'rule.password' })
  .max(limits.passwordMax, { message: 'rule.password' });
export const zPostcode = z.coerce.string().trim().regex(patterns.postcode, { message: 'rule.postcode' });
export const zUserAccount = z.string({ message: 'rule.userAccount' }).trim().regex(patterns.userAccount, { message: 'rule.userAccount' });
