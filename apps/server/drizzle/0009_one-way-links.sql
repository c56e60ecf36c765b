-- Links made before links became one-way were written both ways in one statement, so both rows carry the
-- same created_at. Which side proved the other's credentials cannot be told afterwards, and keeping the
-- reverse row would let the unproven side switch in (wallet included); both rows go, and either side links
-- again by proving the other's password. Links made on each side separately (different times) stay.
DELETE FROM "account_links" AS l
USING "account_links" AS r
WHERE r."user_id" = l."linked_user_id"
  AND r."linked_user_id" = l."user_id"
  AND r."created_at" = l."created_at";
