ALTER TABLE "parcels" ADD COLUMN "customs_description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "parcels" ADD COLUMN "customs_category" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Parcels declared before customs lines existed: the same best effort as a new declaration (an ASCII goods name).
UPDATE "parcels" SET "customs_description" = left(regexp_replace(btrim("goods_name"), '\s+', ' ', 'g'), 100)
WHERE btrim("goods_name") <> '' AND "goods_name" ~ '^[ -~]+$';
