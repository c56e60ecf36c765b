CREATE TABLE "group_batch_packs" (
	"batch_id" integer NOT NULL,
	"pack_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "group_batch_packs_batch_id_pack_id_pk" PRIMARY KEY("batch_id","pack_id")
);
--> statement-breakpoint
CREATE TABLE "group_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_no" text NOT NULL,
	"group_id" integer NOT NULL,
	"pack_date" text NOT NULL,
	"status" text DEFAULT 'wait_plan' NOT NULL,
	"container" text DEFAULT '' NOT NULL,
	"unit_price_minor" integer,
	"outbound_batch_id" integer,
	"arrived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_members" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"dragon_code" text DEFAULT '' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "group_pack_dates" (
	"group_id" integer NOT NULL,
	"date" text NOT NULL,
	CONSTRAINT "group_pack_dates_group_id_date_pk" PRIMARY KEY("group_id","date")
);
--> statement-breakpoint
CREATE TABLE "group_pickups" (
	"batch_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"pickup_code" text NOT NULL,
	"signed_at" timestamp with time zone,
	"signed_by" integer,
	CONSTRAINT "group_pickups_batch_id_user_id_pk" PRIMARY KEY("batch_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "group_rewards" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"leader_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"pack_id" integer,
	"kind" text NOT NULL,
	"volume_mm3" double precision NOT NULL,
	"amount_minor" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"reward_per_cbm_minor" integer DEFAULT 500 NOT NULL,
	"link_key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"leader_id" integer NOT NULL,
	"name" text NOT NULL,
	"leader_name" text NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"floor" text DEFAULT '' NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"postcode" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"pattern" text,
	"weekday" integer,
	"start_date" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leader_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"leader_name" text NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"floor" text NOT NULL,
	"unit" text NOT NULL,
	"postcode" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "group_batch_packs_pack_uq" ON "group_batch_packs" USING btree ("pack_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_batches_group_date_uq" ON "group_batches" USING btree ("group_id","pack_date");--> statement-breakpoint
CREATE INDEX "group_batches_status_idx" ON "group_batches" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "group_members_one_live_uq" ON "group_members" USING btree ("user_id") WHERE status in ('active', 'blacklisted');--> statement-breakpoint
CREATE UNIQUE INDEX "group_members_dragon_uq" ON "group_members" USING btree ("dragon_code") WHERE dragon_code <> '' and status in ('active', 'blacklisted');--> statement-breakpoint
CREATE UNIQUE INDEX "group_pickups_code_uq" ON "group_pickups" USING btree ("pickup_code");--> statement-breakpoint
CREATE INDEX "group_rewards_leader_idx" ON "group_rewards" USING btree ("leader_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "group_rewards_once_uq" ON "group_rewards" USING btree ("batch_id","kind",coalesce(pack_id, 0));--> statement-breakpoint
CREATE UNIQUE INDEX "groups_leader_uq" ON "groups" USING btree ("leader_id");--> statement-breakpoint
CREATE INDEX "groups_lat_lng_idx" ON "groups" USING btree ("lat","lng");--> statement-breakpoint
CREATE INDEX "leader_applications_user_idx" ON "leader_applications" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "leader_applications_pending_uq" ON "leader_applications" USING btree ("user_id") WHERE status = 'pending';