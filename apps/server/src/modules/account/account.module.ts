import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { Kv } from '../../core/kv.ts';
import type { MessagingProvider } from '../../providers/messaging.provider.ts';
import type { WechatProvider } from '../../providers/wechat.provider.ts';
import { handlersOf, type ServerModule } from '../module.ts';
import type { SettingsService } from '../system/index.ts';
import { SessionService } from './session.service.ts';
import { VerificationService } from './verification.service.ts';
import { AccountService, type UserInfoExtras } from './account.service.ts';
import { AddressService } from './address.service.ts';
import { UploadService } from './upload.service.ts';
import { accountRoutes } from './account.routes.ts';
import { MembershipPort } from './membership.port.ts';
import { registerAccountJobs } from './account.jobs.ts';

/** Accounts, sessions, verification codes, addresses and uploads. */
export function createAccountModule(d: {
  env: Env;
  db: Db;
  kv: Kv;
  messaging: MessagingProvider;
  wechat: WechatProvider;
  settings: SettingsService;
  userInfoExtras?: UserInfoExtras;
}) {
  const sessions = new SessionService(d.db);
  const codes = new VerificationService(d.db, d.kv, d.messaging);
  const uploads = new UploadService(d.db, d.env.uploadsDir);
  const account = new AccountService(d.db, d.kv, sessions, codes, d.wechat, d.env.SIGN_SECRET, uploads, d.userInfoExtras);
  const addresses = new AddressService(d.db);
  const module: ServerModule = {
    name: 'account',
    handlers: handlersOf({ account: accountRoutes({ account, addresses, uploads, settings: d.settings, mapTileUrl: d.env.MAP_TILE_URL }) }),
    jobs: (queue) => registerAccountJobs(queue, d.db),
  };
  return { services: { sessions, codes, account, addresses, uploads, membership: new MembershipPort(sessions) }, module };
}
