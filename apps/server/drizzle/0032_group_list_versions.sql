CREATE TABLE "group_list_versions" (
	"group_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Hand-written, as parcel_list_versions (0017): every statement that writes what a leader's member, batch or
-- pay-on-behalf list shows gives the groups it touched a new version, once per group, in group_id order. Names
-- sort after the tables' other triggers (group_members_counts_*), so PostgreSQL fires them last. Versions come
-- from one sequence that no table owns, so they never repeat.
CREATE SEQUENCE group_list_version_seq;
--> statement-breakpoint
CREATE FUNCTION group_list_versions_bump(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO group_list_versions (group_id, version)
  SELECT g, nextval('group_list_version_seq') FROM (SELECT DISTINCT g FROM unnest(ids) AS g WHERE g IS NOT NULL ORDER BY g) o
  ON CONFLICT (group_id) DO UPDATE SET version = excluded.version;
$$;
--> statement-breakpoint
-- Tables with a group_id column: group_members, group_batches.
CREATE FUNCTION group_list_versions_by_group_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM group_list_versions_bump(array(SELECT group_id FROM group_list_new WHERE group_id IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM group_list_versions_bump(array(SELECT group_id FROM group_list_old WHERE group_id IS NOT NULL));
  ELSE
    PERFORM group_list_versions_bump(array(
      SELECT group_id FROM group_list_old WHERE group_id IS NOT NULL
      UNION SELECT group_id FROM group_list_new WHERE group_id IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A GROUP pack's row (packs_list_versions_*). A row this transaction already moved is not moved again: its new
-- number is already one no committed version has, and a payment of 20 packs of one group would otherwise write
-- the group's row 20 times.
CREATE FUNCTION group_list_versions_of_pack() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    ids := ARRAY[NEW.group_id];
  ELSIF TG_OP = 'DELETE' THEN
    ids := ARRAY[OLD.group_id];
  ELSE
    ids := ARRAY[OLD.group_id, NEW.group_id];
  END IF;
  INSERT INTO group_list_versions AS v (group_id, version)
  SELECT g, nextval('group_list_version_seq') FROM (SELECT DISTINCT g FROM unnest(ids) AS g WHERE g IS NOT NULL ORDER BY g) o
  ON CONFLICT (group_id) DO UPDATE SET version = excluded.version WHERE v.xmin::text <> pg_current_xact_id()::text;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The groups themselves (name, leader).
CREATE FUNCTION group_list_versions_of_groups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM group_list_versions_bump(array(SELECT id FROM group_list_new));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM group_list_versions_bump(array(SELECT id FROM group_list_old));
  ELSE
    PERFORM group_list_versions_bump(array(SELECT id FROM group_list_old UNION SELECT id FROM group_list_new));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Tables with a batch_id column: group_batch_packs, group_pickups.
CREATE FUNCTION group_list_versions_by_batch_id() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  batches integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    batches := array(SELECT batch_id FROM group_list_new);
  ELSIF TG_OP = 'DELETE' THEN
    batches := array(SELECT batch_id FROM group_list_old);
  ELSE
    batches := array(SELECT batch_id FROM group_list_old UNION SELECT batch_id FROM group_list_new);
  END IF;
  PERFORM group_list_versions_bump(array(SELECT group_id FROM group_batches WHERE id = ANY(batches)));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A warehouse outbound batch's stage shows on the group batches it carries.
CREATE FUNCTION group_list_versions_of_outbound() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM group_list_versions_bump(array(
    SELECT group_id FROM group_batches WHERE outbound_batch_id IN (SELECT id FROM group_list_new)));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A member's account or nickname, in every group the user has a membership row in (rare: a row trigger that
-- fires only when either changes).
CREATE FUNCTION group_list_versions_of_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM group_list_versions_bump(array(SELECT group_id FROM group_members WHERE user_id = NEW.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER groups_list_versions_insert AFTER INSERT ON groups REFERENCING NEW TABLE AS group_list_new
  FOR EACH STATEMENT EXECUTE FUNCTION group_list_versions_of_groups();
--> statement-breakpoint
CREATE TRIGGER groups_list_versions_delete AFTER DELETE ON groups REFERENCING OLD TABLE AS group_list_old
  FOR EACH STATEMENT EXECUTE FUNCTION group_list_versions_of_groups();
--> statement-breakpoint
CREATE TRIGGER groups_list_versions_update AFTER UPDATE ON groups REFERENCING OLD TABLE AS group_list_old NEW TABLE AS group_list_new
  FOR EACH STATEMENT EXECUTE FUNCTION group_list_versions_of_groups();
--> statement-breakpoint
CREATE TRIGGER group_members_list_versions_insert AFTER INSERT ON group_members REFERENCING NEW TABLE AS group_list_new
  FOR EACH STATEMENT EXECUTE FUNCTION group_list_versions_by_group_id();
--> statement-breakpoint
CREATE TRIGGER group_members_list_versions_delete AFTER DELETE ON group_members REFERENCING OLD TABLE AS group_list_old
  FOR EACH STATEMENT EXECUTE FUNCTION group_list_versions_by_group_id();
--> statement-breakpoint
CREATE TRIGGER group_members_list_versions_update AFTER UPDATE ON group_members REFERENCING OLD TABLE AS group_list_old NEW TABLE AS group_list_new
  FOR EACH STATEMENT EXECUTE FUNCTION group_list_versions_by_group_id();
--> statement-breakpoint
CREATE TRIGGER group_batches_list_versions_insert AFTER INSERT ON group_batches REFERENCING NEW TABLE AS group_list_new
  FOR EACH STATEMENT EXECUTE FUNCTION group_list_versions_by_group_id();
--> statement-breakpoint
CREATE TRIGGER group_batches_list_versions_delete AFTER DELETE ON group_batches REFERENCING OLD TABLE AS group_list_old
  FOR EACH STATEMENT EXECUTE FUNCTION group_list_versions_by_group_id();
--> statement-breakpoint
CREATE TRIGGER group_batches_list_versions_update AFTER UPDATE ON group_batches REFERENCING OLD TABLE AS group_list_old NEW TABLE AS group_list_new
  FOR EACH STATEMENT EXECUTE FUNCTION group_list_versions_by_group_id();
--> statement-breakpoint
-- Packs: a row trigger that fires only for a GROUP pack's row, so a payment of any other pack (most of them) does
-- not pay for a trigger at all; one payment's packs are one member's or one group's, so rows come in one group.
CREATE TRIGGER packs_list_versions_insert AFTER INSERT ON packs FOR EACH ROW WHEN (NEW.group_id IS NOT NULL)
  EXECUTE FUNCTION group_list_versions_of_pack();
--> statement-breakpoint
CREATE TRIGGER packs_list_versions_delete AFTER DELETE ON packs FOR EACH ROW WHEN (OLD.group_id IS NOT NULL)
  EXECUTE FUNCTION group_list_versions_of_pack();
--> statement-breakpoint
CREATE TRIGGER packs_list_versions_update AFTER UPDATE ON packs FOR EACH ROW
  WHEN (OLD.group_id IS NOT NULL OR NEW.group_id IS NOT NULL)
  EXECUTE FUNCTION group_list_versions_of_pack();
--> statement-breakpoint
CREATE TRIGGER group_batch_packs_list_versions_insert AFTER INSERT ON group_batch_packs REFERENCING NEW TABLE AS group_list_new
  FOR EACH STATEMENT EXECUTE FUNCTION group_list_versions_by_batch_id();
--> statement-breakpoint
CREATE TRIGGER group_batch_packs_list_versions_delete AFTER DELETE ON group_batch_packs REFERENCING OLD TABLE AS group_list_old
  FOR EACH STATEMENT EXECUTE FUNCTION group_list_versions_by_batch_id();
--> statement-breakpoint
CREATE TRIGGER group_batch_packs_list_versions_update AFTER UPDATE ON group_batch_packs REFERENCING OLD TABLE AS group_list_old NEW TABLE AS group_list_new
  FOR EACH STATEMENT EXECUTE FUNCTION group_list_versions_by_batch_id();
--> statement-breakpoint
CREATE TRIGGER group_pickups_list_versions_insert AFTER INSERT ON group_pickups REFERENCING NEW TABLE AS group_list_new
  FOR EACH STATEMENT EXECUTE FUNCTION group_list_versions_by_batch_id();
--> statement-breakpoint
CREATE TRIGGER group_pickups_list_versions_delete AFTER DELETE ON group_pickups REFERENCING OLD TABLE AS group_list_old
  FOR EACH STATEMENT EXECUTE FUNCTION group_list_versions_by_batch_id();
--> statement-breakpoint
CREATE TRIGGER group_pickups_list_versions_update AFTER UPDATE ON group_pickups REFERENCING OLD TABLE AS group_list_old NEW TABLE AS group_list_new
  FOR EACH STATEMENT EXECUTE FUNCTION group_list_versions_by_batch_id();
--> statement-breakpoint
CREATE TRIGGER outbound_batches_list_versions_update AFTER UPDATE ON outbound_batches REFERENCING NEW TABLE AS group_list_new
  FOR EACH STATEMENT EXECUTE FUNCTION group_list_versions_of_outbound();
--> statement-breakpoint
CREATE TRIGGER users_group_list_versions_update AFTER UPDATE OF user_account, nickname ON users FOR EACH ROW
  WHEN (OLD.user_account IS DISTINCT FROM NEW.user_account OR OLD.nickname IS DISTINCT FROM NEW.nickname)
  EXECUTE FUNCTION group_list_versions_of_user();
