import { formatMoney, type Currency, type Money } from '@pinyou/contract';

/** Staff see amounts as "S$12.30" through the contract's one formatter (the web app uses the same one). */
export function money(amount: Money | number | null | undefined, currency: Currency = 'SGD') {
  if (amount === null || amount === undefined) return '—';
  return typeof amount === 'number' ? formatMoney(amount, currency) : formatMoney(amount);
}

/** One key per staff action attempt: a retried submit (lost answer) is never applied twice. */
export const newIdempotencyKey = () => `staff-${crypto.randomUUID()}`;
