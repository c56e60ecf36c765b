import type { GroupFacts } from './group-facts.ts';
import type { GroupMap } from './group-map.ts';
import type { GroupMembership } from './group-membership.ts';
import type { GroupLeaders } from './group-leaders.ts';
import type { GroupPackDates } from './group-pack-dates.ts';
import type { GroupBatches } from './group-batches.ts';
import type { GroupBatchFlow } from './group-batch-flow.ts';
import type { GroupPickups } from './group-pickups.ts';
import type { GroupRewards } from './group-rewards.ts';

/** The groups module's parts, each a class by responsibility, built once in groups.module.ts. */
export interface GroupsParts {
  facts: GroupFacts;
  map: GroupMap;
  membership: GroupMembership;
  leaders: GroupLeaders;
  dates: GroupPackDates;
  batches: GroupBatches;
  flow: GroupBatchFlow;
  pickups: GroupPickups;
  rewards: GroupRewards;
}
