import type { Tx } from '../../db/client.ts';
import type { GroupBatchRate } from './pricing.ts';

/** Who a recipient ('dragon') code on a parcel's label belongs to; null when no live member has it. */
export type DragonCodeOwner = (tx: Tx, code: string) => Promise<{ userId: number; groupId: number } | null>;

/** The group batch rate a GROUP pack is billed at (issue 9); null when its batch has none (the rate card applies). */
export type BatchRateOf = (tx: Tx, packId: number) => Promise<GroupBatchRate | null>;

/** Where a group's packs are collected (its leader's place) and their packing date. */
export interface GroupPickup {
  group_id: number;
  group_name: string;
  leader_name: string;
  phone: string;
  address: string;
  postcode: string;
  /** The pack's group batch date when it is in one, else the group's next packing date; null when none is set. */
  pack_date: string | null;
}
/** The pick-up of a group, for one of its packs (its batch's date) or for a new request (packId null). */
export type GroupPickupOf = (tx: Tx, groupId: number, packId: number | null) => Promise<GroupPickup | null>;

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
  /** A GROUP pack's pick-up place and packing date. */
  pickupOf: GroupPickupOf;
}
