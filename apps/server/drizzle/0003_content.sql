CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"category" text DEFAULT 'news' NOT NULL,
	"title_en" text NOT NULL,
	"title_zh" text NOT NULL,
	"summary_en" text DEFAULT '' NOT NULL,
	"summary_zh" text DEFAULT '' NOT NULL,
	"body_en" text NOT NULL,
	"body_zh" text NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"publish_at" timestamp with time zone,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"citations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_en" text NOT NULL,
	"title_zh" text NOT NULL,
	"body_en" text DEFAULT '' NOT NULL,
	"body_zh" text DEFAULT '' NOT NULL,
	"link_type" text DEFAULT 'none' NOT NULL,
	"link_target" text DEFAULT '' NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"publish_at" timestamp with time zone,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pickup_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"event" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"by_user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pickup_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_user_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"tracking_no" text NOT NULL,
	"pickup_code" text NOT NULL,
	"status" text DEFAULT 'stored' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"collected_at" timestamp with time zone,
	"outbound_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "slides" (
	"id" serial PRIMARY KEY NOT NULL,
	"image" text NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"title_zh" text DEFAULT '' NOT NULL,
	"link_type" text DEFAULT 'none' NOT NULL,
	"link_target" text DEFAULT '' NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"publish_at" timestamp with time zone,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"staff_id" integer,
	"reason" text DEFAULT '' NOT NULL,
	"transcript" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"customer_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"sender" text NOT NULL,
	"staff_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "articles_slug_uq" ON "articles" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "articles_live_idx" ON "articles" USING btree ("published","publish_at");--> statement-breakpoint
CREATE INDEX "chat_messages_user_idx" ON "chat_messages" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notices_live_idx" ON "notices" USING btree ("published","publish_at");--> statement-breakpoint
CREATE INDEX "pickup_events_record_idx" ON "pickup_events" USING btree ("record_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pickup_site_tracking_uq" ON "pickup_records" USING btree ("site_user_id","tracking_no");--> statement-breakpoint
CREATE INDEX "pickup_site_status_idx" ON "pickup_records" USING btree ("site_user_id","status","id");--> statement-breakpoint
CREATE INDEX "slides_live_idx" ON "slides" USING btree ("published","publish_at");--> statement-breakpoint
CREATE UNIQUE INDEX "support_open_uq" ON "support_conversations" USING btree ("user_id") WHERE "support_conversations"."status" <> 'closed';--> statement-breakpoint
CREATE INDEX "support_status_idx" ON "support_conversations" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "support_messages_conv_idx" ON "support_messages" USING btree ("conversation_id","id");