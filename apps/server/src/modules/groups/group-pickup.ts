import type { Tx } from '../../db/client.ts';
import type { GroupPickup } from '../parcels/index.ts';
import { firstAllowedDate } from './pack-dates.ts';
import * as repo from './groups.repository.ts';

/**
 * Where a group's packs are collected (the leader's place) and when a pack is packed: the date of the
 * group batch it is in, else the group's next packing date (a GROUP pack has no date of its own).
 */
export async function groupPickup(tx: Tx, groupId: number, packId: number | null, now: Date): Promise<GroupPickup | null> {
  const g = await repo.findGroupById(tx, groupId);
  if (!g) return null;
  const link = packId ? await repo.findBatchOfPack(tx, packId) : null;
  const batch = link ? await repo.findBatch(tx, link.batchId) : null;
  const date =
    batch && batch.status !== 'cancelled'
      ? batch.packDate
      : ((await repo.findDatesFrom(tx, [g.id], firstAllowedDate(now))).get(g.id)?.[0] ?? null);
  const unit = g.floor || g.unit ? ` #${g.floor}-${g.unit}` : '';
  return {
    group_id: g.id,
    group_name: g.name,
    leader_name: g.leaderName,
    phone: g.phone,
    address: `${g.address}${unit}`,
    postcode: g.postcode,
    pack_date: date,
  };
}
