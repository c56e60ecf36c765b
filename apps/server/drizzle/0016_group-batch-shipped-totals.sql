ALTER TABLE "group_batches" ADD COLUMN "shipped_totals" jsonb;--> statement-breakpoint
-- Batches that went out before this migration: their totals as GroupPacksPort.packTotalsOf adds them up.
UPDATE "group_batches" gb SET "shipped_totals" = jsonb_build_object(
    'packCount', coalesce(t.packs, 0), 'memberCount', coalesce(t.members, 0), 'volumeMm3', coalesce(t.volume, 0),
    'amountMinor', coalesce(t.amount, 0), 'currencies', coalesce(to_jsonb(t.currencies), '[]'::jsonb))
FROM "group_batches" b
LEFT JOIN (
  SELECT l.batch_id, count(*)::int AS packs, count(DISTINCT p.user_id)::int AS members,
    coalesce(sum(p.volume_mm3), 0)::float8 AS volume, coalesce(sum(p.amount_minor), 0)::float8 AS amount,
    coalesce(array_agg(DISTINCT p.currency) FILTER (WHERE p.amount_minor IS NOT NULL), '{}') AS currencies
  FROM "group_batch_packs" l
  JOIN "group_batches" lb ON lb.id = l.batch_id
  JOIN "packs" p ON p.id = l.pack_id AND p.group_id = lb.group_id AND p.mode = 'GROUP' AND p.status <> 'cancelled'
  GROUP BY l.batch_id
) t ON t.batch_id = b.id
WHERE gb.id = b.id AND b.status = 'outbound';
