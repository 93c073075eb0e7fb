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
ALTER TABLE "payment_channels" ADD COLUMN "daraja_store_number" text;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_requests_checkout_unique" ON "payment_requests" USING btree ("organization_id","channel_id","checkout_request_id");--> statement-breakpoint
CREATE INDEX "payment_requests_tenant_idx" ON "payment_requests" USING btree ("organization_id","tenant_id","requested_at");--> statement-breakpoint
CREATE INDEX "payment_requests_invoice_idx" ON "payment_requests" USING btree ("organization_id","invoice_id");--> statement-breakpoint
CREATE INDEX "payment_requests_pending_idx" ON "payment_requests" USING btree ("organization_id","state","requested_at");