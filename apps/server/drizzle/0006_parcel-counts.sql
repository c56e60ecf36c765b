CREATE TABLE "parcel_counts" (
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "parcel_counts_user_id_status_pk" PRIMARY KEY("user_id","status")
);
--> statement-breakpoint
-- Hand-written: the counts follow every write to parcels, per statement (transition tables), so a bulk
-- update of many parcels costs one grouped upsert, and rows are touched in (user_id, status) order.
CREATE FUNCTION parcel_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO parcel_counts (user_id, status, n)
  SELECT user_id, status, count(*)::int FROM parcel_counts_new WHERE deleted_at IS NULL
  GROUP BY user_id, status ORDER BY user_id, status
  ON CONFLICT (user_id, status) DO UPDATE SET n = parcel_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION parcel_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO parcel_counts (user_id, status, n)
  SELECT user_id, status, -count(*)::int FROM parcel_counts_old WHERE deleted_at IS NULL
  GROUP BY user_id, status ORDER BY user_id, status
  ON CONFLICT (user_id, status) DO UPDATE SET n = parcel_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION parcel_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO parcel_counts (user_id, status, n)
  SELECT user_id, status, sum(d)::int FROM (
    SELECT user_id, status, -1 AS d FROM parcel_counts_old WHERE deleted_at IS NULL
    UNION ALL
    SELECT user_id, status, 1 AS d FROM parcel_counts_new WHERE deleted_at IS NULL
  ) x
  GROUP BY user_id, status HAVING sum(d) <> 0 ORDER BY user_id, status
  ON CONFLICT (user_id, status) DO UPDATE SET n = parcel_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER parcels_counts_insert AFTER INSERT ON parcels REFERENCING NEW TABLE AS parcel_counts_new
  FOR EACH STATEMENT EXECUTE FUNCTION parcel_counts_after_insert();
--> statement-breakpoint
CREATE TRIGGER parcels_counts_delete AFTER DELETE ON parcels REFERENCING OLD TABLE AS parcel_counts_old
  FOR EACH STATEMENT EXECUTE FUNCTION parcel_counts_after_delete();
--> statement-breakpoint
CREATE TRIGGER parcels_counts_update AFTER UPDATE ON parcels REFERENCING OLD TABLE AS parcel_counts_old NEW TABLE AS parcel_counts_new
  FOR EACH STATEMENT EXECUTE FUNCTION parcel_counts_after_update();
--> statement-breakpoint
INSERT INTO parcel_counts (user_id, status, n)
SELECT user_id, status, count(*)::int FROM parcels WHERE deleted_at IS NULL GROUP BY user_id, status;
