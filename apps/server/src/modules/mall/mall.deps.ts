import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { Kv } from '../../core/kv.ts';
import type { SettingsService } from '../system/settings.service.ts';
import type { NotificationsPort } from '../notifications/notifications.port.ts';
import type { BillingPort, RewardLedgerPort } from '../wallet/billing.port.ts';
import type { MembershipPort } from '../account/index.ts';
import type { AccountService } from '../account/account.service.ts';
import type { WxpayProvider } from '../../providers/wxpay.provider.ts';
import type { MallCataloguePort } from './mall-catalogue.port.ts';

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
  /** Set by the module: how orders read prices and hold stock. */
  catalogue: MallCataloguePort;
}
