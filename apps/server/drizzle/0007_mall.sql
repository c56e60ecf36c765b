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
CREATE TABLE "mall_footprints" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
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
CREATE TABLE "mall_cart_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"added_price_minor" integer NOT NULL,
	"selected" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mall_order_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mall_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_sn" text NOT NULL,
	"user_id" integer NOT NULL,
	"source" text NOT NULL,
	"shop_name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'waiting_pay' NOT NULL,
	"items" jsonb NOT NULL,
	"item_count" integer NOT NULL,
	"goods_total_minor" integer NOT NULL,
	"inland_freight_minor" integer NOT NULL,
	"total_minor" integer NOT NULL,
	"rebate_minor" integer DEFAULT 0 NOT NULL,
	"rebate_sgd_minor" integer DEFAULT 0 NOT NULL,
	"rebate_credited" boolean DEFAULT false NOT NULL,
	"shipping_mode" text NOT NULL,
	"deliver_to" text DEFAULT '' NOT NULL,
	"group_id" integer,
	"leader_name" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"bill_id" integer,
	"pay_before" timestamp with time zone,
	"request_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"purchased_at" timestamp with time zone,
	"platform_order_no" text DEFAULT '' NOT NULL,
	"carrier" text DEFAULT '' NOT NULL,
	"tracking_no" text DEFAULT '' NOT NULL,
	"shipped_at" timestamp with time zone,
	"parcel_id" integer,
	"packed_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"cancel_reason" text DEFAULT '' NOT NULL,
	"cancel_refused_reason" text DEFAULT '' NOT NULL,
	"cancel_requested_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"refund_minor" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mall_wxpays" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"out_trade_no" text NOT NULL,
	"order_ids" integer[] NOT NULL,
	"bill_ids" integer[] NOT NULL,
	"amount_sgd_minor" integer NOT NULL,
	"pay_url" text,
	"jsapi" jsonb,
	"status" text DEFAULT 'pending' NOT NULL,
	"outcome" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "mall_footprints_user_product_uq" ON "mall_footprints" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE INDEX "mall_footprints_user_idx" ON "mall_footprints" USING btree ("user_id","viewed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mall_products_source_item_uq" ON "mall_products" USING btree ("source","item_id");--> statement-breakpoint
CREATE INDEX "mall_products_category_idx" ON "mall_products" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mall_search_history_user_kw_uq" ON "mall_search_history" USING btree ("user_id","keyword");--> statement-breakpoint
CREATE INDEX "mall_search_tokens_product_idx" ON "mall_search_tokens" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "mall_skus_product_idx" ON "mall_skus" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mall_cart_user_sku_uq" ON "mall_cart_items" USING btree ("user_id","sku_id");--> statement-breakpoint
CREATE INDEX "mall_cart_user_idx" ON "mall_cart_items" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mall_order_requests_uq" ON "mall_order_requests" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "mall_orders_sn_uq" ON "mall_orders" USING btree ("order_sn");--> statement-breakpoint
CREATE INDEX "mall_orders_user_idx" ON "mall_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "mall_orders_status_idx" ON "mall_orders" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mall_wxpays_key_uq" ON "mall_wxpays" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "mall_wxpays_no_uq" ON "mall_wxpays" USING btree ("out_trade_no");