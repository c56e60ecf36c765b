import { contract } from '@pinyou/contract';
import { staffIdOf, userIdOf, type Handlers } from '../../core/http.ts';
import type { BillViews } from './bill-views.ts';
import type { PaymentService } from './payment.service.ts';
import { paymentResultView } from './payment-result.ts';
import type { RechargeService } from './recharge.service.ts';
import type { CouponService } from './coupon.service.ts';

export interface WalletRouteDeps {
  views: BillViews;
  payments: PaymentService;
  recharge: RechargeService;
  coupons: CouponService;
  wallet: WalletService;
  billList: BillListService;
}
import type { WalletService } from './wallet.service.ts';
import type { BillListService } from './bill-list.service.ts';

export function walletRoutes(s: WalletRouteDeps): Handlers<typeof contract.wallet> {
  const { views, payments, recharge, coupons, wallet, billList } = s;
  return {
    getBillList: (i, ctx) => billList.list(userIdOf(ctx), i, ctx.lang),
    createRechargeOrder: (i, ctx) => recharge.create(userIdOf(ctx), i, ctx),
    getRechargeOrderList: (i, ctx) => recharge.mine(userIdOf(ctx), i, ctx.lang),
    queryRecharge: (i, ctx) => recharge.query(userIdOf(ctx), i.order_no, ctx.lang),
    getMailRechange: (_, ctx) => recharge.pageInfo(userIdOf(ctx)),
    getTransactionList: (i, ctx) => wallet.transactions(userIdOf(ctx), i, ctx.lang),
    getTransactionDetail: (i, ctx) => wallet.transactionDetail(userIdOf(ctx), i.id, ctx.lang),
    editIsAutoPay: (i, ctx) => wallet.setAutoPay(userIdOf(ctx), i.is_auto_pay),
    getCoupunList: (i, ctx) => coupons.list(userIdOf(ctx), i, ctx.lang),
    useCoupunCode: (i, ctx) => coupons.redeem(userIdOf(ctx), i.code, ctx.lang),
    showUnclaimedActivityCouponList: (_, ctx) => coupons.unclaimed(userIdOf(ctx), ctx.lang),
    claimeActivityCoupon: (i, ctx) => coupons.claim(userIdOf(ctx), i.batch_id, ctx.lang),
    getPayInfo: async (i, ctx) => views.payInfo(userIdOf(ctx), [await views.resolveBillId(userIdOf(ctx), i)], ctx.lang),
    getPayInfos: (i, ctx) => views.payInfo(userIdOf(ctx), i.bill_ids, ctx.lang, i.scope),
    orderPackPay: async (i, ctx) => {
      const userId = userIdOf(ctx);
      const billId = await views.resolveBillId(userId, i);
      return paymentResultView(await payments.pay(userId, { billIds: [billId], couponId: i.coupon_id, idempotencyKey: i.idempotency_key }));
    },
    ordersPay: async (i, ctx) =>
      paymentResultView(
        await payments.pay(userIdOf(ctx), { billIds: i.bill_ids, couponId: i.coupon_id, idempotencyKey: i.idempotency_key }),
      ),
    wxpayNotify: (_, ctx) => recharge.handleWxpayNotification(ctx.headers ?? {}, ctx.rawBody ?? null),
  };
}

export function walletAdminRoutes(s: WalletRouteDeps): Handlers<typeof contract.walletAdmin> {
  const { recharge, coupons, wallet } = s;
  return {
    adminRechargeList: (i) => recharge.staffList(i),
    adminApproveRecharge: (i, ctx) => recharge.approve(i.id, staffIdOf(ctx)),
    adminRejectRecharge: (i, ctx) => recharge.reject(i.id, staffIdOf(ctx), i.reason),
    adminAdjustBalance: (i, ctx) => wallet.adjust(staffIdOf(ctx), i),
    adminWallet: (i) => wallet.staffWallet(i.user_id, i),
    adminReconcile: () => wallet.reconcile(),
    adminRefundBill: (i, ctx) => wallet.staffRefund(i.bill_id, i.reason, ctx.lang),
    adminCouponBatchCreate: (i, ctx) => coupons.createBatch(i, staffIdOf(ctx)),
    adminCouponBatchList: (i) => coupons.batches(i),
    adminCouponCodesCreate: (i) => coupons.createCodes(i.batch_id, i.count, i.max_uses, i.code),
    adminCouponUsage: (i) => coupons.usage(i.batch_id, i),
  };
}
