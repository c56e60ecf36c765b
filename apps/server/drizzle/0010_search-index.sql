-- The mall's search index becomes one row per product (tokens and their weights in arrays, a GIN index on the
-- tokens) instead of one row per token: ~70 rows per product made 100,000 goods 7 million rows, too slow to
-- write. The old rows are not converted: start-up indexes every product without a row (refreshSearchIndex).
-- The Latin words (typo and pinyin reading) get their own small table instead of a DISTINCT over the index.
CREATE TABLE "mall_search_index" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"tokens" text[] NOT NULL,
	"weights" smallint[] NOT NULL,
	"version" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mall_search_words" (
	"id" serial PRIMARY KEY NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "mall_search_words_word_unique" UNIQUE("word")
);
--> statement-breakpoint
DROP TABLE "mall_search_tokens" CASCADE;--> statement-breakpoint
CREATE INDEX "mall_search_index_tokens_idx" ON "mall_search_index" USING gin ("tokens");