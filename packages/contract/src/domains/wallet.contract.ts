import { z } from 'zod';
import { endpoint, empty, pageOf, pageRequest } from '../endpoint.ts';
import { zBoolish, zId, zRequired, zStr } from '../schemas.ts';
import { moneySchema } from '../money-schema.ts';

export * from './wallet.fields.ts';
import { zAmountMinor, zIdempotencyKey, zSignedAmountMinor } from './wallet.fields.ts';

const text2 = z.object({ en: z.string(), zh_CN: z.string() });

export const billKinds = ['pack', 'return', 'mall', 'claim', 'other'] as const;
export const billStatuses = ['unpaid', 'paid', 'cancelled', 'refunded'] as const;

export const billSchema = z.object({
  id: z.number().int(),
  kind: z.enum(billKinds),
  ref_id: z.number().int(),
  user_id: z.number().int(),
  /** Owner's account, shown to a leader paying for members. */
  user_account: z.string(),
  status: z.enum(billStatuses),
  /** Unpaid and past pay_before: can no longer be paid. */
  expired: z.boolean(),
  /** In the bill's own currency (RMB for fen-priced bills, SGD otherwise). */
  amount: moneySchema,
  /** The amount in the wallet currency at today's rate (the rate is fixed at the moment of payment). */
  amount_sgd: moneySchema,
  lines: z.array(z.object({ code: z.string(), label: text2, amount: moneySchema })),
  description: z.string(),
  pay_before: z.string().nullable(),
  group_id: z.number().int().nullable(),
  paid_at: z.string().nullable(),
  paid_by_user_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type BillView = z.infer<typeof billSchema>;

export const couponKinds = ['discount', 'freight'] as const;
export const couponSchema = z.object({
  id: z.number().int(),
  batch_id: z.number().int(),
  /** discount: a discount coupon; freight: a freight credit voucher (freight bills only). */
  kind: z.enum(couponKinds),
  name: z.string(),
  discount_type: z.enum(['amount', 'percent']),
  /** SGD off (amount) */
  amount: moneySchema,
  /** percent off (percent) */
  percent_off: z.number().int(),
  max_discount: moneySchema.nullable(),
  /** Smallest total volume (cbm, 3 decimals) of the bills it applies to; "0" means none. */
  min_volume: z.string(),
  min_amount: moneySchema,
  applies_to: z.array(z.enum(billKinds)),
  status: z.enum(['unused', 'used', 'expired']),
  expires_at: z.string(),
  used_at: z.string().nullable(),
  created_at: z.string(),
});
export type CouponView = z.infer<typeof couponSchema>;

/** Why a coupon does not apply to these bills: none to pay, not its bill kind, below its minimum volume or spend. */
export const couponReasonCodes = ['no_bills', 'wrong_kind', 'below_min_volume', 'below_min_amount'] as const;
const couponFit = {
  usable: z.boolean(),
  /** What it takes off these bills (0 when it does not apply). */
  discount: moneySchema,
  reason_code: z.enum(couponReasonCodes).nullable(),
  /** reason_code in the user's language ('' when usable). */
  reason: z.string(),
};
const usableCoupon = couponSchema.extend({ ...couponFit, claimable: z.boolean() });
/** A coupon not claimed yet that can be claimed now (claimeActivityCoupon with batch_id), then used. */
const claimableCoupon = couponSchema
  .pick({
    batch_id: true,
    kind: true,
    name: true,
    discount_type: true,
    amount: true,
    percent_off: true,
    max_discount: true,
    min_volume: true,
    min_amount: true,
    applies_to: true,
  })
  .extend({
    /** Always true: it is not mine yet. */
    claimable: z.boolean(),
    ...couponFit,
  });
export type ClaimableCouponView = z.infer<typeof claimableCoupon>;

export const payInfoSchema = z.object({
  bills: z.array(billSchema),
  /** RMB per SGD used to convert RMB bills now. */
  exchange_rate: z.string(),
  /** In the wallet currency (SGD). */
  total: moneySchema,
  balance: moneySchema,
  /** Best usable coupon's discount is not applied here: the client picks one; see coupons[].discount. */
  coupons: z.array(usableCoupon),
  /** Activity coupons I have not claimed and can claim now (active, not sold out, not claimed by me), each with its fit. */
  claimable_coupons: z.array(claimableCoupon),
  /** What is still missing from the balance without a coupon (0 when the balance covers it). */
  shortfall: moneySchema,
});

export const paymentResultSchema = z.object({
  payment_id: z.number().int(),
  bill_ids: z.array(z.number().int()),
  /** In the wallet currency (SGD). */
  total: moneySchema,
  discount: moneySchema,
  charged: moneySchema,
  coupon_id: z.number().int().nullable(),
  exchange_rate: z.string(),
  balance_after: moneySchema,
  paid_at: z.string(),
  /** true when this answer repeats the outcome of an earlier call with the same idempotency key. */
  replayed: z.boolean(),
});

export const rechargeMethods = ['wechat', 'paynow', 'offline'] as const;
export const rechargeStatuses = ['pending', 'paid', 'rejected', 'closed'] as const;
export const rechargeOrderSchema = z.object({
  id: z.number().int(),
  order_no: z.string(),
  method: z.enum(rechargeMethods),
  status: z.enum(rechargeStatuses),
  amount: moneySchema,
  voucher_url: z.string().nullable(),
  reject_reason: z.string().nullable(),
  pay_url: z.string().nullable(),
  paynow_reference: z.string().nullable(),
  created_at: z.string(),
  credited_at: z.string().nullable(),
  /** An instant payment still pending after a few minutes: suggest paying offline (spec §9). */
  suggest_offline: z.boolean(),
});

export const paynowSchema = z.object({
  payload: z.string(),
  qr_png_data_url: z.string(),
  reference: z.string(),
  uen: z.string(),
  name: z.string(),
  amount: moneySchema,
});

export const transactionTypes = ['topup', 'payment', 'refund', 'adjustment'] as const;
export const transactionSchema = z.object({
  id: z.number().int(),
  transaction_id: z.number().int(),
  type: z.enum(transactionTypes),
  /** Signed: + money in, - money out. */
  amount: moneySchema,
  balance_after: moneySchema,
  title: z.string(),
  created_at: z.string(),
});

const payBills = z.object({
  bill_ids: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
    z.array(zId, { message: 'rule.invalid' }).min(1, { message: 'rule.required' }).max(100),
  ),
  coupon_id: zId.optional().or(z.literal('').transform(() => undefined)),
  idempotency_key: zIdempotencyKey,
});
const billRef = z
  .object({ bill_id: zId.optional(), kind: z.enum(billKinds).optional(), ref_id: zId.optional() })
  .refine((v) => !!v.bill_id || (!!v.kind && !!v.ref_id), { message: 'rule.required', path: ['bill_id'] });

export const walletContract = {
  createRechargeOrder: endpoint({
    path: '/api/applet/createRechargeOrder',
    auth: 'user',
    multipart: true,
    summary: 'Top up the balance: WeChat Pay (returns a pay URL), PayNow (returns an SGQR code) or offline transfer (with a voucher image)',
    request: z.object({
      amount: zAmountMinor('rule.rechargeAmount'),
      method: z.enum(rechargeMethods),
      /** WeChat: h5 in a browser, jsapi inside WeChat (needs the openid of the WeChat login). */
      trade_type: z.enum(['h5', 'jsapi']).default('h5'),
      /** Offline: a voucher uploaded before with uploadImage (purpose voucher), or send the file in this call. */
      voucher_url: zStr(255).optional(),
      remark: zStr(140).optional(),
    }),
    response: z.object({
      order: rechargeOrderSchema,
      pay_url: z.string().nullable(),
      jsapi: z.record(z.string(), z.string()).nullable(),
      paynow: paynowSchema.nullable(),
    }),
  }),
  getRechargeOrderList: endpoint({
    path: '/api/applet/getRechargeOrderList',
    auth: 'user',
    summary: 'My top-ups, newest first',
    request: z.object({ ...pageRequest, status: z.enum(rechargeStatuses).optional(), method: z.enum(rechargeMethods).optional() }),
    response: pageOf(rechargeOrderSchema),
  }),
  queryRecharge: endpoint({
    path: '/api/applet/queryRecharge',
    auth: 'user',
    summary: 'State of one top-up; asks the payment provider when an instant payment is still pending',
    request: z.object({ order_no: zRequired(40) }),
    response: z.object({ order: rechargeOrderSchema, balance: moneySchema }),
  }),
  getMailRechange: endpoint({
    path: '/api/applet/getMailRechange',
    auth: 'user',
    summary: 'Top-up page data: balance, methods, PayNow and bank details, limits and review times',
    request: empty,
    response: z.object({
      balance: moneySchema,
      is_auto_pay: z.boolean(),
      /** Largest single top-up. */
      max_amount: moneySchema,
      methods: z.array(z.enum(rechargeMethods)),
      paynow: z.object({ uen: z.string(), name: z.string() }),
      bank: z.object({ name: z.string(), account_name: z.string(), account_no: z.string() }),
      manual_review_working_days: z.number().int(),
      instant_switch_after_minutes: z.number().int(),
    }),
  }),
  getTransactionList: endpoint({
    path: '/api/applet/getTransactionList',
    auth: 'user',
    summary: 'Balance movements with the balance after each, newest first',
    request: z.object({
      ...pageRequest,
      type: z
        .enum(transactionTypes)
        .optional()
        .or(z.literal('').transform(() => undefined)),
      direction: z
        .enum(['in', 'out'])
        .optional()
        .or(z.literal('').transform(() => undefined)),
      from: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'rule.invalid' })
        .optional(),
      to: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'rule.invalid' })
        .optional(),
    }),
    response: pageOf(transactionSchema).extend({ balance: moneySchema }),
  }),
  getTransactionDetail: endpoint({
    path: '/api/applet/getTransactionDetail',
    auth: 'user',
    summary: 'One balance movement with what it was for (top-up order, paid bills, coupon)',
    request: z.object({ id: zId }),
    response: transactionSchema.extend({
      memo: z.string(),
      recharge: rechargeOrderSchema.nullable(),
      bills: z.array(billSchema),
      discount: moneySchema,
      exchange_rate: z.string().nullable(),
    }),
  }),
  editIsAutoPay: endpoint({
    path: '/api/applet/editIsAutoPay',
    auth: 'user',
    summary: 'Turn auto-pay on or off: new bills are paid from the balance when it covers them',
    request: z.object({ is_auto_pay: zBoolish }),
    response: z.object({ is_auto_pay: z.boolean() }),
  }),

  getCoupunList: endpoint({
    path: '/api/applet/getCoupunList',
    auth: 'user',
    summary: 'My coupons and freight vouchers',
    request: z.object({ ...pageRequest, status: z.enum(['unused', 'used', 'expired']).optional(), kind: z.enum(couponKinds).optional() }),
    response: pageOf(couponSchema),
  }),
  useCoupunCode: endpoint({
    path: '/api/applet/useCoupunCode',
    auth: 'user',
    summary: 'Redeem a coupon code into my coupons',
    request: z.object({ code: zRequired(32) }),
    response: couponSchema,
  }),
  showUnclaimedActivityCouponList: endpoint({
    path: '/api/applet/showUnclaimedActivityCouponList',
    auth: 'user',
    summary: 'Activity coupons I can still claim',
    request: empty,
    response: z.object({
      list: z.array(
        z.object({
          batch_id: z.number().int(),
          kind: z.enum(couponKinds),
          name: z.string(),
          discount_type: z.enum(['amount', 'percent']),
          amount: moneySchema,
          percent_off: z.number().int(),
          min_volume: z.string(),
          min_amount: moneySchema,
          valid_days: z.number().int(),
          remaining: z.number().int().nullable(),
          claim_ends_at: z.string().nullable(),
        }),
      ),
    }),
  }),
  claimeActivityCoupon: endpoint({
    path: '/api/applet/claimeActivityCoupon',
    auth: 'user',
    summary: 'Claim an activity coupon (once per person)',
    request: z.object({ batch_id: zId }),
    response: couponSchema,
  }),

  getPayInfo: endpoint({
    path: '/api/applet/getPayInfo',
    auth: 'user',
    summary: 'What one bill costs, my balance, coupons that fit and the shortfall',
    request: billRef,
    response: payInfoSchema,
  }),
  getPayInfos: endpoint({
    path: '/api/applet/getPayInfos',
    auth: 'user',
    summary:
      "The same for several bills (a leader may include members' bills); without bill_ids: all my unpaid bills, or with scope=group (leaders) all unpaid bills of my group's members",
    request: z.object({
      bill_ids: z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(zId).max(100)).optional(),
      scope: z.enum(['mine', 'group']).default('mine'),
    }),
    response: payInfoSchema,
  }),
  getBillList: endpoint({
    path: '/api/applet/getBillList',
    auth: 'user',
    summary:
      'My bills (pack bills, return fees, mall orders, group shares), newest first: unpaid = payable now (oldest due first, expired ones left out), paid, or all; unpaid_count is what the To pay tab and the home alert show',
    request: z.object({
      ...pageRequest,
      status: z
        .enum(['unpaid', 'paid', 'all'])
        .default('unpaid')
        .or(z.literal('').transform(() => 'unpaid' as const)),
    }),
    response: pageOf(billSchema).extend({ unpaid_count: z.number().int(), unpaid_total: moneySchema }),
  }),
  orderPackPay: endpoint({
    path: '/api/applet/orderPackPay',
    auth: 'user',
    summary: 'Pay one bill from the balance, optionally with a coupon',
    request: z
      .object({
        bill_id: zId.optional(),
        kind: z.enum(billKinds).optional(),
        ref_id: zId.optional(),
        coupon_id: zId.optional().or(z.literal('').transform(() => undefined)),
        idempotency_key: zIdempotencyKey,
      })
      .refine((v) => !!v.bill_id || (!!v.kind && !!v.ref_id), { message: 'rule.required', path: ['bill_id'] }),
    response: paymentResultSchema,
  }),
  ordersPay: endpoint({
    path: '/api/applet/ordersPay',
    auth: 'user',
    summary: 'Pay several bills (mine, or a leader for selected members) from the balance in one payment',
    request: payBills,
    response: paymentResultSchema,
  }),
  wxpayNotify: endpoint({
    path: '/api/notify/wxpay',
    auth: 'none',
    signed: false,
    summary: 'WeChat Pay v3 payment notification (verified with the platform key, resource AES-256-GCM encrypted)',
    request: z.object({}).passthrough(),
    response: z.object({ code: z.enum(['SUCCESS', 'FAIL']), message: z.string() }),
  }),
} as const;

