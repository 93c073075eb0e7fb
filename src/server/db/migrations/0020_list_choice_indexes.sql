-- Filterable choice fields (status, kind, method) get an (organization_id, field) index unless a
-- sort or unique index already leads with them: the exact total of such a filter, at any size, is
-- an index-only count (src/server/crud/count.ts). Generated from src/server/db/resource-tables.ts.
CREATE INDEX "charges_billing_idx" ON "charges" USING btree ("organization_id","billing");--> statement-breakpoint
CREATE INDEX "charges_kept_by_idx" ON "charges" USING btree ("organization_id","kept_by");--> statement-breakpoint
CREATE INDEX "expenses_borne_by_idx" ON "expenses" USING btree ("organization_id","borne_by");--> statement-breakpoint
CREATE INDEX "leases_billing_frequency_idx" ON "leases" USING btree ("organization_id","billing_frequency");--> statement-breakpoint
CREATE INDEX "messages_channel_idx" ON "messages" USING btree ("organization_id","channel");--> statement-breakpoint
CREATE INDEX "messages_recipient_type_idx" ON "messages" USING btree ("organization_id","recipient_type");--> statement-breakpoint
CREATE INDEX "payment_channels_kind_idx" ON "payment_channels" USING btree ("organization_id","kind");--> statement-breakpoint
CREATE INDEX "payments_method_idx" ON "payments" USING btree ("organization_id","method");--> statement-breakpoint
CREATE INDEX "properties_kind_idx" ON "properties" USING btree ("organization_id","kind");--> statement-breakpoint
CREATE INDEX "property_owners_kind_idx" ON "property_owners" USING btree ("organization_id","kind");--> statement-breakpoint
CREATE INDEX "remittances_method_idx" ON "remittances" USING btree ("organization_id","method");--> statement-breakpoint
CREATE INDEX "sms_credits_kind_idx" ON "sms_credits" USING btree ("organization_id","kind");--> statement-breakpoint
CREATE INDEX "templates_channel_idx" ON "templates" USING btree ("organization_id","channel");--> statement-breakpoint
CREATE INDEX "templates_purpose_idx" ON "templates" USING btree ("organization_id","purpose");--> statement-breakpoint
CREATE INDEX "tenants_kind_idx" ON "tenants" USING btree ("organization_id","kind");--> statement-breakpoint
CREATE INDEX "tickets_source_idx" ON "tickets" USING btree ("organization_id","source");--> statement-breakpoint
CREATE INDEX "work_orders_paid_by_idx" ON "work_orders" USING btree ("organization_id","paid_by");