CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"staff_id" integer,
	"staff_account" text DEFAULT '' NOT NULL,
	"staff_role" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"object_type" text DEFAULT '' NOT NULL,
	"object_id" text DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"outcome" integer DEFAULT 0 NOT NULL,
	"request_id" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "disabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_staff_idx" ON "audit_log" USING btree ("staff_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_object_idx" ON "audit_log" USING btree ("object_type","object_id");--> statement-breakpoint
-- "operator" (early installations) did customers' errands: it becomes customer service, the least of the current roles that covers them.
UPDATE "staff" SET "role" = 'service' WHERE "role" = 'operator';