const staffRecharge = rechargeOrderSchema.extend({
  user_id: z.number().int(),
  user_account: z.string(),
  remark: z.string(),
  reviewed_by: z.number().int().nullable(),
  reviewed_at: z.string().nullable(),
});
const batchSchema = z.object({
  id: z.number().int(),
  kind: z.enum(couponKinds),
  name: text2,
  discount_type: z.enum(['amount', 'percent']),
  amount: moneySchema,
  percent_off: z.number().int(),
  max_discount: moneySchema.nullable(),
  min_volume: z.string(),
  min_amount: moneySchema,
  applies_to: z.array(z.enum(billKinds)),
  issue_mode: z.enum(['activity', 'code']),
  valid_days: z.number().int(),
  expires_at: z.string().nullable(),
  total_quantity: z.number().int().nullable(),
  claimed: z.number().int(),
  used: z.number().int(),
  claim_ends_at: z.string().nullable(),
  created_at: z.string(),
});

export const couponBatchInput = z
  .object({
    kind: z.enum(couponKinds),
    name_en: zRequired(60),
    name_zh: zRequired(60),
    discount_type: z.enum(['amount', 'percent']).default('amount'),
    amount: zAmountMinor().optional(),
    percent_off: z.coerce.number().int().min(1, { message: 'rule.invalid' }).max(99, { message: 'rule.invalid' }).optional(),
    max_discount: zAmountMinor().optional(),
    min_volume: z
      .string()
      .regex(/^\d{1,4}(\.\d{1,3})?$/, { message: 'rule.invalid' })
      .default('0'),
    min_amount: z
      .string()
      .regex(/^\d{1,9}(\.\d{1,2})?$/, { message: 'rule.amount' })
      .default('0'),
    applies_to: z.array(z.enum(billKinds)).min(1).optional(),
    issue_mode: z.enum(['activity', 'code']),
    /** How long a claimed coupon stays valid. */
    valid_days: z.coerce.number().int().min(1).max(3650).default(30),
    /** A hard end for every coupon of the batch (optional). */
    expires_at: z.string().datetime({ offset: true }).optional(),
    total_quantity: z.coerce.number().int().min(1).max(1_000_000).optional(),
    claim_ends_at: z.string().datetime({ offset: true }).optional(),
  })
  .refine((v) => (v.discount_type === 'amount' ? v.amount !== undefined : v.percent_off !== undefined), {
    message: 'rule.required',
    path: ['amount'],
  })
  .refine((v) => v.kind === 'discount' || v.discount_type === 'amount', { message: 'rule.invalid', path: ['discount_type'] });

