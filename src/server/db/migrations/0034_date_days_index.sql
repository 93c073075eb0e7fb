-- A filterable date keeps a days index beside its sort index: (org, date, default sort column, id).
-- A range of days listed in the default order reads each non-empty day's first page from it
-- (crud/list-statement.ts probedPage), not every match; the sort index no longer carries the
-- default sort column (migration 0031), which only the gathering of those matches read.
DROP INDEX "invoices_period_start_sort_idx";--> statement-breakpoint
DROP INDEX "invoices_due_date_sort_idx";--> statement-breakpoint
DROP INDEX "leases_end_date_sort_idx";--> statement-breakpoint
DROP INDEX "tickets_due_date_sort_idx";--> statement-breakpoint
DROP INDEX "work_orders_scheduled_date_sort_idx";--> statement-breakpoint
CREATE INDEX "invoices_period_start_issue_date_idx" ON "invoices" USING btree ("organization_id","period_start","issue_date","id");--> statement-breakpoint
CREATE INDEX "invoices_due_date_issue_date_idx" ON "invoices" USING btree ("organization_id","due_date","issue_date","id");--> statement-breakpoint
CREATE INDEX "leases_end_date_start_date_idx" ON "leases" USING btree ("organization_id","end_date","start_date","id");--> statement-breakpoint
CREATE INDEX "remittances_period_start_date_idx" ON "remittances" USING btree ("organization_id","period_start","date","id");--> statement-breakpoint
CREATE INDEX "tickets_due_date_number_idx" ON "tickets" USING btree ("organization_id","due_date","number","id");--> statement-breakpoint
CREATE INDEX "work_orders_scheduled_date_number_idx" ON "work_orders" USING btree ("organization_id","scheduled_date","number","id");--> statement-breakpoint
CREATE INDEX "invoices_period_start_sort_idx" ON "invoices" USING btree ("organization_id","period_start","id");--> statement-breakpoint
CREATE INDEX "invoices_due_date_sort_idx" ON "invoices" USING btree ("organization_id","due_date","id");--> statement-breakpoint
CREATE INDEX "leases_end_date_sort_idx" ON "leases" USING btree ("organization_id","end_date","id");--> statement-breakpoint
CREATE INDEX "tickets_due_date_sort_idx" ON "tickets" USING btree ("organization_id","due_date","id");--> statement-breakpoint
CREATE INDEX "work_orders_scheduled_date_sort_idx" ON "work_orders" USING btree ("organization_id","scheduled_date","id");