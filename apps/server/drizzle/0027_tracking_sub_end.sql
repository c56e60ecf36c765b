ALTER TABLE "parcel_tracking_subs" ADD COLUMN "end_reason" text;--> statement-breakpoint
ALTER TABLE "parcel_tracking_subs" ADD COLUMN "ended_at" timestamp with time zone;