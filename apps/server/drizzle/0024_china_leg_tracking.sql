CREATE TABLE "parcel_courier_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"parcel_id" integer NOT NULL,
	"provider" text NOT NULL,
	"stage" text NOT NULL,
	"text" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parcel_tracking_subs" (
	"parcel_id" integer PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"next_try_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "parcel_courier_events_uq" ON "parcel_courier_events" USING btree ("parcel_id","at","text");--> statement-breakpoint
CREATE INDEX "parcel_courier_events_stage_idx" ON "parcel_courier_events" USING btree ("stage","at");--> statement-breakpoint
CREATE INDEX "parcel_tracking_subs_due_idx" ON "parcel_tracking_subs" USING btree ("status","next_try_at");