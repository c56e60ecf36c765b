import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { handlersOf, type ServerModule } from '../module.ts';
import type { MembershipPort } from '../account/index.ts';
import type { GroupPacksPort } from '../parcels/index.ts';
import type { BillingPort, RewardLedgerPort } from '../wallet/index.ts';
import type { NotificationsPort } from '../notifications/index.ts';
import type { AuditPort } from '../audit/index.ts';
import { createGeocodingProvider, type GeocodingProvider } from './geocoding.provider.ts';
import { GroupFacts } from './group-facts.ts';
import { GroupViews } from './group-views.ts';
import { BatchViews } from './batch-views.ts';
import { GroupMap } from './group-map.ts';
import { GroupMembership } from './group-membership.ts';
import { GroupLeaders } from './group-leaders.ts';
import { GroupPackDates } from './group-pack-dates.ts';
import { GroupBatches } from './group-batches.ts';
import { GroupListPages } from './group-list-pages.ts';
import { GroupRosters } from './group-rosters.ts';
import { GroupBatchFlow } from './group-batch-flow.ts';
import { GroupPickups } from './group-pickups.ts';
import { GroupRewards } from './group-rewards.ts';
import type { GroupsParts } from './groups.parts.ts';
import type { GroupsCtx } from './groups.shared.ts';
import { groupsAdminRoutes, groupsRoutes, registerGroupFileRoutes } from './groups.routes.ts';
import { seedGroupsDemo } from './groups.seed.ts';

/** Groups and leaders: membership, leader policy, the leader map, packing dates, group batches, pickups, rewards. */
export function createGroupsModule(d: {
  env: Env;
  db: Db;
  accounts: MembershipPort;
  packs: GroupPacksPort;
  billing: BillingPort & RewardLedgerPort;
  notifications?: NotificationsPort | null;
  audit?: AuditPort;
  geocoder?: GeocodingProvider;
}) {
  const geocoder = d.geocoder ?? createGeocodingProvider(d.env.GEOCODER);
  const ctx: GroupsCtx = {
    db: d.db,
    accounts: d.accounts,
    packs: d.packs,
    billing: d.billing,
    geocoder,
    notifications: d.notifications ?? null,
    audit: d.audit ?? null,
    now: () => new Date(),
  };
  const facts = new GroupFacts(ctx);
  const views = new GroupViews(ctx);
  const batchViews = new BatchViews(ctx);
  const rewards = new GroupRewards(ctx);
  const pickups = new GroupPickups(ctx, batchViews);
  const listPages = new GroupListPages(ctx, d.env.GROUP_LIST_CACHE_ENTRIES);
  const rosters = new GroupRosters(ctx, d.env.GROUP_ROSTER_CACHE_ENTRIES);
  const parts: GroupsParts = {
    facts,
    map: new GroupMap(ctx, views),
    membership: new GroupMembership(ctx, views, batchViews, facts, listPages, rosters),
    leaders: new GroupLeaders(ctx, views),
    dates: new GroupPackDates(ctx, views),
    batches: new GroupBatches(ctx, batchViews, listPages),
    flow: new GroupBatchFlow(ctx, batchViews, rewards, pickups),
    pickups,
    rewards,
  };
  const module: ServerModule = {
    name: 'groups',
    handlers: handlersOf({ groups: groupsRoutes(parts), groupsAdmin: groupsAdminRoutes(parts) }),
    http: (app, version) => registerGroupFileRoutes(app, parts.batches, version),
    jobs: (queue) => parts.dates.registerJobs(queue),
    start: async () => {
      await parts.dates.generateAllDates();
    },
    seedDemo: (users) => seedGroupsDemo({ db: d.db, parts, accounts: d.accounts }, users),
  };
  // `groups` is membership (join, the group page); `groupFacts` answers the other modules' ports.
  return { services: { groups: parts.membership, groupFacts: facts, groupDates: parts.dates, geocoder }, module };
}
