ALTER TABLE "packs" ADD COLUMN "gst_paid_value_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "packs" ADD COLUMN "exchange_rate" text;--> statement-breakpoint
ALTER TABLE "packs" ADD COLUMN "gst_rate_percent" real;--> statement-breakpoint
ALTER TABLE "parcels" ADD COLUMN "gst_paid_at_purchase" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "parcels" ADD COLUMN "seller_gst_no" text DEFAULT '' NOT NULL;