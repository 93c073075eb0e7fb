CREATE TABLE "closed_periods" (
	"organization_id" text NOT NULL,
	"month" date NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" text,
	CONSTRAINT "closed_periods_organization_id_month_pk" PRIMARY KEY("organization_id","month")
);
--> statement-breakpoint
ALTER TABLE "deposit_settlements" ADD COLUMN "posted_on" date;--> statement-breakpoint
ALTER TABLE "deposit_settlements" ADD COLUMN "deductions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "deposit_settlements" ADD COLUMN "deducted" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "deposit_settlements" ADD COLUMN "deduction_invoice_id" text;--> statement-breakpoint
ALTER TABLE "deposit_settlements" ADD COLUMN "refund_amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "deposit_settlements" ADD COLUMN "refund_method" text;--> statement-breakpoint
ALTER TABLE "deposit_settlements" ADD COLUMN "refund_reference" text;--> statement-breakpoint
ALTER TABLE "deposit_settlements" ADD COLUMN "refund_date" date;--> statement-breakpoint
ALTER TABLE "deposit_settlements" ADD COLUMN "refunded_by" text;--> statement-breakpoint
ALTER TABLE "deposit_settlements" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "closed_periods" ADD CONSTRAINT "closed_periods_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written (issue 13: deposits and month close). The built-in roles get the new permissions
-- (src/shared/permissions.ts): every Administrator refund.lease, close.period and reopen.period
-- (it keeps everything; the start's top-up only grants what no role holds yet); a built-in
-- Accountant still holding exactly its default set before these changes gets refund.lease and
-- close.period. "Exactly its default" is the md5 of its sorted permissions as in 0017, leaving out
-- the meter and reading permissions 0018 has just added; an edited role is the administrator's choice.
UPDATE "roles" r SET "permissions" = ARRAY(SELECT DISTINCT p FROM unnest(r."permissions" || CASE
    WHEN r."name" = 'Administrator' THEN ARRAY['refund.lease', 'close.period', 'reopen.period']
    WHEN r."name" = 'Accountant' AND x.h = '603c898c23fc2e45dd17b46e87c63614' THEN ARRAY['refund.lease', 'close.period']
    ELSE ARRAY[]::text[] END) AS p ORDER BY p), "updated_at" = now()
FROM (SELECT "organization_id", "id", md5(array_to_string(ARRAY(SELECT p FROM unnest("permissions") AS p
        WHERE p NOT LIKE '%.meter' AND p NOT LIKE '%.reading' ORDER BY p COLLATE "C"), ',')) AS h FROM "roles") x
WHERE x."organization_id" = r."organization_id" AND x."id" = r."id" AND r."built_in"
  AND r."name" IN ('Administrator', 'Accountant');
