ALTER TABLE "deposit_settlements" ADD COLUMN "unpaid_cancelled" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "posted_on" date;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "waived_on" date;--> statement-breakpoint
CREATE INDEX "invoice_lines_posted_on_sort_idx" ON "invoice_lines" USING btree ("organization_id","posted_on","id");--> statement-breakpoint
CREATE INDEX "invoice_lines_waived_on_sort_idx" ON "invoice_lines" USING btree ("organization_id","waived_on","id");--> statement-breakpoint
UPDATE "invoice_lines" SET "posted_on" = "penalty_date" WHERE "kind" = 'penalty' AND "penalty_date" IS NOT NULL;--> statement-breakpoint
UPDATE "invoice_lines" l SET "kind" = CASE WHEN l."description" = 'Deposit applied to arrears' THEN 'deposit' ELSE l."kind" END,
  "posted_on" = greatest(coalesce(
    (SELECT ds."move_out_date" FROM "invoices" i JOIN "deposit_settlements" ds ON ds."organization_id" = i."organization_id" AND ds."lease_id" = i."lease_id"
     WHERE i."organization_id" = l."organization_id" AND i."id" = l."invoice_id"
       AND (l."description" = 'Deposit applied to arrears' OR l."description" LIKE 'Move-out %')),
    (l."created_at" AT TIME ZONE 'Africa/Nairobi')::date),
    (SELECT i."issue_date" FROM "invoices" i WHERE i."organization_id" = l."organization_id" AND i."id" = l."invoice_id"))
WHERE l."kind" = 'adjustment';--> statement-breakpoint
UPDATE "invoice_lines" SET "waived_on" = greatest(("updated_at" AT TIME ZONE 'Africa/Nairobi')::date, "penalty_date") WHERE "waived";
