CREATE TABLE "payment_requests" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"channel_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"lease_id" text,
	"invoice_id" text,
	"phone" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"account_reference" text NOT NULL,
	"state" text DEFAULT 'requesting' NOT NULL,
	"merchant_request_id" text,
	"checkout_request_id" text,
	"result_code" text,
	"result_desc" text,
	"customer_message" text,
	"receipt" text,
	"payment_id" text,
	"requested_by" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"queried_at" timestamp with time zone,
	CONSTRAINT "payment_requests_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"kind" text NOT NULL,
	"valid_from" date NOT NULL,
	"rate" numeric(6, 3) NOT NULL,
	"source" text,
	CONSTRAINT "tax_rates_kind_valid_from_pk" PRIMARY KEY("kind","valid_from")
);
--> statement-breakpoint
CREATE TABLE "remittances" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"owner_id" text NOT NULL,
	"property_id" text,
	"method" text DEFAULT 'bank' NOT NULL,
	"reference" text,
	"date" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"overpayment_confirmed" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"notes" text,
	"approved_by_id" text,
	"approved_at" timestamp with time zone,
	"voided_on" date,
	"void_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remittances_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "sms_report_secret" text DEFAULT replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "cost" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "dedup_key" text;--> statement-breakpoint
ALTER TABLE "payment_channels" ADD COLUMN "daraja_store_number" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "invoice_id" text;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "charged_invoice_id" text;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittances" ADD CONSTRAINT "remittances_owner_id_fk" FOREIGN KEY ("organization_id","owner_id") REFERENCES "public"."property_owners"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittances" ADD CONSTRAINT "remittances_property_id_fk" FOREIGN KEY ("organization_id","property_id") REFERENCES "public"."properties"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittances" ADD CONSTRAINT "remittances_approved_by_id_fk" FOREIGN KEY ("organization_id","approved_by_id") REFERENCES "public"."memberships"("organization_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_requests_checkout_unique" ON "payment_requests" USING btree ("organization_id","channel_id","checkout_request_id");--> statement-breakpoint
CREATE INDEX "payment_requests_tenant_idx" ON "payment_requests" USING btree ("organization_id","tenant_id","requested_at");--> statement-breakpoint
CREATE INDEX "payment_requests_invoice_idx" ON "payment_requests" USING btree ("organization_id","invoice_id");--> statement-breakpoint
CREATE INDEX "payment_requests_pending_idx" ON "payment_requests" USING btree ("organization_id","state","requested_at");--> statement-breakpoint
CREATE INDEX "remittances_date_sort_idx" ON "remittances" USING btree ("organization_id","date","id");--> statement-breakpoint
CREATE INDEX "remittances_amount_sort_idx" ON "remittances" USING btree ("organization_id","amount","id");--> statement-breakpoint
CREATE INDEX "remittances_status_sort_idx" ON "remittances" USING btree ("organization_id","status","id");--> statement-breakpoint
CREATE INDEX "remittances_owner_id_idx" ON "remittances" USING btree ("organization_id","owner_id");--> statement-breakpoint
CREATE INDEX "remittances_property_id_idx" ON "remittances" USING btree ("organization_id","property_id");--> statement-breakpoint
CREATE INDEX "remittances_approved_by_id_idx" ON "remittances" USING btree ("organization_id","approved_by_id");--> statement-breakpoint
CREATE INDEX "remittances_reference_trgm_idx" ON "remittances" USING gin ("reference" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "remittances_notes_trgm_idx" ON "remittances" USING gin ("notes" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoices"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_charged_invoice_id_fk" FOREIGN KEY ("organization_id","charged_invoice_id") REFERENCES "public"."invoices"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_sms_report_secret_unique" ON "organizations" USING btree ("sms_report_secret");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_dedup_key_unique" ON "messages" USING btree ("organization_id","dedup_key");--> statement-breakpoint
CREATE INDEX "messages_delivered_at_sort_idx" ON "messages" USING btree ("organization_id","delivered_at","id");--> statement-breakpoint
CREATE INDEX "payments_invoice_id_idx" ON "payments" USING btree ("organization_id","invoice_id");--> statement-breakpoint
CREATE INDEX "work_orders_charged_invoice_id_idx" ON "work_orders" USING btree ("organization_id","charged_invoice_id");--> statement-breakpoint
-- hand-written below
-- a delivery report names its message by the provider's id alone (routes/sms-webhooks.ts)
CREATE INDEX IF NOT EXISTS "messages_provider_id_idx" ON "messages" USING btree ("organization_id","provider_id");--> statement-breakpoint
-- (issue 13) The tax rates in force, by the day they start: rates live in data, so a new Finance
-- Act is a new row and earlier months keep theirs. MRI: 10 % of gross residential rent from
-- 1 January 2016 (Finance Act 2015), 7.5 % from 1 January 2024 (Finance Act 2023). VAT: 16 %
-- (VAT Act 2013, in force 2 September 2013).
INSERT INTO "tax_rates" ("kind", "valid_from", "rate", "source") VALUES
  ('mri', '2016-01-01', 10, 'Income Tax Act s.6A, Finance Act 2015'),
  ('mri', '2024-01-01', 7.5, 'Income Tax Act s.6A, Finance Act 2023'),
  ('vat', '2013-09-02', 16, 'VAT Act 2013')
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- (issue 13) Owner remittances' permissions for the built-in roles (src/shared/permissions.ts). A
-- built-in role still holding exactly its old default set (md5 of its sorted permissions) gets
-- the new default; Administrator gets them always (it keeps everything: it must get them here,
-- since the start's top-up only grants what no role holds yet). Edited and custom roles are left
-- as they are: an administrator grants those by hand.
UPDATE "roles" r SET "permissions" = ARRAY(SELECT DISTINCT p FROM unnest(r."permissions" || CASE
    WHEN r."name" = 'Administrator' OR (r."name" = 'Accountant' AND x.h = '07ad1fe0862f85574291247a3d34426f')
      THEN ARRAY['list.remittance', 'show.remittance', 'create.remittance', 'edit.remittance', 'delete.remittance', 'approve.remittance']
    WHEN (r."name" = 'Manager' AND x.h = '77da57c2de9c732a4693fd2bcef158cc') OR (r."name" = 'Viewer' AND x.h = '30c70801313e9c749026efbcca02aedf')
      THEN ARRAY['list.remittance', 'show.remittance']
    ELSE ARRAY[]::text[] END) AS p ORDER BY p), "updated_at" = now()
FROM (SELECT "organization_id", "id", md5(array_to_string(ARRAY(SELECT p FROM unnest("permissions") AS p ORDER BY p COLLATE "C"), ',')) AS h FROM "roles") x
WHERE x."organization_id" = r."organization_id" AND x."id" = r."id" AND r."built_in"
  AND r."name" IN ('Administrator', 'Accountant', 'Manager', 'Viewer');
