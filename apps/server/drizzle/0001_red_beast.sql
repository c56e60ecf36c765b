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
CREATE INDEX "user_coupons_user_idx" ON "user_coupons" USING btree ("user_id","status");