export const walletAdminContract = {
  adminRechargeList: endpoint({
    path: '/api/admin/wallet/rechargeList',
    auth: 'staff',
    roles: ['finance'],
    read: true,
    summary: 'Top-ups to review (offline vouchers, PayNow) and all others',
    request: z.object({
      ...pageRequest,
      status: z.enum(rechargeStatuses).optional(),
      method: z.enum(rechargeMethods).optional(),
      user_id: zId.optional(),
    }),
    response: pageOf(staffRecharge),
  }),
  adminApproveRecharge: endpoint({
    path: '/api/admin/wallet/approveRecharge',
    auth: 'staff',
    roles: ['finance'],
    summary: 'Confirm a PayNow or offline top-up has arrived: credits the balance once',
    request: z.object({ id: zId }),
    response: staffRecharge,
  }),
  adminRejectRecharge: endpoint({
    path: '/api/admin/wallet/rejectRecharge',
    auth: 'staff',
    roles: ['finance'],
    summary: 'Reject a PayNow or offline top-up with a reason the customer sees',
    request: z.object({ id: zId, reason: zRequired(140) }),
    response: staffRecharge,
  }),
  adminAdjustBalance: endpoint({
    path: '/api/admin/wallet/adjustBalance',
    auth: 'staff',
    roles: ['finance'],
    summary: 'Add to or take from a balance with a reason (a ledger transaction, never an edit)',
    request: z.object({ user_id: zId, amount: zSignedAmountMinor, reason: zRequired(140), idempotency_key: zIdempotencyKey }),
    response: z.object({ transaction_id: z.number().int(), balance: moneySchema, replayed: z.boolean() }),
  }),
  adminWallet: endpoint({
    path: '/api/admin/wallet/userWallet',
    auth: 'staff',
    roles: ['finance', 'service'],
    read: true,
    summary: "A customer's balance and movements",
    request: z.object({ ...pageRequest, user_id: zId }),
    response: pageOf(transactionSchema).extend({ balance: moneySchema, user_account: z.string() }),
  }),
  adminReconcile: endpoint({
    path: '/api/admin/wallet/reconcile',
    auth: 'staff',
    roles: ['finance'],
    read: true,
    summary: 'Proof the ledger balances: entries sum to 0 per currency and per transaction, every stored balance equals its entries',
    request: empty,
    response: z.object({
      ok: z.boolean(),
      /** Per currency: the sum of all entries (0 when balanced) and how many there are. */
      currencies: z.array(z.object({ sum: moneySchema, entries: z.number().int() })),
      unbalanced_transactions: z.array(z.number().int()),
      wallets_checked: z.number().int(),
      wallet_mismatches: z.array(z.object({ user_id: z.number().int(), stored: moneySchema, entries: moneySchema })),
      accounts: z.array(z.object({ code: z.string(), balance: moneySchema })),
    }),
  }),
  adminRefundBill: endpoint({
    path: '/api/admin/wallet/refundBill',
    auth: 'staff',
    roles: ['finance'],
    summary: "Refund a paid bill to its payer's balance (the coupon is released when its whole payment is reversed)",
    request: z.object({ bill_id: zId, reason: zRequired(140) }),
    response: billSchema,
  }),
  adminCouponBatchCreate: endpoint({
    path: '/api/admin/wallet/couponBatchCreate',
    auth: 'staff',
    roles: ['finance'],
    summary: 'Create a batch of discount coupons or freight vouchers (claimable activity or by code)',
    request: couponBatchInput,
    response: batchSchema,
  }),
  adminCouponBatchList: endpoint({
    path: '/api/admin/wallet/couponBatchList',
    auth: 'staff',
    roles: ['finance', 'service'],
    read: true,
    summary: 'Coupon batches with claimed and used counts',
    request: z.object({ ...pageRequest }),
    response: pageOf(batchSchema),
  }),
  adminCouponCodesCreate: endpoint({
    path: '/api/admin/wallet/couponCodesCreate',
    auth: 'staff',
    roles: ['finance'],
    summary: 'Make redeemable codes for a code batch: several single-use codes, or one shared code used up to max_uses times',
    request: z.object({
      batch_id: zId,
      count: z.coerce.number().int().min(1).max(1000).default(1),
      max_uses: z.coerce.number().int().min(1).max(1_000_000).default(1),
      code: z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z0-9]{4,32}$/, { message: 'rule.invalid' })
        .optional(),
    }),
    response: z.object({ codes: z.array(z.object({ code: z.string(), max_uses: z.number().int(), used: z.number().int() })) }),
  }),
  adminCouponUsage: endpoint({
    path: '/api/admin/wallet/couponUsage',
    auth: 'staff',
    roles: ['finance', 'service'],
    read: true,
    summary: 'Who claimed coupons of a batch and which payment used them',
    request: z.object({ ...pageRequest, batch_id: zId }),
    response: pageOf(
      z.object({
        coupon_id: z.number().int(),
        user_id: z.number().int(),
        user_account: z.string(),
        code: z.string().nullable(),
        status: z.enum(['unused', 'used', 'expired']),
        payment_id: z.number().int().nullable(),
        claimed_at: z.string(),
        used_at: z.string().nullable(),
      }),
    ),
  }),
} as const;
