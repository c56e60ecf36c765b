import type { Currency } from '@pinyou/contract';

const symbols: Record<Currency, string> = { SGD: 'S$', RMB: '¥' };

/**
 * "1,234,567" as toLocaleString('en-US') writes a whole number, without it: the first toLocaleString call
 * loads the browser's locale data, a long task on the screen that first shows a price (home's goods).
 */
function thousands(n: number): string {
  return n < 1e21 ? String(n).replace(/\B(?=(\d{3})+$)/g, ',') : n.toLocaleString('en-US');
}

/** One formatter for every amount on screen: minor units in, "S$12.30" / "¥8.00" out. */
export function formatMoney(minor: number, currency: Currency, opts: { sign?: boolean; wholeWithoutCents?: boolean } = {}): string {
  const negative = minor < 0;
  const abs = Math.abs(minor);
  // Round amounts on narrow buttons (top-up choices) read "S$100", never "S$100.0 / 0" over two lines.
  const cents = opts.wholeWithoutCents && abs % 100 === 0 ? '' : `.${String(abs % 100).padStart(2, '0')}`;
  const text = `${thousands(Math.floor(abs / 100))}${cents}`;
  const sign = negative ? '-' : opts.sign && minor > 0 ? '+' : '';
  return `${sign}${symbols[currency]}${text}`;
}
