import type { Bill, BillKind } from './billing.port.ts';
import type { bills } from './wallet.schema.ts';

/** A bills row as drizzle reads it. */
export type BillRow = typeof bills.$inferSelect;

export function rowToBill(r: BillRow): Bill {
  return {
    id: r.id,
    userId: r.userId,
    kind: r.kind as BillKind,
    refId: r.refId,
    currency: r.currency as Bill['currency'],
    amountMinor: r.amountMinor,
    lines: r.lines as Bill['lines'],
    description: r.description as Bill['description'],
    payBefore: r.payBefore,
    groupId: r.groupId,
    volumeCbm: r.volumeMilli / 1000,
    status: r.status as Bill['status'],
    paidAt: r.paidAt,
    createdAt: r.createdAt,
  };
}

/** Unpaid past its pay-before time. */
export const isExpired = (r: BillRow, now = new Date()) => r.status === 'unpaid' && !!r.payBefore && r.payBefore.getTime() <= now.getTime();
