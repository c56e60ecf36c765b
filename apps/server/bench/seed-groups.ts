/**
 * Bench only: one leader's group with many members, their GROUP packs (one parcel each) spread over weekly
 * group batches, written in a few INSERT ... SELECT statements. The oldest batches have shipped; the two
 * newest hold packed packs with unpaid bills (what the leader pays on behalf).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';

export interface GroupsSeed {
  members: number;
  /** Packs per member (each in a different batch). */
  packsPerMember: number;
  batches: number;
}

export async function seedGroups(db: Db, leaderId: number, o: GroupsSeed) {
  const raw = async <T = Record<string, unknown>>(q: string) => ((await db.execute(sql.raw(q))) as unknown as { rows: T[] }).rows;
  const [g] = await raw<{ id: number }>(
    `insert into groups (leader_id, name, leader_name, phone, address, floor, unit, postcode, lat, lng, pattern, weekday, start_date)
     values (${leaderId}, 'BenchGroup', 'Bench Leader', '91239999', 'Blk 618 Punggol Drive', '12', '34', '820618', 1.405, 103.902,
             'weekly', 6, '2026-01-03') returning id`,
  );
  const gid = Number(g.id);
  await raw(`update users set group_id = ${gid}, examine_status = 1 where id = ${leaderId}`);
  await raw(
    `insert into users (user_account, nickname, group_id)
     select 'benchmember' || i, 'Member ' || i, ${gid} from generate_series(1, ${o.members}) as i`,
  );
  await raw(
    `insert into group_members (group_id, user_id, status, dragon_code, joined_at)
     select ${gid}, id, 'active', 'BG' || id, now() - (id || ' minutes')::interval
     from users where group_id = ${gid} and id <> ${leaderId}`,
  );
  // Batch 1 is the newest (this Saturday); batch_no GB<n>.
  await raw(
    `insert into group_batches (batch_no, group_id, pack_date, status)
     select 'GB' || b, ${gid}, to_char(date '2026-11-28' - (b - 1) * 7, 'YYYY-MM-DD'),
            case when b = 1 then 'wait_pack' when b = 2 then 'packed' else 'outbound' end
     from generate_series(1, ${o.batches}) as b`,
  );
  // Pack j belongs to member j / packsPerMember and to batch 1 + j % batches, so a member's packs are in different batches.
  await raw(
    `with m as (select user_id, row_number() over (order by user_id) - 1 as r from group_members where group_id = ${gid}),
          j as (select m.user_id, m.r * ${o.packsPerMember} + k as j from m, generate_series(0, ${o.packsPerMember - 1}) as k)
     insert into packs (pack_no, user_id, mode, status, group_id, volume_mm3, amount_minor, pack_date, packed_at)
     select 'BGP' || j, user_id, 'GROUP', case when j % ${o.batches} < 2 then 'packed' else 'shipped' end, ${gid},
            20000000 + (j % 7) * 5000000, 500 + (j % 9) * 100,
            date '2026-11-28' - ((j % ${o.batches}) * 7)::int, now() - (j || ' seconds')::interval
     from j`,
  );
  await raw(
    `insert into group_batch_packs (batch_id, pack_id, user_id)
     select gb.id, p.id, p.user_id from packs p
     join group_batches gb on gb.group_id = ${gid} and gb.batch_no = 'GB' || (1 + substring(p.pack_no from 4)::int % ${o.batches})
     where p.group_id = ${gid}`,
  );
  await raw(
    `insert into parcels (user_id, tracking_no, goods_name, goods_value_minor, status, pack_id)
     select user_id, 'BGT' || id, 'Bench goods', 5000, case when status = 'packed' then 'unpaid' else 'ship' end, id
     from packs where group_id = ${gid}`,
  );
  // The packed packs' bills (what the leader pays on behalf), as the pack's pricing would issue them.
  await raw(
    `with made as (
       insert into bills (user_id, kind, ref_id, currency, amount_minor, lines, description, group_id)
       select user_id, 'pack', id, currency, amount_minor, '[]'::jsonb, '{"en": "Bench pack", "zh_CN": "基准集运包"}'::jsonb, ${gid}
       from packs where group_id = ${gid} and status = 'packed'
       returning id, ref_id)
     update packs p set bill_id = made.id from made where p.id = made.ref_id`,
  );
  // Batches that went out keep their totals from then on (GroupBatchFlow.outbound writes shipped_totals).
  await raw(
    `update group_batches gb set shipped_totals = jsonb_build_object('packCount', t.packs, 'memberCount', t.members,
       'volumeMm3', t.volume, 'amountMinor', t.amount, 'currencies', to_jsonb(t.currencies))
     from (select l.batch_id, count(*)::int as packs, count(distinct p.user_id)::int as members,
             sum(p.volume_mm3)::float8 as volume, sum(p.amount_minor)::float8 as amount, array_agg(distinct p.currency) as currencies
           from group_batch_packs l join packs p on p.id = l.pack_id group by l.batch_id) t
     where gb.id = t.batch_id and gb.group_id = ${gid} and gb.status = 'outbound'`,
  );
  for (const t of ['users', 'group_members', 'group_batches', 'group_batch_packs', 'packs', 'parcels', 'bills']) await raw(`analyze ${t}`);
  const [unpaid] = await raw<{ id: number }>(`select id from group_batches where group_id = ${gid} and batch_no = 'GB2'`);
  return { groupId: gid, unpaidBatchId: Number(unpaid.id) };
}
