/** Spec §5 validation rules, shared by the server's schemas and the web forms. */
export const patterns = {
  /** Goods name: letters of any script and spaces; no digits or symbols. */
  goodsName: /^[\p{L}\p{M}][\p{L}\p{M} ]*$/u,
  sgMobile: /^[89]\d{7}$/,
  phone8: /^\d{8}$/,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/,
  code6: /^\d{6}$/,
  userAccount: /^[A-Za-z][A-Za-z0-9_]{3,19}$/,
  postcode: /^\d{6}$/,
  amount2dp: /^(0|[1-9]\d{0,8})(\.\d{1,2})?$/,
  dragonCode: /^[\u4e00-\u9fa5A-Z0-9]{1,8}$/,
  leaderName: /^[A-Za-z0-9]+$/,
  chinaMobile: /^1[3-9]\d{9}$/,
  staffAccount: /^[A-Za-z0-9._-]{3,32}$/,
} as const;

export const limits = {
  passwordMin: 6,
  passwordMax: 32,
  textAreaMax: 140,
  uploadMaxFiles: 52,
  albumMax: 9,
  albumPerRow: 3,
  numberBoxMin: 1,
  codeLength: 6,
  codeResendSeconds: 60,
  codeTtlSeconds: 600,
  codeMaxChecks: 5,
  codeHourlyCapPerTarget: 5,
  codeHourlyCapPerIp: 20,
  addressMax: 30,
} as const;

export const isSgMobile = (v: string) => patterns.sgMobile.test(v);
export const isEmail = (v: string) => patterns.email.test(v);
/** Dragon codes are upper-cased on entry. */
export const normalizeDragonCode = (v: string) => v.toUpperCase();

/**
 * Which amount rule a typed amount breaks, so the message names it: not a number at all, negative,
 * more than 2 decimals, or too large; null when it is a valid amount.
 */
export function amountRuleBroken(
  text: string,
): 'rule.amountNotNumber' | 'rule.amountNegative' | 'rule.amount' | 'rule.amountTooLarge' | null {
  const t = text.trim();
  if (patterns.amount2dp.test(t)) return null;
  if (!/^[+-]?\d+(\.\d*)?$/.test(t)) return 'rule.amountNotNumber';
  if (t.startsWith('-') && Number(t) !== 0) return 'rule.amountNegative';
  if (/\.\d{3,}$/.test(t)) return 'rule.amount';
  return Number(t) >= 1e9 ? 'rule.amountTooLarge' : 'rule.amountNotNumber';
}

/** "12.3" -> 1230 minor units; null when it is not a valid amount with at most 2 decimals. */
export function parseAmountToMinor(text: string): number | null {
  const t = text.trim();
  if (!patterns.amount2dp.test(t)) return null;
  const [whole, frac = ''] = t.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}
