CREATE TABLE "payment_allocation_releases" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"payment_id" text NOT NULL,
	"invoice_id" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"allocated_on" date NOT NULL,
	"released_on" date NOT NULL,
	"action" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_allocation_releases_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD COLUMN "allocated_on" date;--> statement-breakpoint
-- what the ledger read before allocations were dated: a payment pays its invoices from its own day,
-- an invoice counts from its issue date
UPDATE "payment_allocations" pa SET "allocated_on" = greatest((p."paid_at" AT TIME ZONE 'Africa/Nairobi')::date, i."issue_date")
FROM "payments" p, "invoices" i
WHERE p."organization_id" = pa."organization_id" AND p."id" = pa."payment_id"
  AND i."organization_id" = pa."organization_id" AND i."id" = pa."invoice_id";--> statement-breakpoint
ALTER TABLE "payment_allocations" ALTER COLUMN "allocated_on" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_allocation_releases" ADD CONSTRAINT "payment_allocation_releases_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_allocation_releases_invoice_idx" ON "payment_allocation_releases" USING btree ("organization_id","invoice_id");--> statement-breakpoint
CREATE INDEX "payment_allocation_releases_payment_idx" ON "payment_allocation_releases" USING btree ("organization_id","payment_id");--> statement-breakpoint
ALTER TABLE "payment_allocation_releases" ADD CONSTRAINT "payment_allocation_releases_payment_id_fk" FOREIGN KEY ("organization_id","payment_id") REFERENCES "public"."payments"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocation_releases" ADD CONSTRAINT "payment_allocation_releases_invoice_id_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoices"("organization_id","id") ON DELETE no action ON UPDATE no action;
