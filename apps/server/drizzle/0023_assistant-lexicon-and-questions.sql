CREATE TABLE "assistant_lexicon" (
	"id" serial PRIMARY KEY NOT NULL,
	"concept" text NOT NULL,
	"terms" text NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assistant_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"asker_hash" text NOT NULL,
	"lang" text NOT NULL,
	"question" text NOT NULL,
	"answered_by" text NOT NULL,
	"found" boolean NOT NULL,
	"slug" text,
	"section" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "assistant_lexicon_concept_idx" ON "assistant_lexicon" USING btree ("concept");--> statement-breakpoint
CREATE INDEX "assistant_questions_found_idx" ON "assistant_questions" USING btree ("found","id");