CREATE TABLE "meters" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"house_id" text NOT NULL,
	"property_id" text,
	"number" text NOT NULL,
	"utility" text DEFAULT 'water' NOT NULL,
	"unit" text DEFAULT 'm3' NOT NULL,
	"charge_id" text,
	"active" boolean DEFAULT true NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meters_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "readings" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"meter_id" text NOT NULL,
	"house_id" text,
	"property_id" text,
	"date" date NOT NULL,
	"value" numeric(12, 3) NOT NULL,
	"replacement" boolean DEFAULT false NOT NULL,
	"taken_by_id" text,
	"note" text,
	"previous_id" text,
	"previous_value" numeric(12, 3),
	"consumption" numeric(12, 3),
	"invoice_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "readings_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "minimum_charge" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "standing_charge" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "meters" ADD CONSTRAINT "meters_house_id_fk" FOREIGN KEY ("organization_id","house_id") REFERENCES "public"."houses"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meters" ADD CONSTRAINT "meters_property_id_fk" FOREIGN KEY ("organization_id","property_id") REFERENCES "public"."properties"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meters" ADD CONSTRAINT "meters_charge_id_fk" FOREIGN KEY ("organization_id","charge_id") REFERENCES "public"."charges"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readings" ADD CONSTRAINT "readings_meter_id_fk" FOREIGN KEY ("organization_id","meter_id") REFERENCES "public"."meters"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readings" ADD CONSTRAINT "readings_house_id_fk" FOREIGN KEY ("organization_id","house_id") REFERENCES "public"."houses"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readings" ADD CONSTRAINT "readings_property_id_fk" FOREIGN KEY ("organization_id","property_id") REFERENCES "public"."properties"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readings" ADD CONSTRAINT "readings_taken_by_id_fk" FOREIGN KEY ("organization_id","taken_by_id") REFERENCES "public"."memberships"("organization_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readings" ADD CONSTRAINT "readings_previous_id_fk" FOREIGN KEY ("organization_id","previous_id") REFERENCES "public"."readings"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readings" ADD CONSTRAINT "readings_invoice_id_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoices"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "meters_utility_number_unique" ON "meters" USING btree ("organization_id","utility",lower(btrim("number")));--> statement-breakpoint
CREATE INDEX "meters_number_sort_idx" ON "meters" USING btree ("organization_id","number","id");--> statement-breakpoint
CREATE INDEX "meters_house_id_idx" ON "meters" USING btree ("organization_id","house_id");--> statement-breakpoint
CREATE INDEX "meters_property_id_idx" ON "meters" USING btree ("organization_id","property_id");--> statement-breakpoint
CREATE INDEX "meters_charge_id_idx" ON "meters" USING btree ("organization_id","charge_id");--> statement-breakpoint
CREATE INDEX "meters_number_trgm_idx" ON "meters" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "readings_date_sort_idx" ON "readings" USING btree ("organization_id","date","id");--> statement-breakpoint
CREATE INDEX "readings_meter_id_idx" ON "readings" USING btree ("organization_id","meter_id");--> statement-breakpoint
CREATE INDEX "readings_house_id_idx" ON "readings" USING btree ("organization_id","house_id");--> statement-breakpoint
CREATE INDEX "readings_property_id_idx" ON "readings" USING btree ("organization_id","property_id");--> statement-breakpoint
CREATE INDEX "readings_taken_by_id_idx" ON "readings" USING btree ("organization_id","taken_by_id");--> statement-breakpoint
CREATE INDEX "readings_previous_id_idx" ON "readings" USING btree ("organization_id","previous_id");--> statement-breakpoint
CREATE INDEX "readings_invoice_id_idx" ON "readings" USING btree ("organization_id","invoice_id");--> statement-breakpoint
-- Hand-written (carry over when renumbering): existing organisations' built-in roles get the new
-- meter and reading permissions as new organisations do (src/shared/permissions.ts). Administrator
-- too, here rather than by the start's top-up, which only tops up permissions no role holds yet.
UPDATE "roles" SET "permissions" = ARRAY(SELECT DISTINCT p FROM unnest("permissions" || CASE "name"
    WHEN 'Administrator' THEN ARRAY['list.meter', 'show.meter', 'create.meter', 'edit.meter', 'delete.meter', 'list.reading', 'show.reading', 'create.reading', 'edit.reading', 'delete.reading']
    WHEN 'Manager' THEN ARRAY['list.meter', 'show.meter', 'create.meter', 'edit.meter', 'delete.meter', 'list.reading', 'show.reading', 'create.reading', 'edit.reading', 'delete.reading']
    WHEN 'Caretaker' THEN ARRAY['list.meter', 'show.meter', 'list.reading', 'show.reading', 'create.reading', 'edit.reading']
    ELSE ARRAY['list.meter', 'show.meter', 'list.reading', 'show.reading'] END) AS p ORDER BY p), "updated_at" = now()
WHERE "built_in" AND "name" IN ('Administrator', 'Manager', 'Caretaker', 'Accountant', 'Viewer') AND NOT ("permissions" && ARRAY['list.meter', 'list.reading']);
