import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { Kv } from '../../core/kv.ts';
import type { SettingsService } from '../system/index.ts';
import type { NotificationsPort } from '../notifications/index.ts';
import type { BillingPort, RewardLedgerPort } from '../wallet/index.ts';
import type { AccountService, MembershipPort } from '../account/index.ts';
import type { WxpayProvider } from '../../providers/wxpay.provider.ts';
import type { MallParcelsPort } from '../parcels/index.ts';
import type { Language } from '@pinyou/contract';
import type { MallCataloguePort } from './mall-catalogue.port.ts';
import type { AuditPort } from '../audit/index.ts';

/** What orders need of the wallet beyond the BillingPort: paying bills, coupon previews, WeChat top-ups. */
export interface MallWalletPort {
  /** Pays bills from the payer's balance (the wallet's own pay call; idempotent by key). */
  pay(payerId: number, req: { billIds: number[]; idempotencyKey: string }): Promise<unknown>;
  previewCoupons(
    userId: number,
    toPay: { kind: 'mall'; grossMinor: number }[],
    lang: Language,
  ): Promise<{ id: number; name: string; usable: boolean; discount_minor: number }[]>;
  /** A WeChat Pay top-up of the balance (the recharge flow): its arrival credits the wallet. */
  createWechatTopup(
    userId: number,
    amountMinor: number,
    ctx: { lang: Language; ip: string; tradeType: 'h5' | 'jsapi' },
  ): Promise<{ orderNo: string; payUrl: string | null; jsapi: Record<string, string> | null }>;
  /** The top-up's status, asking WeChat when still pending (credits it when paid). */
  topupStatus(userId: number, orderNo: string, lang: Language): Promise<'pending' | 'paid' | 'rejected' | 'closed'>;
  /** A PayNow or bank-transfer top-up now waits for the bank or staff, at the latest until `until`. */
  onTopupUnderReview(fn: (userId: number, until: Date) => Promise<void>): void;
}

/** The caller's group as settlement shows it (group shipping goes to the leader). */
export interface MallGroupsPort {
  groupOf(userId: number): Promise<{ id: number; name: string; leader_name: string; address: string } | null>;
}

/** Everything the mall depends on: other modules' ports and providers, never their tables. */
export interface MallDeps {
  env: Env;
  db: Db;
  kv: Kv;
  settings: SettingsService;
  billing: BillingPort & RewardLedgerPort;
  membership: MembershipPort;
  account: AccountService;
  wxpay: WxpayProvider;
  notifications: NotificationsPort | null;
  wallet: MallWalletPort;
  groups: MallGroupsPort;
  parcels: MallParcelsPort;
  /** Where staff writes record what they changed (the audit log). */
  audit?: AuditPort | null;
  /** Set by the module: how orders read prices and hold stock. */
  catalogue: MallCataloguePort;
}
