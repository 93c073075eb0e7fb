CREATE TABLE "payment_callbacks" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"channel_id" text NOT NULL,
	"kind" text NOT NULL,
	"trans_id" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"payment_id" text,
	"error" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "payment_callbacks_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "payment_channels" ADD COLUMN "daraja_refuse_unknown_accounts" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_callbacks" ADD CONSTRAINT "payment_callbacks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_callbacks_trans_unique" ON "payment_callbacks" USING btree ("organization_id","channel_id","kind","trans_id");--> statement-breakpoint
CREATE INDEX "payment_callbacks_payment_idx" ON "payment_callbacks" USING btree ("organization_id","payment_id");--> statement-breakpoint
CREATE INDEX "payment_callbacks_received_idx" ON "payment_callbacks" USING btree ("organization_id","received_at");--> statement-breakpoint
-- hand-written (issue 10): a Daraja callback finds its channel by the secret in its path alone
-- (domain/daraja/c2b.ts), before any organisation is known; secrets are unique across organisations.
CREATE UNIQUE INDEX "payment_channels_callback_secret_unique" ON "payment_channels" USING btree ("callback_secret");
