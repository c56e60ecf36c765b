CREATE TABLE "pack_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"pack_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"photos" text[] DEFAULT ARRAY[]::text[] NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"cover_minor" bigint NOT NULL,
	"amount_minor" bigint,
	"review_note" text DEFAULT '' NOT NULL,
	"reviewed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "packs" ADD COLUMN "insured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "packs" ADD COLUMN "insurance_cover_minor" bigint;--> statement-breakpoint
ALTER TABLE "packs" ADD COLUMN "gst_refunded_minor" bigint;--> statement-breakpoint
CREATE INDEX "pack_claims_user_idx" ON "pack_claims" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "pack_claims_status_idx" ON "pack_claims" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pack_claims_open_uq" ON "pack_claims" USING btree ("pack_id") WHERE "pack_claims"."status" = 'submitted';