import type { Db } from '../../db/client.ts';
import type { DemoUsers } from '../module.ts';
import type { RechargeService } from './recharge.service.ts';
import type { CouponService } from './coupon.service.ts';
import { findStaffIdByAccount } from '../system/index.ts';

/** The code printed in the start-up notes; redeemable once per customer. */
export const DEMO_COUPON_CODE = 'PINYOU10';

/**
 * Demo wallet: balances that arrive the real way (a PayNow top-up that staff confirm, so a ledger
 * transaction), three activity coupons to claim and a redeemable code.
 */
export async function seedWalletDemo(s: { db: Db; recharge: RechargeService; coupons: CouponService }, { demoId, leaderId }: DemoUsers) {
  const adminId = await findStaffIdByAccount(s.db, 'admin');
  const ctx = { lang: 'en' as const, ip: '127.0.0.1', files: [] };
  for (const [userId, amount] of [
    [demoId, 20_000],
    [leaderId, 10_000],
  ] as const) {
    const { order } = await s.recharge.create(userId, { amount, method: 'paynow', trade_type: 'h5' }, ctx);
    await s.recharge.credit(order.order_no, { method: 'paynow', amountMinor: amount, currency: 'SGD', staffId: adminId });
  }
  const base = { discount_type: 'amount' as const, min_volume: '0', min_amount: '0', valid_days: 30 };
  await s.coupons.createBatch(
    {
      ...base,
      kind: 'discount',
      name_en: 'New customer S$5 off',
      name_zh: '新人立减S$5',
      amount: 500,
      min_amount: '20',
      issue_mode: 'activity',
    },
    adminId,
  );
  await s.coupons.createBatch(
    {
      ...base,
      kind: 'discount',
      discount_type: 'percent',
      name_en: '10% off sea freight from 0.5 cbm',
      name_zh: '海运满0.5方九折',
      percent_off: 10,
      max_discount: 3000,
      min_volume: '0.5',
      issue_mode: 'activity',
      total_quantity: 500,
    },
    adminId,
  );
  await s.coupons.createBatch(
    {
      ...base,
      kind: 'freight',
      name_en: 'S$10 freight voucher',
      name_zh: 'S$10运费抵用券',
      amount: 1000,
      issue_mode: 'activity',
      valid_days: 60,
    },
    adminId,
  );
  const codeBatch = await s.coupons.createBatch(
    {
      ...base,
      kind: 'discount',
      name_en: 'S$10 off (code)',
      name_zh: '兑换码立减S$10',
      amount: 1000,
      min_amount: '30',
      issue_mode: 'code',
    },
    adminId,
  );
  await s.coupons.createCodes(codeBatch.id, 1, 100_000, DEMO_COUPON_CODE);
}
