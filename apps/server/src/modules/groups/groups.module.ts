import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { handlersOf, type ServerModule } from '../module.ts';
import type { MembershipPort } from '../account/index.ts';
import type { GroupPacksPort } from '../parcels/index.ts';
import type { BillingPort, RewardLedgerPort } from '../wallet/index.ts';
import type { NotificationsPort } from '../notifications/index.ts';
import type { AuditPort } from '../audit/index.ts';
import { createGeocodingProvider, type GeocodingProvider } from './geocoding.provider.ts';
import { GroupsService } from './groups.service.ts';
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
  const groups = new GroupsService({
    db: d.db,
    accounts: d.accounts,
    packs: d.packs,
    billing: d.billing,
    geocoder,
    notifications: d.notifications ?? null,
    audit: d.audit ?? null,
  });
  const module: ServerModule = {
    name: 'groups',
    handlers: handlersOf({ groups: groupsRoutes(groups), groupsAdmin: groupsAdminRoutes(groups) }),
    http: (app, version) => registerGroupFileRoutes(app, groups, version),
    jobs: (queue) => groups.registerJobs(queue),
    start: async () => {
      await groups.generateAllDates();
    },
    seedDemo: (users) => seedGroupsDemo({ db: d.db, groups, accounts: d.accounts }, users),
  };
  return { services: { groups, geocoder }, module };
}
