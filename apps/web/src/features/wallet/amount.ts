import { parseAmountToMinor } from '@pinyou/contract';

/** The i18n key of what is wrong with a typed top-up amount, or null when it can be sent (spec §5). */
export function amountProblem(text: string, maxMinor: number): { key: string; max?: number } | null {
  const t = text.trim();
  if (!t) return { key: 'wallet.rechargeAmountRequired' };
  if (/^-/.test(t)) return { key: 'wallet.amountPositive' };
  const minor = parseAmountToMinor(t);
  if (minor === null) return { key: 'wallet.amount2dp' };
  if (minor <= 0) return { key: 'wallet.amountPositive' };
  if (maxMinor > 0 && minor > maxMinor) return { key: 'wallet.amountTooLarge', max: maxMinor };
  return null;
}
