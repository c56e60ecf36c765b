CREATE TABLE "mall_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"on" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mall_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"item_id" text NOT NULL,
	"title" text NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"images" text[] DEFAULT '{}' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"shop_name" text DEFAULT '' NOT NULL,
	"category_id" integer,
	"price_minor" integer NOT NULL,
	"original_price_minor" integer NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"rebate_minor" integer DEFAULT 0 NOT NULL,
	"inland_freight_minor" integer DEFAULT 0 NOT NULL,
	"weight_g" integer DEFAULT 500 NOT NULL,
	"air_allowed" boolean DEFAULT true NOT NULL,
	"on_sale" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mall_skus" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"price_minor" integer NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "mall_products_source_item_uq" ON "mall_products" USING btree ("source","item_id");--> statement-breakpoint
CREATE INDEX "mall_products_category_idx" ON "mall_products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "mall_skus_product_idx" ON "mall_skus" USING btree ("product_id");