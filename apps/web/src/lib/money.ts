import type { Currency } from '@pinyou/contract';

const symbols: Record<Currency, string> = { SGD: 'S$', RMB: '¥' };

/** One formatter for every amount on screen: minor units in, "S$12.30" / "¥8.00" out. */
export function formatMoney(minor: number, currency: Currency, opts: { sign?: boolean; wholeWithoutCents?: boolean } = {}): string {
  const negative = minor < 0;
  const abs = Math.abs(minor);
  // Round amounts on narrow buttons (top-up choices) read "S$100", never "S$100.0 / 0" over two lines.
  const cents = opts.wholeWithoutCents && abs % 100 === 0 ? '' : `.${String(abs % 100).padStart(2, '0')}`;
  const text = `${Math.floor(abs / 100).toLocaleString('en-US')}${cents}`;
  const sign = negative ? '-' : opts.sign && minor > 0 ? '+' : '';
  return `${sign}${symbols[currency]}${text}`;
}
