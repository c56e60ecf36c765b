/**
 * What one payment attempt remembers across screens (sessionStorage, this tab only):
 * - the idempotency key: made once per attempt and sent again on every retry of the same attempt, so a
 *   retry after a timeout can never pay twice; a different coupon is a different payment, so a new key;
 * - the coupon picked on the chooseCoupon screen for these bills.
 */
export interface PayTarget {
  /** Bills by id (one or several). */
  billIds?: number[];
  /** Or one bill by what it is for, e.g. kind 'pack' + the pack id. */
  kind?: 'pack' | 'return' | 'mall' | 'claim' | 'other';
  refId?: number;
}

/** A stable name for the bills being paid. */
export function targetSignature(t: PayTarget): string {
  if (t.billIds?.length) return `b:${[...t.billIds].sort((a, b) => a - b).join(',')}`;
  return `r:${t.kind ?? ''}:${t.refId ?? ''}`;
}

const attemptKey = (sig: string) => `pay-attempt:${sig}`;
const couponKey = (sig: string) => `pay-coupon:${sig}`;

function newKey() {
  const rnd = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `pay-${rnd}`.slice(0, 64);
}

/** The key for paying these bills with this coupon: the stored one when it is the same attempt, else a new one. */
export function idempotencyKeyFor(sig: string, couponId: number | null, store: Storage = sessionStorage): string {
  try {
    const saved = JSON.parse(store.getItem(attemptKey(sig)) ?? 'null') as { key: string; coupon: number | null } | null;
    if (saved && saved.coupon === couponId && typeof saved.key === 'string') return saved.key;
  } catch {
    /* a damaged entry is replaced below */
  }
  const key = newKey();
  store.setItem(attemptKey(sig), JSON.stringify({ key, coupon: couponId }));
  return key;
}

/** After a payment succeeded (or can no longer succeed): the next payment of these bills is a new attempt. */
export function endAttempt(sig: string, store: Storage = sessionStorage) {
  store.removeItem(attemptKey(sig));
  store.removeItem(couponKey(sig));
}

/** The chooseCoupon screen's answer: a coupon id, or 0 for 'no coupon'; undefined when nothing was picked. */
export function pickedCoupon(sig: string, store: Storage = sessionStorage): number | undefined {
  const v = store.getItem(couponKey(sig));
  if (v === null) return undefined;
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

export function pickCoupon(sig: string, couponId: number, store: Storage = sessionStorage) {
  store.setItem(couponKey(sig), String(couponId));
}
