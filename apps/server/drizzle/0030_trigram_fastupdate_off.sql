DROP INDEX "users_search_text_trgm";--> statement-breakpoint
DROP INDEX "group_members_dragon_code_trgm";--> statement-breakpoint
CREATE INDEX "users_search_text_trgm" ON "users" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "group_members_dragon_code_trgm" ON "group_members" USING gin ("dragon_code" gin_trgm_ops) WITH (fastupdate=off);