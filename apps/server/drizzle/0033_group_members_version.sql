ALTER TABLE "group_list_versions" ADD COLUMN "members_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written. A write to the members themselves (group_members, a member's account or nickname) moves both
-- numbers, from the same sequence: the leader's member search keeps the group's roster under members_version,
-- which the group's packs and batches (most writes) leave alone.
CREATE FUNCTION group_list_versions_bump_members(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO group_list_versions (group_id, version, members_version)
  SELECT g, v, v FROM (SELECT g, nextval('group_list_version_seq') AS v
    FROM (SELECT DISTINCT g FROM unnest(ids) AS g WHERE g IS NOT NULL ORDER BY g) o) n
  ON CONFLICT (group_id) DO UPDATE SET version = excluded.version, members_version = excluded.members_version;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION group_list_versions_by_group_id() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    ids := array(SELECT group_id FROM group_list_new WHERE group_id IS NOT NULL);
  ELSIF TG_OP = 'DELETE' THEN
    ids := array(SELECT group_id FROM group_list_old WHERE group_id IS NOT NULL);
  ELSE
    ids := array(
      SELECT group_id FROM group_list_old WHERE group_id IS NOT NULL
      UNION SELECT group_id FROM group_list_new WHERE group_id IS NOT NULL);
  END IF;
  IF TG_TABLE_NAME = 'group_members' THEN
    PERFORM group_list_versions_bump_members(ids);
  ELSE
    PERFORM group_list_versions_bump(ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION group_list_versions_of_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM group_list_versions_bump_members(array(SELECT group_id FROM group_members WHERE user_id = NEW.id));
  RETURN NULL;
END $$;
