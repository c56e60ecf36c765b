import { createHash, timingSafeEqual } from 'node:crypto';

/** Compares a shared secret a webhook presented with ours in constant time (hashes first, so lengths leak nothing). */
export function safeEqual(given: unknown, expected: string): boolean {
  if (typeof given !== 'string' || !expected) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
