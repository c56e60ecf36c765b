CREATE TABLE "notification_channel_links" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"whatsapp_phone" text,
	"whatsapp_opt_in_at" timestamp with time zone,
	"whatsapp_opt_out_at" timestamp with time zone,
	"whatsapp_last_inbound_at" timestamp with time zone,
	"telegram_chat_id" text,
	"telegram_linked_at" timestamp with time zone,
	"telegram_token_hash" text,
	"telegram_token_expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "form" text;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "whatsapp" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "telegram" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "notification_links_whatsapp_idx" ON "notification_channel_links" USING btree ("whatsapp_phone");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_links_telegram_chat_uq" ON "notification_channel_links" USING btree ("telegram_chat_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_links_telegram_token_uq" ON "notification_channel_links" USING btree ("telegram_token_hash");--> statement-breakpoint
CREATE INDEX "outbox_provider_message_idx" ON "outbox" USING btree ("channel","provider_message_id");