import type { Env } from '../env.ts';
import type { Db } from '../db/client.ts';
import type { Kv } from '../core/kv.ts';
import type { Providers } from '../providers/providers.ts';
import type { JobQueue } from '../core/jobs.ts';
import type { ServerModule } from './module.ts';
import { createSystemModule } from './system/system.module.ts';
import { findStaffAccountById } from './system/index.ts';
import { accountContacts, createAccountModule } from './account/index.ts';
import { createNotificationsModule } from './notifications/index.ts';
import { createAdminModule } from './admin/admin.module.ts';
import { createAuditModule } from './audit/audit.module.ts';
import { createWalletModule, type WalletGroupsPort } from './wallet/index.ts';
import { createParcelsModule } from './parcels/parcels.module.ts';
import { mallParcelsPort, pickupParcelsPort, type ParcelsGroupsPort } from './parcels/index.ts';
import { createContentModule } from './content/content.module.ts';
import { createGroupsModule } from './groups/groups.module.ts';
import { createMallModule } from './mall/index.ts';
import { assistantDataOf, assistantMallOf } from './assistant-ports.ts';

/**
 * Every server domain, in dependency order: the one list that `app.ts`, `main.ts` and the demo seed loop
 * over. Adding a domain is one `create<M>Module` call here (and its entry in the contract's catalogue).
 */
