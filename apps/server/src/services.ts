import type { Env } from './env.ts';
import type { Db } from './db/client.ts';
import type { Kv } from './core/kv.ts';
import { SandboxMessaging, SmtpMessaging, type MessagingProvider } from './providers/messaging.provider.ts';
import { SandboxWechatProvider, WechatOAuthProvider, type WechatProvider } from './providers/wechat.provider.ts';
import { SessionService } from './modules/account/session.service.ts';
import { VerificationService } from './modules/account/verification.service.ts';
import { AccountService } from './modules/account/account.service.ts';
import { AddressService } from './modules/account/address.service.ts';
import { UploadService } from './modules/account/upload.service.ts';
import { SettingsService } from './modules/system/settings.service.ts';
import { StaffService } from './modules/admin/staff.service.ts';
import { SandboxWxpayProvider, WechatPayV3Provider, type WxpayProvider } from './providers/wxpay.provider.ts';
import { BillingService } from './modules/wallet/billing.service.ts';
import type { BillingPort } from './modules/wallet/billing.port.ts';
import { RechargeService } from './modules/wallet/recharge.service.ts';
import { CouponService } from './modules/wallet/coupon.service.ts';
import { WalletService } from './modules/wallet/wallet.service.ts';
import './modules/wallet/wallet.seed.ts';
import { ParcelsService } from './modules/parcels/parcels.service.ts';
import { BatchDeclarationService } from './modules/parcels/batch-declaration.service.ts';

export interface Providers {
  messaging: MessagingProvider;
  wechat: WechatProvider;
  wxpay: WxpayProvider;
  /** Tests only: a BillingPort for the parcels module in place of the wallet (src/test/billing.test-double.ts). */
  parcelsBilling?: BillingPort;
}

/** Real providers when their keys are configured, the sandbox ones otherwise. */
export function defaultProviders(env: Env, db: Db): Providers {
  const sandbox = new SandboxMessaging(db);
  return {
    messaging: env.SMTP_URL ? new SmtpMessaging(db, env.SMTP_URL, env.SMTP_FROM, sandbox) : sandbox,
    wechat:
      env.WECHAT_APPID && env.WECHAT_SECRET ? new WechatOAuthProvider(env.WECHAT_APPID, env.WECHAT_SECRET) : new SandboxWechatProvider(),
    wxpay: WechatPayV3Provider.fromEnv(env) ?? new SandboxWxpayProvider(),
  };
}

export function createServices(env: Env, db: Db, kv: Kv, providers: Providers) {
  const sessions = new SessionService(db);
  const codes = new VerificationService(db, kv, providers.messaging);
  const account = new AccountService(db, kv, sessions, codes, providers.wechat, env.SIGN_SECRET);
  const addresses = new AddressService(db);
  const uploads = new UploadService(db, env.uploadsDir);
  const settings = new SettingsService(db, env.NODE_ENV === 'test' ? 0 : 5000);
  const staff = new StaffService(db, kv, sessions, account);
  const billing = new BillingService(db, settings);
  const sandboxPayAllowed = env.WXPAY_SANDBOX === '1' || (env.WXPAY_SANDBOX !== '0' && env.NODE_ENV !== 'production');
  const notifyUrl = env.WXPAY_NOTIFY_URL ?? `${env.PUBLIC_URL ?? `http://localhost:${env.PORT}`}/api/notify/wxpay`;
  const recharge = new RechargeService(
    db,
    settings,
    uploads,
    providers.wxpay,
    notifyUrl,
    providers.wxpay.name !== 'sandbox' || sandboxPayAllowed,
  );
  recharge.setAfterCredit((userId) => billing.autoPayOutstanding(userId));
  const coupons = new CouponService(db);
  const wallet = new WalletService(db, billing, settings);
  // Parcels charge through the wallet; its tests may pass the BillingPort test double instead.
  const parcels = new ParcelsService(db, settings, providers.parcelsBilling ?? billing, kv);
  const batchDeclarations = new BatchDeclarationService(db, parcels);
  return {
    db,
    kv,
    providers,
    sessions,
    codes,
    account,
    addresses,
    uploads,
    settings,
    staff,
    billing,
    recharge,
    coupons,
    wallet,
    parcels,
    batchDeclarations,
  };
}

export type Services = ReturnType<typeof createServices>;
