CREATE TABLE "mall_footprints" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mall_search_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"keyword" text NOT NULL,
	"searched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mall_search_tokens" (
	"token" text NOT NULL,
	"product_id" integer NOT NULL,
	"weight" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "mall_search_tokens_token_product_id_pk" PRIMARY KEY("token","product_id")
);
--> statement-breakpoint
CREATE TABLE "mall_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mall_slides" (
	"id" serial PRIMARY KEY NOT NULL,
	"image" text NOT NULL,
	"title_zh" text DEFAULT '' NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"link_type" text DEFAULT 'none' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"on" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "mall_footprints_user_product_uq" ON "mall_footprints" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE INDEX "mall_footprints_user_idx" ON "mall_footprints" USING btree ("user_id","viewed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mall_search_history_user_kw_uq" ON "mall_search_history" USING btree ("user_id","keyword");--> statement-breakpoint
CREATE INDEX "mall_search_tokens_product_idx" ON "mall_search_tokens" USING btree ("product_id");