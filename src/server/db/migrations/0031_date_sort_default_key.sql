-- A filterable date's sort index also carries the area's default sort column after the id (its order
-- unchanged): a range of days listed in the default order gathers its matches' ids and sort keys from
-- the index alone (crud/list-statement.ts gatheredPage), not from the table's rows.
DROP INDEX "invoices_period_start_sort_idx";--> statement-breakpoint
DROP INDEX "invoices_due_date_sort_idx";--> statement-breakpoint
DROP INDEX "leases_end_date_sort_idx";--> statement-breakpoint
DROP INDEX "tickets_due_date_sort_idx";--> statement-breakpoint
DROP INDEX "work_orders_scheduled_date_sort_idx";--> statement-breakpoint
CREATE INDEX "invoices_period_start_sort_idx" ON "invoices" USING btree ("organization_id","period_start","id","issue_date");--> statement-breakpoint
CREATE INDEX "invoices_due_date_sort_idx" ON "invoices" USING btree ("organization_id","due_date","id","issue_date");--> statement-breakpoint
CREATE INDEX "leases_end_date_sort_idx" ON "leases" USING btree ("organization_id","end_date","id","start_date");--> statement-breakpoint
CREATE INDEX "tickets_due_date_sort_idx" ON "tickets" USING btree ("organization_id","due_date","id","number");--> statement-breakpoint
CREATE INDEX "work_orders_scheduled_date_sort_idx" ON "work_orders" USING btree ("organization_id","scheduled_date","id","number");