import type { MemberStatus, PackPattern } from '@pinyou/contract';
import type { Tx } from '../../db/client.ts';
import { distanceKm, sectorOf } from './geocoding.provider.ts';
import { firstAllowedDate } from './pack-dates.ts';
import * as repo from './groups.repository.ts';
import type { GroupRow } from './groups.repository.ts';
import { cbm, isEffective, LIVE, type GroupsCtx, type Point } from './groups.shared.ts';

/** A group as the map, the group page and the console show it (summary and detail). */
export class GroupViews {
  constructor(private readonly d: GroupsCtx) {}

  async viewerIsLeader(userId: number | null | undefined) {
    if (!userId) return false;
    const u = await this.d.accounts.findUser(this.d.db, userId);
    return !!u && u.examineStatus === 1 && u.roles.includes('leader');
  }

  async summaries(tx: Tx, rows: GroupRow[], origin: Point | null) {
    const ids = rows.map((r) => r.id);
    const [counts, dates] = await Promise.all([repo.countMembers(tx, ids), repo.findDatesFrom(tx, ids, firstAllowedDate(this.d.now()))]);
    return rows.map((g) => ({
      id: g.id,
      name: g.name,
      leader_id: g.leaderId,
      leader_name: g.leaderName,
      area: sectorOf(g.postcode)?.area ?? '',
      postcode: g.postcode,
      address: g.address,
      lat: g.lat,
      lng: g.lng,
      member_count: counts.get(g.id) ?? 0,
      pattern: (g.pattern as PackPattern) ?? null,
      weekday: g.weekday,
      next_pack_date: dates.get(g.id)?.[0] ?? null,
      hidden: g.hidden,
      paused: g.paused,
      distance_km: origin ? Math.round(distanceKm(origin, g) * 100) / 100 : null,
    }));
  }

  /** Volume (mm3) of the group's orders not yet shipped: what decides an effective leader (§9). */
  async openVolume(tx: Tx, groupId: number) {
    const t = await this.d.packs.sumPacks(tx, { groupId, statuses: ['applied', 'packed', 'paid'] });
    return { volume: t.volumeMm3, orders: t.count };
  }

  async detail(tx: Tx, g: GroupRow, viewerId: number | null) {
    const [summary] = await this.summaries(tx, [g], null);
    const [{ volume, orders }, dates, mine] = await Promise.all([
      this.openVolume(tx, g.id),
      repo.findDatesFrom(tx, [g.id], firstAllowedDate(this.d.now())),
      viewerId ? repo.findMembership(tx, g.id, viewerId) : null,
    ]);
    const code = mine && LIVE.includes(mine.status as MemberStatus) ? mine.dragonCode : '';
    return {
      ...summary,
      phone: g.phone,
      floor: g.floor,
      unit: g.unit,
      remark: g.remark,
      order_count: orders,
      size_cbm: cbm(volume),
      effective: isEffective(volume, summary.member_count),
      pack_dates: dates.get(g.id) ?? [],
      is_leader: viewerId === g.leaderId,
      my_status: (mine?.status as MemberStatus) ?? null,
      my_dragon_code: code,
      recipient_hint: code ? `${code}-${g.id}` : '',
    };
  }
}
