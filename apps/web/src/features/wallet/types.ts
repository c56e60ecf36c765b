import type { contract, ResponseOf } from '@pinyou/contract';

type W = typeof contract.wallet;
export type WalletPage = ResponseOf<W['getMailRechange']>;
export type RechargeMethod = WalletPage['methods'][number];
export type RechargeOrder = ResponseOf<W['queryRecharge']>['order'];
export type Transaction = ResponseOf<W['getTransactionList']>['list'][number];
export type TransactionType = Transaction['type'];
export type Coupon = ResponseOf<W['getCoupunList']>['list'][number];
export type ActivityCoupon = ResponseOf<W['showUnclaimedActivityCouponList']>['list'][number];
export type PaynowInfo = NonNullable<ResponseOf<W['createRechargeOrder']>['paynow']>;
