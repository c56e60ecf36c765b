import type { Currency } from '@pinyou/contract';

const symbols: Record<Currency, string> = { SGD: 'S$', RMB: '¥' };

/** One formatter for every amount on screen: minor units in, "S$12.30" / "¥8.00" out. */
export function formatMoney(minor: number, currency: Currency, opts: { sign?: boolean } = {}): string {
  const negative = minor < 0;
  const abs = Math.abs(minor);
  const text = `${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
  const sign = negative ? '-' : opts.sign && minor > 0 ? '+' : '';
  return `${sign}${symbols[currency]}${text}`;
}
