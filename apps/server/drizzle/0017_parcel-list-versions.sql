CREATE TABLE "parcel_list_versions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Hand-written: the parcel_counts triggers (0006) also give the owners of the rows a statement wrote (any
-- column, deleted or not) a new list version, owners in user_id order as the counts. Versions come from one
-- sequence that no table owns, so they never repeat: not even after a TRUNCATE ... RESTART IDENTITY (tests)
-- gives user ids out again.
CREATE SEQUENCE parcel_list_version_seq;
--> statement-breakpoint
CREATE FUNCTION parcel_list_versions_bump(owners integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO parcel_list_versions (user_id, version)
  SELECT u, nextval('parcel_list_version_seq') FROM (SELECT DISTINCT u FROM unnest(owners) AS u WHERE u IS NOT NULL ORDER BY u) o
  ON CONFLICT (user_id) DO UPDATE SET version = excluded.version;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION parcel_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO parcel_counts (user_id, status, n)
  SELECT user_id, status, count(*)::int FROM parcel_counts_new WHERE deleted_at IS NULL
  GROUP BY user_id, status ORDER BY user_id, status
  ON CONFLICT (user_id, status) DO UPDATE SET n = parcel_counts.n + excluded.n;
  PERFORM parcel_list_versions_bump(array(SELECT user_id FROM parcel_counts_new));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION parcel_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO parcel_counts (user_id, status, n)
  SELECT user_id, status, -count(*)::int FROM parcel_counts_old WHERE deleted_at IS NULL
  GROUP BY user_id, status ORDER BY user_id, status
  ON CONFLICT (user_id, status) DO UPDATE SET n = parcel_counts.n + excluded.n;
  PERFORM parcel_list_versions_bump(array(SELECT user_id FROM parcel_counts_old));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION parcel_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO parcel_counts (user_id, status, n)
  SELECT user_id, status, sum(d)::int FROM (
    SELECT user_id, status, -1 AS d FROM parcel_counts_old WHERE deleted_at IS NULL
    UNION ALL
    SELECT user_id, status, 1 AS d FROM parcel_counts_new WHERE deleted_at IS NULL
  ) x
  GROUP BY user_id, status HAVING sum(d) <> 0 ORDER BY user_id, status
  ON CONFLICT (user_id, status) DO UPDATE SET n = parcel_counts.n + excluded.n;
  PERFORM parcel_list_versions_bump(array(SELECT user_id FROM parcel_counts_old UNION SELECT user_id FROM parcel_counts_new));
  RETURN NULL;
END $$;
