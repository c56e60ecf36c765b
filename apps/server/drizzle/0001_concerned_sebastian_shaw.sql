CREATE TABLE "bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"lines" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"pay_before" timestamp with time zone,
	"group_id" integer,
	"volume_milli" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'unpaid' NOT NULL,
	"payment_id" integer,
	"paid_by_user_id" integer,
	"paid_gross_minor" bigint,
	"paid_discount_minor" bigint,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"refund_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bills_amount_positive" CHECK ("bills"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "coupon_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" jsonb NOT NULL,
	"discount_type" text NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"percent_off" integer DEFAULT 0 NOT NULL,
	"max_discount_minor" bigint,
	"min_volume_milli" integer DEFAULT 0 NOT NULL,
	"min_amount_minor" bigint DEFAULT 0 NOT NULL,
	"applies_to" text[] NOT NULL,
	"issue_mode" text NOT NULL,
	"valid_days" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"total_quantity" integer,
	"claimed_count" integer DEFAULT 0 NOT NULL,
	"claim_ends_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"code" text NOT NULL,
	"max_uses" integer DEFAULT 1 NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_codes_uses" CHECK ("coupon_codes"."used_count" <= "coupon_codes"."max_uses")
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"currency" text NOT NULL,
	"balance_minor" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_wallet_not_negative" CHECK ("ledger_accounts"."kind" <> 'wallet' or "ledger_accounts"."balance_minor" >= 0),
	CONSTRAINT "ledger_system_no_stored_balance" CHECK ("ledger_accounts"."kind" = 'wallet' or "ledger_accounts"."balance_minor" = 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"balance_after_minor" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entry_not_zero" CHECK ("ledger_entries"."amount_minor" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"user_id" integer,
	"memo" text DEFAULT '' NOT NULL,
	"recharge_id" integer,
	"payment_id" integer,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"outcome" text NOT NULL,
	"order_no" text,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"payer_user_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text DEFAULT 'succeeded' NOT NULL,
	"currency" text NOT NULL,
	"total_minor" bigint DEFAULT 0 NOT NULL,
	"discount_minor" bigint DEFAULT 0 NOT NULL,
	"charged_minor" bigint DEFAULT 0 NOT NULL,
	"coupon_id" integer,
	"exchange_rate" text NOT NULL,
	"ledger_transaction_id" integer,
	"result" jsonb,
	"auto" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recharge_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"method" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text,
	"provider_tx_id" text,
	"pay_url" text,
	"paynow_reference" text,
	"paynow_payload" text,
	"voucher_url" text,
	"remark" text DEFAULT '' NOT NULL,
	"reject_reason" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"ledger_transaction_id" integer,
	"credited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recharge_amount_positive" CHECK ("recharge_orders"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "user_coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"code_id" integer,
	"status" text DEFAULT 'unused' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"payment_id" integer,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "batch_import_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"row_no" integer NOT NULL,
	"raw" jsonb NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"parcel_id" integer
);
--> statement-breakpoint
CREATE TABLE "batch_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "batch_stage_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"stage" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"staff_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "door_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"pack_id" integer NOT NULL,
	"kind" text NOT NULL,
	"date" date NOT NULL,
	"slot" text NOT NULL,
	"address" jsonb NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"pack_ids" integer[] NOT NULL,
	"title" text NOT NULL,
	"email" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"total_minor" bigint NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbound_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_no" text NOT NULL,
	"mode" text NOT NULL,
	"container" text DEFAULT '' NOT NULL,
	"pack_date" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"stage" text,
	"unit_price_minor" bigint,
	"group_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "packs" (
	"id" serial PRIMARY KEY NOT NULL,
	"pack_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"mode" text NOT NULL,
	"status" text DEFAULT 'applied' NOT NULL,
	"group_id" integer,
	"address" jsonb,
	"pack_date" date,
	"is_cut" boolean DEFAULT false NOT NULL,
	"individual_clearance" boolean DEFAULT false NOT NULL,
	"category" text DEFAULT 'normal' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"pieces" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"weight_g" integer,
	"volume_mm3" bigint,
	"declared_value_minor" bigint DEFAULT 0 NOT NULL,
	"quote_lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rate_text" jsonb,
	"amount_minor" bigint,
	"currency" text DEFAULT 'SGD' NOT NULL,
	"bill_id" integer,
	"batch_id" integer,
	"stage" text,
	"dispatch_status" text DEFAULT 'none' NOT NULL,
	"dispatch_date" date,
	"dispatch_slot" text,
	"packed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"packed_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "parcel_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"parcel_id" integer NOT NULL,
	"event" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parcels" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"tracking_no" text NOT NULL,
	"carrier" text DEFAULT 'unknown' NOT NULL,
	"goods_name" text DEFAULT '' NOT NULL,
	"goods_value_minor" bigint DEFAULT 0 NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"category" text DEFAULT 'normal' NOT NULL,
	"mode" text DEFAULT 'SEA' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"is_low_value" boolean DEFAULT false NOT NULL,
	"min_value_minor" bigint,
	"remark" text DEFAULT '' NOT NULL,
	"weight_g" integer,
	"length_mm" integer,
	"width_mm" integer,
	"height_mm" integer,
	"photos" text[] DEFAULT ARRAY[]::text[] NOT NULL,
	"shelf" text DEFAULT '' NOT NULL,
	"pack_id" integer,
	"return_id" integer,
	"import_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"inbound_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"category" text NOT NULL,
	"small_per_step_minor" integer DEFAULT 0 NOT NULL,
	"band1_per_step_minor" integer DEFAULT 0 NOT NULL,
	"band2_per_step_minor" integer DEFAULT 0 NOT NULL,
	"band3_per_step_minor" integer DEFAULT 0 NOT NULL,
	"min_charge_minor" integer DEFAULT 0 NOT NULL,
	"first_half_kg_minor" integer DEFAULT 0 NOT NULL,
	"next_half_kg_minor" integer DEFAULT 0 NOT NULL,
	"repack_minor" integer DEFAULT 0 NOT NULL,
	"individual_clearance_minor" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "return_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"parcel_ids" integer[] NOT NULL,
	"status" text DEFAULT 'review' NOT NULL,
	"consignee" text NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"postcode" text DEFAULT '' NOT NULL,
	"fee_minor" bigint DEFAULT 0 NOT NULL,
	"bill_id" integer,
	"reject_reason" text DEFAULT '' NOT NULL,
	"courier_no" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "unclaimed_parcels" (
	"id" serial PRIMARY KEY NOT NULL,
	"tracking_no" text NOT NULL,
	"carrier" text DEFAULT 'unknown' NOT NULL,
	"weight_g" integer NOT NULL,
	"length_mm" integer NOT NULL,
	"width_mm" integer NOT NULL,
	"height_mm" integer NOT NULL,
	"photos" text[] DEFAULT ARRAY[]::text[] NOT NULL,
	"shelf" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'unclaimed' NOT NULL,
	"claimant_id" integer,
	"parcel_id" integer,
	"arrived_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "warehouse_holidays" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"reason" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bills_live_ref_uq" ON "bills" USING btree ("kind","ref_id") WHERE "bills"."status" in ('unpaid', 'paid');--> statement-breakpoint
CREATE INDEX "bills_user_idx" ON "bills" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "bills_group_idx" ON "bills" USING btree ("group_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_codes_code_uq" ON "coupon_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_code_uq" ON "ledger_accounts" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_user_uq" ON "ledger_accounts" USING btree ("user_id","currency");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_tx_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_tx_user_idx" ON "ledger_transactions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idem_uq" ON "payments" USING btree ("payer_user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "recharge_order_no_uq" ON "recharge_orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "recharge_provider_tx_uq" ON "recharge_orders" USING btree ("provider","provider_tx_id");--> statement-breakpoint
CREATE INDEX "recharge_user_idx" ON "recharge_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "recharge_status_idx" ON "recharge_orders" USING btree ("status","method");--> statement-breakpoint
CREATE UNIQUE INDEX "user_coupons_once_uq" ON "user_coupons" USING btree ("user_id","batch_id");--> statement-breakpoint
CREATE INDEX "user_coupons_user_idx" ON "user_coupons" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "batch_import_rows_import_idx" ON "batch_import_rows" USING btree ("import_id","row_no");--> statement-breakpoint
CREATE INDEX "batch_imports_owner_idx" ON "batch_imports" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "batch_stage_events_batch_idx" ON "batch_stage_events" USING btree ("batch_id","id");--> statement-breakpoint
CREATE INDEX "door_services_owner_idx" ON "door_services" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "invoice_requests_owner_idx" ON "invoice_requests" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "outbound_batches_no_uq" ON "outbound_batches" USING btree ("batch_no");--> statement-breakpoint
CREATE INDEX "outbound_batches_status_idx" ON "outbound_batches" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "packs_no_uq" ON "packs" USING btree ("pack_no");--> statement-breakpoint
CREATE INDEX "packs_owner_idx" ON "packs" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "packs_status_idx" ON "packs" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "packs_batch_idx" ON "packs" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "parcel_events_parcel_idx" ON "parcel_events" USING btree ("parcel_id","id");--> statement-breakpoint
CREATE INDEX "parcels_owner_status_idx" ON "parcels" USING btree ("user_id","status","id") WHERE "parcels"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "parcels_owner_idx" ON "parcels" USING btree ("user_id","id") WHERE "parcels"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "parcels_tracking_uq" ON "parcels" USING btree ("tracking_no") WHERE "parcels"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "parcels_pack_idx" ON "parcels" USING btree ("pack_id");--> statement-breakpoint
CREATE INDEX "parcels_low_value_idx" ON "parcels" USING btree ("user_id") WHERE "parcels"."is_low_value" and "parcels"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "rate_cards_mode_category_uq" ON "rate_cards" USING btree ("mode","category");--> statement-breakpoint
CREATE INDEX "return_requests_owner_idx" ON "return_requests" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "return_requests_status_idx" ON "return_requests" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "unclaimed_tracking_uq" ON "unclaimed_parcels" USING btree ("tracking_no");--> statement-breakpoint
CREATE INDEX "unclaimed_status_idx" ON "unclaimed_parcels" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_holidays_date_uq" ON "warehouse_holidays" USING btree ("date");