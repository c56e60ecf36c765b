import { sgd } from '@pinyou/contract';

/** What a payment is asked to do, and its outcome as kept and as sent. */
export interface PayRequest {
  billIds: number[];
  couponId?: number | null;
  idempotencyKey: string;
  auto?: boolean;
}

/** A payment's outcome as kept (payments.result, replayed for a repeated idempotency key): integer minor units. */
export interface PaymentResult {
  payment_id: number;
  bill_ids: number[];
  currency: 'SGD';
  total_minor: number;
  discount_minor: number;
  charged_minor: number;
  coupon_id: number | null;
  exchange_rate: string;
  balance_after_minor: number;
  paid_at: string;
  replayed: boolean;
}

/** A payment's outcome on the wire: every amount as Money in the wallet currency. */
export function paymentResultView(r: PaymentResult) {
  return {
    payment_id: r.payment_id,
    bill_ids: r.bill_ids,
    total: sgd(r.total_minor),
    discount: sgd(r.discount_minor),
    charged: sgd(r.charged_minor),
    coupon_id: r.coupon_id,
    exchange_rate: r.exchange_rate,
    balance_after: sgd(r.balance_after_minor),
    paid_at: r.paid_at,
    replayed: r.replayed,
  };
}
