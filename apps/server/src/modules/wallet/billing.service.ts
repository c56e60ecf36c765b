import type { Language } from '@pinyou/contract';
import type { Tx } from '../../db/client.ts';
import type { AutoPay } from './auto-pay.ts';
import type { BillHooks } from './bill-hooks.ts';
import type { BillIssuer } from './bill-issuer.ts';
import type { BillRefunds } from './bill-refunds.ts';
import type { BillViews } from './bill-views.ts';
import type { BillingPort, BillKind, RewardLedgerPort } from './billing.port.ts';
import type { PaymentService } from './payment.service.ts';
import type { PayRequest } from './payment-result.ts';
import { postCompensationEntry, postRewardEntry } from './reward-ledger.ts';

/** The parts billing is made of, each built once in wallet.module.ts. */
export interface BillingParts {
  hooks: BillHooks;
  issuer: BillIssuer;
  refunds: BillRefunds;
  views: BillViews;
  payments: PaymentService;
  autoPay: AutoPay;
}

/**
 * Bills and payments as other modules see them (BillingPort, RewardLedgerPort): each call is passed to the part
 * that owns it (hooks, issuing, refunds, views, payments, auto-pay); the wallet's own code uses the parts.
 */
export class BillingService implements BillingPort, RewardLedgerPort {
  constructor(private readonly parts: BillingParts) {}

  onPaid: BillingPort['onPaid'] = (kind, handler) => this.parts.hooks.onPaid(kind, handler);
  onPaidMany: BillingPort['onPaidMany'] = (kind, handler) => this.parts.hooks.onPaidMany(kind, handler);
  onRefunded: BillingPort['onRefunded'] = (kind, handler) => this.parts.hooks.onRefunded(kind, handler);
  canPayOnBehalf: BillingPort['canPayOnBehalf'] = (kind, check) => this.parts.hooks.canPayOnBehalf(kind, check);
  onAnyRefunded: RewardLedgerPort['onAnyRefunded'] = (handler) => this.parts.hooks.onAnyRefunded(handler);

  issueBill: BillingPort['issueBill'] = (tx, input) => this.parts.issuer.issueBill(tx, input);
  afterIssued: BillingPort['afterIssued'] = (billId) => this.parts.autoPay.afterIssued(billId);
  cancelBill: BillingPort['cancelBill'] = (tx, billId) => this.parts.issuer.cancelBill(tx, billId);
  setPayBefore: BillingPort['setPayBefore'] = (tx, billId, payBefore) => this.parts.issuer.setPayBefore(tx, billId, payBefore);
  findBill: BillingPort['findBill'] = (tx, kind, refId) => this.parts.issuer.findBill(tx, kind, refId);
  refundBill: BillingPort['refundBill'] = (tx, billId, reason) => this.parts.refunds.refundBill(tx, billId, reason);

  postReward = (tx: Tx, input: { userId: number; amountMinor: number; memo: string }) => postRewardEntry(tx, input);
  compensate: BillingPort['compensate'] = (tx, input) => postCompensationEntry(tx, input);

  /** Pays bills from the payer's balance (the mall pays its orders through this too). */
  pay = (payerId: number, req: PayRequest) => this.parts.payments.pay(payerId, req);
  /** Coupons the user could use on bills not issued yet (a settlement preview). */
  previewCoupons = (userId: number, toPay: { kind: BillKind; grossMinor: number }[], lang: Language) =>
    this.parts.views.previewCoupons(userId, toPay, lang);
  /** What paying these bills costs now (the assistant reads the customer's dues through this). */
  payInfo: BillViews['payInfo'] = (...args) => this.parts.views.payInfo(...args);
  get batchStats() {
    return this.parts.payments.batchStats;
  }
}
