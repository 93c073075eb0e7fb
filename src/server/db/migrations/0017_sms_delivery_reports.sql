ALTER TABLE "organizations" ADD COLUMN "sms_report_secret" text DEFAULT replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "cost" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_sms_report_secret_unique" ON "organizations" USING btree ("sms_report_secret");--> statement-breakpoint
CREATE INDEX "messages_delivered_at_sort_idx" ON "messages" USING btree ("organization_id","delivered_at","id");--> statement-breakpoint
-- hand-written below
-- a delivery report names its message by the provider's id alone (routes/sms-webhooks.ts)
CREATE INDEX IF NOT EXISTS "messages_provider_id_idx" ON "messages" USING btree ("organization_id","provider_id");
