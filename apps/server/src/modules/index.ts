import type { Env } from '../env.ts';
import type { Db } from '../db/client.ts';
import type { Kv } from '../core/kv.ts';
import type { Providers } from '../providers/providers.ts';
import type { JobQueue } from '../core/jobs.ts';
import type { ServerModule } from './module.ts';
import { createSystemModule } from './system/system.module.ts';
import { accountContacts, createAccountModule } from './account/index.ts';
import { createNotificationsModule } from './notifications/index.ts';
import { createAdminModule } from './admin/admin.module.ts';
import { createWalletModule } from './wallet/wallet.module.ts';
import { createParcelsModule } from './parcels/parcels.module.ts';
import { createGroupsModule } from './groups/groups.module.ts';

/**
 * Every server domain, in dependency order: the one list that `app.ts`, `main.ts` and the demo seed loop
 * over. Adding a domain is one `create<M>Module` call here (and its entry in the contract's catalogue).
 */
export function createModules(env: Env, db: Db, kv: Kv, providers: Providers, queue: JobQueue) {
  const system = createSystemModule({ env, db });
  const { settings } = system.services;
  const account = createAccountModule({ env, db, kv, messaging: providers.messaging, wechat: providers.wechat, settings });
  const notifications = createNotificationsModule({
    env,
    db,
    contacts: accountContacts(db),
    messaging: providers.messaging,
    wechatTemplate: providers.wechatTemplate,
  });
  const notify = notifications.services.notifications;
  const admin = createAdminModule({ db, kv, settings, ...account.services });
  const wallet = createWalletModule({
    env,
    db,
    wxpay: providers.wxpay,
    settings,
    uploads: account.services.uploads,
    notifications: notify,
  });
  // Parcels charge through the wallet; its tests may pass the BillingPort test double instead.
  const parcels = createParcelsModule({
    db,
    kv,
    settings,
    billing: providers.parcelsBilling ?? wallet.services.billing,
    notifications: notify,
  });

  // Groups own membership: they replace the wallet's leader policy and how parcels learn a customer's group.
  const groups = createGroupsModule({
    env,
    db,
    accounts: account.services.accountPort,
    account: account.services.account,
    packs: parcels.services.groupPacks,
    billing: wallet.services.billing,
    notifications: notifications.services.notifications,
  });

  const modules: ServerModule[] = [system.module, account.module, notifications.module, admin.module, wallet.module, parcels.module, groups.module];
  const services = {
    db,
    kv,
    providers,
    ...system.services,
    ...account.services,
    ...notifications.services,
    jobs: queue,
    ...admin.services,
    ...wallet.services,
    ...parcels.services,
    ...groups.services,
  };
  // Handlers and schedules are registered before anything can enqueue (start-up hooks, demo seed, requests).
  for (const m of modules) m.jobs?.(queue);
  return { services, modules };
}

export type Services = ReturnType<typeof createModules>['services'];
