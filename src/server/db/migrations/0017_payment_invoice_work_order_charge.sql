ALTER TABLE "payments" ADD COLUMN "invoice_id" text;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "charged_invoice_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoices"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_charged_invoice_id_fk" FOREIGN KEY ("organization_id","charged_invoice_id") REFERENCES "public"."invoices"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_invoice_id_idx" ON "payments" USING btree ("organization_id","invoice_id");--> statement-breakpoint
CREATE INDEX "work_orders_charged_invoice_id_idx" ON "work_orders" USING btree ("organization_id","charged_invoice_id");