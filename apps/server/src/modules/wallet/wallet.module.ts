import { runsNamed } from '../../db/prepared.ts';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { WxpayProvider } from '../../providers/wxpay.provider.ts';
import { handlersOf, type ServerModule } from '../module.ts';
import type { SettingsService } from '../system/index.ts';
import type { UploadService } from '../account/index.ts';
import { BillingService } from './billing.service.ts';
import { BillHooks } from './bill-hooks.ts';
import { BillIssuer } from './bill-issuer.ts';
import { BillRefunds } from './bill-refunds.ts';
import { BillViews } from './bill-views.ts';
import { PaymentService } from './payment.service.ts';
import { AutoPay } from './auto-pay.ts';
import { RechargeService } from './recharge.service.ts';
import { CouponService } from './coupon.service.ts';
import { WalletService } from './wallet.service.ts';
import { BillListService } from './bill-list.service.ts';
import { walletAdminRoutes, walletRoutes } from './wallet.routes.ts';
import { registerBankNotify, registerWalletPages } from './wallet.http.ts';
import { HmacBankNotifyProvider, SandboxBankNotifyProvider } from '../../providers/bank-notify.provider.ts';
import { seedWalletDemo } from './wallet.seed.ts';
import { WalletJobs } from './wallet.jobs.ts';
import type { NotificationsPort } from '../notifications/index.ts';
import type { AuditPort } from '../audit/index.ts';
import type { WalletGroupsPort } from './groups.port.ts';

/** Balances, the ledger, bills (BillingPort for other modules), top-ups and coupons. */
export function createWalletModule(d: {
  env: Env;
  db: Db;
  wxpay: WxpayProvider;
  settings: SettingsService;
  uploads: UploadService;
  notifications?: NotificationsPort;
  audit?: AuditPort;
  groups?: WalletGroupsPort;
  /** Another module's use of a credited top-up (the mall pays the orders a WeChat payment was for). */
  topupCredited?: (userId: number, orderNo: string) => Promise<void>;
}) {
  const { env, db } = d;
  const hooks = new BillHooks();
  // PGlite runs one transaction at a time; a second batch waiting at its lock starts the moment the first commits.
  const batching =
    env.PAYMENT_BATCH_SIZE > 1
      ? {
          maxSize: env.PAYMENT_BATCH_SIZE,
          maxInFlight: runsNamed(db) ? Math.min(env.PAYMENT_BATCHES_IN_FLIGHT, env.DATABASE_POOL_SIZE) : 2,
        }
      : null;
  const payments = new PaymentService(db, d.settings, hooks, d.groups, batching);
  const autoPay = new AutoPay(db, d.settings, payments);
  const walletJobs = new WalletJobs(db, autoPay, d.notifications ?? null);
  const issuer = new BillIssuer((tx, bill) => walletJobs.billIssued(tx, bill));
  const refunds = new BillRefunds(hooks);
  const views = new BillViews(db, d.settings, d.groups);
  const billing = new BillingService({ hooks, issuer, refunds, views, payments, autoPay });
  const sandboxPayAllowed = env.WXPAY_SANDBOX === '1' || (env.WXPAY_SANDBOX !== '0' && env.NODE_ENV !== 'production');
  const notifyUrl = env.WXPAY_NOTIFY_URL ?? `${env.PUBLIC_URL ?? `http://localhost:${env.PORT}`}/api/notify/wxpay`;
  const recharge = new RechargeService(
    db,
    d.settings,
    d.uploads,
    d.wxpay,
    notifyUrl,
    d.wxpay.name !== 'sandbox' || sandboxPayAllowed,
    d.audit,
    { credited: d.topupCredited, autoPay: (userId) => autoPay.autoPayOutstanding(userId) },
  );
  const coupons = new CouponService(db, d.audit);
  const wallet = new WalletService(db, { views, refunds, autoPay }, d.settings, d.audit);
  const billList = new BillListService(db, views, d.settings);
  // The sandbox bank's secret is in the source: in production it would let anyone credit a top-up, so
  // without a real bank secret there is no notification endpoint there (staff confirm PayNow instead).
  const sandboxBank = env.NODE_ENV !== 'production' || env.ALLOW_SANDBOX_PAYMENTS === '1';
  const bank = env.BANK_NOTIFY_SECRET
    ? new HmacBankNotifyProvider(env.BANK_NOTIFY_NAME, env.BANK_NOTIFY_SECRET)
    : sandboxBank
      ? new SandboxBankNotifyProvider()
      : null;
  const services = { billing, recharge, coupons, wallet, billList, bank };
  const module: ServerModule = {
    name: 'wallet',
    handlers: handlersOf({
      wallet: walletRoutes({ ...services, views, payments }),
      walletAdmin: walletAdminRoutes({ ...services, views, payments }),
    }),
    http: async (app) => {
      await registerWalletPages(app, { providers: { wxpay: d.wxpay }, recharge });
      if (bank) await registerBankNotify(app, { bank, recharge });
    },
    jobs: (queue) => walletJobs.register(queue),
    seedDemo: (users) => seedWalletDemo({ db, recharge, coupons }, users),
  };
  return { services, module };
}
