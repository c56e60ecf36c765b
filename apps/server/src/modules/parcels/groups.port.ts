import type { Tx } from '../../db/client.ts';
import type { GroupBatchRate } from './pricing.ts';

/** Who a recipient ('dragon') code on a parcel's label belongs to; null when no live member has it. */
export type DragonCodeOwner = (tx: Tx, code: string) => Promise<{ userId: number; groupId: number } | null>;

/** The group batch rate a GROUP pack is billed at (issue 9); null when its batch has none (the rate card applies). */
export type BatchRateOf = (tx: Tx, packId: number) => Promise<GroupBatchRate | null>;

/**
 * What parcels ask the groups module (it owns membership), passed in where the modules are built.
 * Without it nobody is in a group, no code has an owner and the rate card prices every pack.
 */
export interface ParcelsGroupsPort {
  /** Who a customer's group is, for GROUP parcels and packs; throws the groups module's refusal (blacklisted…). */
  groupForOrders(tx: Tx, userId: number): Promise<number | null>;
  /** The live member a recipient code belongs to, for inbound scanning. */
  ownerOfDragonCode: DragonCodeOwner;
  /** The unit price of the group batch a GROUP pack is in, for its bill. */
  batchRateOfPack: BatchRateOf;
}
