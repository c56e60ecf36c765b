import type { Env } from './env.ts';
import type { Db } from './db/client.ts';
import type { Kv } from './core/kv.ts';
import { DomainError } from './core/errors.ts';
import { SandboxMessaging, SmtpMessaging, type MessagingProvider } from './providers/messaging.provider.ts';
import { SandboxWechatProvider, WechatOAuthProvider, type WechatProvider } from './providers/wechat.provider.ts';
import { SessionService } from './modules/account/session.service.ts';
import { VerificationService } from './modules/account/verification.service.ts';
import { AccountService } from './modules/account/account.service.ts';
import { AddressService } from './modules/account/address.service.ts';
import { UploadService } from './modules/account/upload.service.ts';
import { SettingsService } from './modules/system/settings.service.ts';
import { StaffService } from './modules/admin/staff.service.ts';
import type { BillingPort } from './modules/wallet/billing.port.ts';
import { ParcelsService } from './modules/parcels/parcels.service.ts';
import { BatchDeclarationService } from './modules/parcels/batch-declaration.service.ts';

export interface Providers {
  messaging: MessagingProvider;
  wechat: WechatProvider;
  /**
   * How modules charge customers. WIRING POINT: the wallet module's BillingPort goes here (or replaces
   * `billing` in createServices) at merge; tests pass the test double from src/test/billing.test-double.ts.
   */
  billing?: BillingPort;
}

/** Real providers when their keys are configured, the sandbox ones otherwise. */
export function defaultProviders(env: Env, db: Db): Providers {
  const sandbox = new SandboxMessaging(db);
  return {
    messaging: env.SMTP_URL ? new SmtpMessaging(db, env.SMTP_URL, env.SMTP_FROM, sandbox) : sandbox,
    wechat: env.WECHAT_APPID && env.WECHAT_SECRET ? new WechatOAuthProvider(env.WECHAT_APPID, env.WECHAT_SECRET) : new SandboxWechatProvider(),
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
  const billing = providers.billing ?? billingNotWired;
  const parcels = new ParcelsService(db, settings, billing, kv);
  const batchDeclarations = new BatchDeclarationService(db, parcels);
  return { db, kv, providers, sessions, codes, account, addresses, uploads, settings, staff, billing, parcels, batchDeclarations };
}

export type Services = ReturnType<typeof createServices>;

/** Until the wallet's BillingPort is wired in, charging refuses clearly instead of pretending to bill. */
const billingNotWired: BillingPort = {
  issueBill: async () => {
    throw new DomainError('BILLING_UNAVAILABLE');
  },
  afterIssued: async () => {},
  cancelBill: async () => {
    throw new DomainError('BILLING_UNAVAILABLE');
  },
  refundBill: async () => {
    throw new DomainError('BILLING_UNAVAILABLE');
  },
  findBill: async () => null,
  onPaid: () => {},
  onRefunded: () => {},
};
