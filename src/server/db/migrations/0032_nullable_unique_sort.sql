-- A unique field that may be empty (a draft invoice's number, an unpaid payment's receipt number, a
-- property's code) gets a sort index (org, field, id): its unique index orders its empty values by
-- nothing, so a page sorted on it read and sorted them all (3,924 draft invoices for 25 rows).
CREATE INDEX "invoices_number_sort_idx" ON "invoices" USING btree ("organization_id","number","id");--> statement-breakpoint
CREATE INDEX "payments_receipt_number_sort_idx" ON "payments" USING btree ("organization_id","receipt_number","id");--> statement-breakpoint
CREATE INDEX "properties_code_sort_idx" ON "properties" USING btree ("organization_id","code","id");--> statement-breakpoint
CREATE INDEX "tickets_number_sort_idx" ON "tickets" USING btree ("organization_id","number","id");--> statement-breakpoint
CREATE INDEX "work_orders_number_sort_idx" ON "work_orders" USING btree ("organization_id","number","id");