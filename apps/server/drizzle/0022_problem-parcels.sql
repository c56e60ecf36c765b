CREATE TABLE "parcel_problem_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"problem_id" integer NOT NULL,
	"author" text NOT NULL,
	"staff_id" integer,
	"choice" text,
	"message" text DEFAULT '' NOT NULL,
	"files" text[] DEFAULT ARRAY[]::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parcel_problems" (
	"id" serial PRIMARY KEY NOT NULL,
	"parcel_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reason_code" text NOT NULL,
	"reason_en" text NOT NULL,
	"reason_zh" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"photos" text[] DEFAULT ARRAY[]::text[] NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolution" text DEFAULT '' NOT NULL,
	"flagged_by" integer,
	"resolved_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "parcel_problem_messages_problem_idx" ON "parcel_problem_messages" USING btree ("problem_id","id");--> statement-breakpoint
CREATE INDEX "parcel_problems_parcel_idx" ON "parcel_problems" USING btree ("parcel_id","id");--> statement-breakpoint
CREATE INDEX "parcel_problems_status_idx" ON "parcel_problems" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "parcel_problems_unresolved_uq" ON "parcel_problems" USING btree ("parcel_id") WHERE status <> 'resolved';