CREATE TABLE "deposit_settlements" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"lease_id" text NOT NULL,
	"tenant_id" text,
	"move_out_date" date NOT NULL,
	"deposit" numeric(14, 2) DEFAULT '0' NOT NULL,
	"arrears" numeric(14, 2) DEFAULT '0' NOT NULL,
	"applied" numeric(14, 2) DEFAULT '0' NOT NULL,
	"refundable" numeric(14, 2) DEFAULT '0' NOT NULL,
	"applications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_settlements_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "deposit_settlements" ADD CONSTRAINT "deposit_settlements_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_settlements_lease_unique" ON "deposit_settlements" USING btree ("organization_id","lease_id");