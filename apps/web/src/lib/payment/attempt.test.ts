import { beforeEach, describe, expect, it } from 'vitest';
import { endAttempt, idempotencyKeyFor, pickCoupon, pickedCoupon, targetSignature } from './attempt.ts';

describe('payment attempt', () => {
  beforeEach(() => sessionStorage.clear());

  it('names the same bills the same way whatever their order', () => {
    expect(targetSignature({ billIds: [3, 1, 2] })).toBe(targetSignature({ billIds: [1, 2, 3] }));
    expect(targetSignature({ kind: 'pack', refId: 7 })).toBe('r:pack:7');
  });

  it('reuses the key on retry, makes a new one for another coupon or after the attempt ended', () => {
    const sig = targetSignature({ billIds: [5] });
    const first = idempotencyKeyFor(sig, null);
    expect(first).toMatch(/^[A-Za-z0-9_.:-]{8,64}$/);
    expect(idempotencyKeyFor(sig, null)).toBe(first);
    const withCoupon = idempotencyKeyFor(sig, 9);
    expect(withCoupon).not.toBe(first);
    expect(idempotencyKeyFor(sig, 9)).toBe(withCoupon);
    endAttempt(sig);
    expect(idempotencyKeyFor(sig, 9)).not.toBe(withCoupon);
  });

  it('passes the picked coupon (or none) between screens', () => {
    const sig = targetSignature({ billIds: [1, 2] });
    expect(pickedCoupon(sig)).toBeUndefined();
    pickCoupon(sig, 0);
    expect(pickedCoupon(sig)).toBe(0);
    pickCoupon(sig, 12);
    expect(pickedCoupon(sig)).toBe(12);
    endAttempt(sig);
    expect(pickedCoupon(sig)).toBeUndefined();
  });
});
