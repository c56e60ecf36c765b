-- pg_trgm ships with PostgreSQL (contrib, a trusted extension) and with PGlite (db/pglite-options.ts loads it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_search_text_trgm" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "group_members_dragon_code_trgm" ON "group_members" USING gin ("dragon_code" gin_trgm_ops);