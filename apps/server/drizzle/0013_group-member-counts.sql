CREATE TABLE "group_member_counts" (
	"group_id" integer NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "group_member_counts_group_id_status_pk" PRIMARY KEY("group_id","status")
);
--> statement-breakpoint
-- Hand-written, as parcel_counts (0006): the counts follow every write to group_members, per statement
-- (transition tables), and rows are touched in (group_id, status) order.
CREATE FUNCTION group_member_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO group_member_counts (group_id, status, n)
  SELECT group_id, status, count(*)::int FROM group_member_counts_new
  GROUP BY group_id, status ORDER BY group_id, status
  ON CONFLICT (group_id, status) DO UPDATE SET n = group_member_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION group_member_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO group_member_counts (group_id, status, n)
  SELECT group_id, status, -count(*)::int FROM group_member_counts_old
  GROUP BY group_id, status ORDER BY group_id, status
  ON CONFLICT (group_id, status) DO UPDATE SET n = group_member_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION group_member_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO group_member_counts (group_id, status, n)
  SELECT group_id, status, sum(d)::int FROM (
    SELECT group_id, status, -1 AS d FROM group_member_counts_old
    UNION ALL
    SELECT group_id, status, 1 AS d FROM group_member_counts_new
  ) x
  GROUP BY group_id, status HAVING sum(d) <> 0 ORDER BY group_id, status
  ON CONFLICT (group_id, status) DO UPDATE SET n = group_member_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER group_members_counts_insert AFTER INSERT ON group_members REFERENCING NEW TABLE AS group_member_counts_new
  FOR EACH STATEMENT EXECUTE FUNCTION group_member_counts_after_insert();
--> statement-breakpoint
CREATE TRIGGER group_members_counts_delete AFTER DELETE ON group_members REFERENCING OLD TABLE AS group_member_counts_old
  FOR EACH STATEMENT EXECUTE FUNCTION group_member_counts_after_delete();
--> statement-breakpoint
CREATE TRIGGER group_members_counts_update AFTER UPDATE ON group_members REFERENCING OLD TABLE AS group_member_counts_old NEW TABLE AS group_member_counts_new
  FOR EACH STATEMENT EXECUTE FUNCTION group_member_counts_after_update();
--> statement-breakpoint
INSERT INTO group_member_counts (group_id, status, n)
SELECT group_id, status, count(*)::int FROM group_members GROUP BY group_id, status;
