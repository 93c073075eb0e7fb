CREATE TABLE "closed_periods" (
	"organization_id" text NOT NULL,
	"month" date NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" text,
	CONSTRAINT "closed_periods_organization_id_month_pk" PRIMARY KEY("organization_id","month")
);
--> statement-breakpoint
ALTER TABLE "deposit_settlements" ADD COLUMN "posted_on" date;--> statement-breakpoint
ALTER TABLE "closed_periods" ADD CONSTRAINT "closed_periods_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written below
-- (issue 13) Month close's permissions for the built-in roles (src/shared/permissions.ts): the
-- Accountant still holding exactly its old default set (md5 of its sorted permissions) gets
-- close.period; Administrator gets both always (it keeps everything, and the start's top-up only
-- grants what no role holds yet). Edited and custom roles are left as they are.
UPDATE "roles" r SET "permissions" = ARRAY(SELECT DISTINCT p FROM unnest(r."permissions" || CASE
    WHEN r."name" = 'Administrator' THEN ARRAY['close.period', 'reopen.period']
    WHEN r."name" = 'Accountant' AND x.h = '603c898c23fc2e45dd17b46e87c63614' THEN ARRAY['close.period']
    ELSE ARRAY[]::text[] END) AS p ORDER BY p), "updated_at" = now()
FROM (SELECT "organization_id", "id", md5(array_to_string(ARRAY(SELECT p FROM unnest("permissions") AS p ORDER BY p COLLATE "C"), ',')) AS h FROM "roles") x
WHERE x."organization_id" = r."organization_id" AND x."id" = r."id" AND r."built_in"
  AND r."name" IN ('Administrator', 'Accountant');
