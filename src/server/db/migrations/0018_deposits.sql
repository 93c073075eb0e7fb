ALTER TABLE "deposit_settlements" ADD COLUMN "deductions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "deposit_settlements" ADD COLUMN "deducted" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "deposit_settlements" ADD COLUMN "deduction_invoice_id" text;--> statement-breakpoint
ALTER TABLE "deposit_settlements" ADD COLUMN "refund_amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "deposit_settlements" ADD COLUMN "refund_method" text;--> statement-breakpoint
ALTER TABLE "deposit_settlements" ADD COLUMN "refund_reference" text;--> statement-breakpoint
ALTER TABLE "deposit_settlements" ADD COLUMN "refund_date" date;--> statement-breakpoint
ALTER TABLE "deposit_settlements" ADD COLUMN "refunded_by" text;--> statement-breakpoint
ALTER TABLE "deposit_settlements" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written (carry over at merge): refund.lease (paying a deposit back) for every Administrator,
-- and for a built-in Accountant still holding exactly its default set before this change (md5 of
-- its sorted permissions, as 0017): an edited role is the administrator's choice.
UPDATE "roles" r SET "permissions" = ARRAY(SELECT DISTINCT p FROM unnest(r."permissions" || ARRAY['refund.lease']) AS p ORDER BY p), "updated_at" = now()
FROM (SELECT "organization_id", "id", md5(array_to_string(ARRAY(SELECT p FROM unnest("permissions") AS p ORDER BY p COLLATE "C"), ',')) AS h FROM "roles") x
WHERE x."organization_id" = r."organization_id" AND x."id" = r."id" AND r."built_in"
  AND (r."name" = 'Administrator' OR (r."name" = 'Accountant' AND x.h = '603c898c23fc2e45dd17b46e87c63614'));
