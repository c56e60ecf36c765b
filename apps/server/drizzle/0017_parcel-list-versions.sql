CREATE TABLE "parcel_list_versions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Hand-written: every statement that writes parcels gives the owners of the rows it wrote (any column, deleted or
-- not) a new list version, once per owner, in user_id order. Their names sort after the parcel_counts triggers'
-- (0006), so PostgreSQL fires them second (one event's triggers fire in name order): both lock in the same order.
-- Versions come from one sequence that no table owns, so they never repeat: not even after a TRUNCATE ...
-- RESTART IDENTITY (tests) gives user ids out again.
CREATE SEQUENCE parcel_list_version_seq;
--> statement-breakpoint
CREATE FUNCTION parcel_list_versions_after_write() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owners integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    owners := array(SELECT user_id FROM parcel_list_new);
  ELSIF TG_OP = 'DELETE' THEN
    owners := array(SELECT user_id FROM parcel_list_old);
  ELSE
    owners := array(SELECT user_id FROM parcel_list_old UNION SELECT user_id FROM parcel_list_new);
  END IF;
  INSERT INTO parcel_list_versions (user_id, version)
  SELECT u, nextval('parcel_list_version_seq') FROM (SELECT DISTINCT u FROM unnest(owners) AS u WHERE u IS NOT NULL ORDER BY u) o
  ON CONFLICT (user_id) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER parcels_list_versions_insert AFTER INSERT ON parcels REFERENCING NEW TABLE AS parcel_list_new
  FOR EACH STATEMENT EXECUTE FUNCTION parcel_list_versions_after_write();
--> statement-breakpoint
CREATE TRIGGER parcels_list_versions_delete AFTER DELETE ON parcels REFERENCING OLD TABLE AS parcel_list_old
  FOR EACH STATEMENT EXECUTE FUNCTION parcel_list_versions_after_write();
--> statement-breakpoint
CREATE TRIGGER parcels_list_versions_update AFTER UPDATE ON parcels REFERENCING OLD TABLE AS parcel_list_old NEW TABLE AS parcel_list_new
  FOR EACH STATEMENT EXECUTE FUNCTION parcel_list_versions_after_write();