export function createModules(env: Env, db: Db, kv: Kv, providers: Providers, queue: JobQueue) {
  const audit = createAuditModule({ db, staffAccountOf: findStaffAccountById });
  const system = createSystemModule({ env, db, audit: audit.services.audit });
  const { settings } = system.services;
  const account = createAccountModule({
    env,
    db,
    kv,
    messaging: providers.messaging,
    wechat: providers.wechat,
    settings,
    // Users' info carries the group's name: account owns the row, groups own the name.
    userInfoExtras: async (u) => ({ group_name: await groupFacts().groupNameOf(u.id, u.groupId) }),
  });
  const notifications = createNotificationsModule({
    env,
    db,
    contacts: accountContacts(db),
    messaging: providers.messaging,
    wechatTemplate: providers.wechatTemplate,
    whatsapp: providers.whatsapp,
    telegram: providers.telegram,
  });
  const notify = notifications.services.notifications;
  // Account, wallet and parcels are built before groups and ask it about membership: these ports reach it
  // at call time (typed here, so the modules' types do not depend on each other).
  type GroupFacts = WalletGroupsPort & ParcelsGroupsPort & { groupNameOf(userId: number, groupId: number | null): Promise<string> };
  const groupFacts = (): GroupFacts => groups.services.groupFacts;
  const walletGroups: WalletGroupsPort = {
    mayPayForAll: (tx, payerId, bills) => groupFacts().mayPayForAll(tx, payerId, bills),
    membersLedBy: (tx, leaderId) => groupFacts().membersLedBy(tx, leaderId),
  };
  // The mall (built later) pays the orders a WeChat top-up was for.
  const mallTopups = (): { arrived(userId: number, orderNo: string): Promise<void> } => mall.services.mallOrders.wxpay;
  const parcelsGroups: ParcelsGroupsPort = {
    groupForOrders: (tx, userId) => groupFacts().groupForOrders(tx, userId),
    ownerOfDragonCode: (tx, code) => groupFacts().ownerOfDragonCode(tx, code),
    batchRateOfPack: (tx, packId) => groupFacts().batchRateOfPack(tx, packId),
    pickupOf: (tx, groupId, packId) => groupFacts().pickupOf(tx, groupId, packId),
  };
  const admin = createAdminModule({
    db,
    kv,
    settings,
    audit: audit.services.audit,
    ...account.services,
    staffLoginLimit: env.STAFF_LOGIN_LIMIT,
  });
  const wallet = createWalletModule({
    env,
    db,
    wxpay: providers.wxpay,
    settings,
    uploads: account.services.uploads,
    notifications: notify,
    audit: audit.services.audit,
    groups: walletGroups,
    topupCredited: (userId, orderNo) => mallTopups().arrived(userId, orderNo),
  });
  // Parcels charge through the wallet; its tests may pass the BillingPort test double instead.
  const parcels = createParcelsModule({
    db,
    kv,
    settings,
    billing: providers.parcelsBilling ?? wallet.services.billing,
    notifications: notify,
    audit: audit.services.audit,
    listCacheEntries: env.PARCEL_LIST_CACHE_ENTRIES,
    groups: parcelsGroups,
    tracking: providers.tracking,
  });

  const groups = createGroupsModule({
    env,
    db,
    accounts: account.services.membership,
    packs: parcels.services.groupPacks,
    billing: wallet.services.billing,
    notifications: notifications.services.notifications,
    audit: audit.services.audit,
  });

  const content = createContentModule({
    env,
    db,
    kv,
    settings,
    chatModel: providers.chatModel,
    pickupParcels: pickupParcelsPort,
    // The assistant answers "when is my group's packing date" from the groups module, for the asker only.
    groupPacking: {
      packingOf: async (userId) => {
        const g = await groups.services.groups.groupDetail(userId, undefined).catch(() => null);
        return g && g.my_status ? { group_name: g.name, pack_date: g.next_pack_date, pattern: g.pattern ?? '' } : null;
      },
    },
    staffName: async (id) => (await admin.services.staff.me(id)).name,
    notifications: notify,
    audit: audit.services.audit,
    assistantData: assistantDataOf(parcels.services.parcels, wallet.services),
    // The assistant answers "where is my mall order" from the mall, for the asker only. The mall is built
    // after content, so the port asks it when a question comes, never before.
    mallOrders: { recentOrders: (userId) => assistantMallOf(mall.services).recentOrders(userId) },
  });

  const mall = createMallModule({
    env,
    db,
    kv,
    settings,
    billing: wallet.services.billing,
    membership: account.services.membership,
    account: account.services.account,
    wxpay: providers.wxpay,
    notifications: notify,
    audit: audit.services.audit,
    parcels: mallParcelsPort,
    wallet: {
      pay: (payerId, req) => wallet.services.billing.pay(payerId, req),
      previewCoupons: (userId, toPay, lang) => wallet.services.billing.previewCoupons(userId, toPay, lang),
      createWechatTopup: async (userId, amount, ctx) => {
        const r = await wallet.services.recharge.create(
          userId,
          { amount, method: 'wechat', trade_type: ctx.tradeType },
          { lang: ctx.lang, ip: ctx.ip, files: [] },
        );
        return { orderNo: r.order.order_no, payUrl: r.pay_url, jsapi: r.jsapi };
      },
      topupStatus: async (userId, orderNo, lang) => (await wallet.services.recharge.query(userId, orderNo, lang)).order.status,
      onTopupUnderReview: (fn) => wallet.services.recharge.onUnderReview(fn),
    },
    groups: {
      groupOf: async (userId) => {
        const g = await groups.services.groups.groupDetail(userId, undefined).catch(() => null);
        if (!g || !(g.my_status === 'active' || g.leader_id === userId)) return null;
        return { id: g.id, name: g.name, leader_name: g.leader_name, address: g.address };
      },
    },
  });

  const modules: ServerModule[] = [
    system.module,
    account.module,
    audit.module,
    notifications.module,
    admin.module,
    wallet.module,
    parcels.module,
    groups.module,
    mall.module,
    content.module,
  ];
  const services = {
    db,
    kv,
    providers,
    ...system.services,
    ...account.services,
    ...audit.services,
    ...notifications.services,
    jobs: queue,
    ...admin.services,
    ...wallet.services,
    ...parcels.services,
    ...groups.services,
    ...mall.services,
    ...content.services,
  };
  // Handlers and schedules are registered before anything can enqueue (start-up hooks, demo seed, requests).
  for (const m of modules) m.jobs?.(queue);
  return { services, modules };
}

export type Services = ReturnType<typeof createModules>['services'];
