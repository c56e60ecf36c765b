/** Staff see amounts in minor units turned into "S$12.30" (console-only; the web app has its own formatter). */
export function money(minor: number, currency = 'SGD') {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${currency === 'RMB' ? '¥' : 'S$'}${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}

/** One key per staff action attempt: a retried submit (lost answer) is never applied twice. */
export const newIdempotencyKey = () => `staff-${crypto.randomUUID()}`;
