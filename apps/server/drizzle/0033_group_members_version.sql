ALTER TABLE "group_list_versions" ADD COLUMN "members_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written. A write to the members themselves (group_members, a member's account or nickname) moves both
-- numbers (the members version takes the new list version): the leader's member search keeps the group's roster
-- under members_version, which the group's packs and batches (most writes) leave alone.
CREATE FUNCTION group_list_versions_bump_members(ids integer[]) RETURNS void LANGUAGE sql AS $$
  SELECT group_list_versions_bump(ids);
  UPDATE group_list_versions SET members_version = version WHERE group_id = ANY(ids);
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
