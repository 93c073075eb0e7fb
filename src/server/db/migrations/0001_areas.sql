CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "aggregators" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"contact_person" text,
	"phone" text,
	"email" text,
	"kra_pin" text,
	"commission_share" numeric(5, 2),
	"payout_method" text,
	"payout_bank" text,
	"payout_bank_branch" text,
	"payout_account_name" text,
	"payout_account_number" text,
	"payout_mpesa_phone" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aggregators_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "charges" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"category" text DEFAULT 'other' NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"billing" text DEFAULT 'monthly' NOT NULL,
	"metered" boolean DEFAULT false NOT NULL,
	"taxable" boolean DEFAULT false NOT NULL,
	"refundable" boolean DEFAULT false NOT NULL,
	"kept_by" text DEFAULT 'owner' NOT NULL,
	"priority" integer DEFAULT 100 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charges_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"property_id" text NOT NULL,
	"house_id" text,
	"category" text DEFAULT 'other' NOT NULL,
	"service_provider_id" text,
	"payee" text,
	"work_order_id" text,
	"amount" numeric(14, 2) NOT NULL,
	"date" date NOT NULL,
	"reference" text,
	"borne_by" text DEFAULT 'owner' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attachment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expenses_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "house_types" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"default_rent" numeric(14, 2),
	"default_deposit" numeric(14, 2),
	"charge_ids" text[],
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "house_types_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "houses" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"property_id" text,
	"owner_id" text NOT NULL,
	"house_type_id" text,
	"number" text NOT NULL,
	"account_code" text NOT NULL,
	"block" text,
	"floor" text,
	"rent" numeric(14, 2) NOT NULL,
	"deposit" numeric(14, 2),
	"water_meter" text,
	"electricity_meter" text,
	"status" text DEFAULT 'vacant' NOT NULL,
	"charge_ids" text[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "houses_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "incomes" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"property_id" text,
	"category" text DEFAULT 'other' NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"date" date NOT NULL,
	"channel_id" text,
	"reference" text,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incomes_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"invoice_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"kind" text DEFAULT 'charge' NOT NULL,
	"charge_id" text,
	"description" text NOT NULL,
	"quantity" numeric(12, 3) DEFAULT '1' NOT NULL,
	"rate" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"meter_previous" numeric(12, 3),
	"meter_current" numeric(12, 3),
	"penalty_date" date,
	"waived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_lines_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"number" text,
	"lease_id" text NOT NULL,
	"tenant_id" text,
	"house_id" text,
	"property_id" text,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"paid" numeric(14, 2) DEFAULT '0' NOT NULL,
	"balance" numeric(14, 2) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"void_reason" text,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "lease_charges" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"lease_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"charge_id" text NOT NULL,
	"amount" numeric(14, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lease_charges_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "leases" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"house_id" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"rent" numeric(14, 2) NOT NULL,
	"deposit" numeric(14, 2),
	"billing_frequency" text DEFAULT 'monthly' NOT NULL,
	"due_day" integer,
	"escalation_rate" numeric(5, 2),
	"escalation_months" integer,
	"penalty_type" text,
	"penalty_amount" numeric(14, 2),
	"penalty_rate" numeric(5, 2),
	"penalty_frequency" text,
	"penalty_cap" numeric(14, 2),
	"status" text DEFAULT 'draft' NOT NULL,
	"notice_date" date,
	"move_out_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leases_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"channel" text DEFAULT 'sms' NOT NULL,
	"recipient_type" text DEFAULT 'tenant' NOT NULL,
	"tenant_id" text,
	"owner_id" text,
	"user_id" text,
	"to" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"template_id" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"segments" integer DEFAULT 0 NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"provider_id" text,
	"error" text,
	"scheduled_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "payment_allocations" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"payment_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"invoice_id" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_allocations_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "payment_channels" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'mpesa_paybill' NOT NULL,
	"number" text,
	"bank_name" text,
	"bank_branch" text,
	"account_format" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"callback_secret" text,
	"daraja_environment" text DEFAULT 'production',
	"daraja_consumer_key" text,
	"daraja_consumer_secret" text,
	"daraja_passkey" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_channels_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"receipt_number" text,
	"tenant_id" text,
	"lease_id" text,
	"channel_id" text NOT NULL,
	"method" text DEFAULT 'mpesa' NOT NULL,
	"external_reference" text,
	"amount" numeric(14, 2) NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"payer_name" text,
	"payer_phone" text,
	"account_reference" text,
	"unallocated" numeric(14, 2) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'unmatched' NOT NULL,
	"reversal_reason" text,
	"reversed_at" timestamp with time zone,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"owner_id" text NOT NULL,
	"aggregator_id" text,
	"kind" text DEFAULT 'residential' NOT NULL,
	"county" text,
	"town" text,
	"address" text,
	"caretaker_id" text,
	"billing_day" integer,
	"due_day" integer,
	"grace_days" integer,
	"penalty_type" text,
	"penalty_amount" numeric(14, 2),
	"penalty_rate" numeric(5, 2),
	"penalty_frequency" text,
	"penalty_cap" numeric(14, 2),
	"commission_rate" numeric(5, 2),
	"payment_channel_id" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "properties_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "property_owners" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"kind" text DEFAULT 'individual' NOT NULL,
	"name" text NOT NULL,
	"id_number" text,
	"kra_pin" text,
	"phone" text,
	"email" text,
	"payout_method" text,
	"payout_bank" text,
	"payout_bank_branch" text,
	"payout_account_name" text,
	"payout_account_number" text,
	"payout_mpesa_phone" text,
	"commission_rate" numeric(5, 2),
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "property_owners_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "service_providers" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"category_ids" text[],
	"phone" text,
	"email" text,
	"kra_pin" text,
	"payout_method" text,
	"payout_bank" text,
	"payout_bank_branch" text,
	"payout_account_name" text,
	"payout_account_number" text,
	"payout_mpesa_phone" text,
	"rate_notes" text,
	"rating" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_providers_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "sms_credits" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"kind" text DEFAULT 'top_up' NOT NULL,
	"credits" integer NOT NULL,
	"cost" numeric(14, 2),
	"reference" text,
	"date" date NOT NULL,
	"message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_credits_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"channel" text DEFAULT 'sms' NOT NULL,
	"purpose" text DEFAULT 'other' NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "templates_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"kind" text DEFAULT 'individual' NOT NULL,
	"name" text NOT NULL,
	"id_number" text,
	"kra_pin" text,
	"phone" text NOT NULL,
	"alt_phone" text,
	"email" text,
	"next_of_kin" text,
	"next_of_kin_phone" text,
	"employer" text,
	"sms_opt_in" boolean DEFAULT true NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenants_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"number" text,
	"property_id" text,
	"house_id" text,
	"tenant_id" text,
	"category_id" text,
	"subject" text NOT NULL,
	"description" text,
	"priority" text DEFAULT 'normal' NOT NULL,
	"source" text DEFAULT 'call' NOT NULL,
	"assignee_id" text,
	"due_date" date,
	"status" text DEFAULT 'open' NOT NULL,
	"reopen_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tickets_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "work_order_categories" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_order_categories_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "work_orders" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"number" text,
	"ticket_id" text,
	"category_id" text,
	"service_provider_id" text,
	"property_id" text NOT NULL,
	"house_id" text,
	"description" text NOT NULL,
	"estimate" numeric(14, 2),
	"actual_cost" numeric(14, 2),
	"paid_by" text DEFAULT 'owner' NOT NULL,
	"scheduled_date" date,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_orders_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_property_id_fk" FOREIGN KEY ("organization_id","property_id") REFERENCES "public"."properties"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_house_id_fk" FOREIGN KEY ("organization_id","house_id") REFERENCES "public"."houses"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_service_provider_id_fk" FOREIGN KEY ("organization_id","service_provider_id") REFERENCES "public"."service_providers"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_work_order_id_fk" FOREIGN KEY ("organization_id","work_order_id") REFERENCES "public"."work_orders"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "houses" ADD CONSTRAINT "houses_property_id_fk" FOREIGN KEY ("organization_id","property_id") REFERENCES "public"."properties"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "houses" ADD CONSTRAINT "houses_owner_id_fk" FOREIGN KEY ("organization_id","owner_id") REFERENCES "public"."property_owners"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "houses" ADD CONSTRAINT "houses_house_type_id_fk" FOREIGN KEY ("organization_id","house_type_id") REFERENCES "public"."house_types"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incomes" ADD CONSTRAINT "incomes_property_id_fk" FOREIGN KEY ("organization_id","property_id") REFERENCES "public"."properties"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incomes" ADD CONSTRAINT "incomes_channel_id_fk" FOREIGN KEY ("organization_id","channel_id") REFERENCES "public"."payment_channels"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoices"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_charge_id_fk" FOREIGN KEY ("organization_id","charge_id") REFERENCES "public"."charges"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_lease_id_fk" FOREIGN KEY ("organization_id","lease_id") REFERENCES "public"."leases"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_tenant_id_fk" FOREIGN KEY ("organization_id","tenant_id") REFERENCES "public"."tenants"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_house_id_fk" FOREIGN KEY ("organization_id","house_id") REFERENCES "public"."houses"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_property_id_fk" FOREIGN KEY ("organization_id","property_id") REFERENCES "public"."properties"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_charges" ADD CONSTRAINT "lease_charges_lease_id_fk" FOREIGN KEY ("organization_id","lease_id") REFERENCES "public"."leases"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_charges" ADD CONSTRAINT "lease_charges_charge_id_fk" FOREIGN KEY ("organization_id","charge_id") REFERENCES "public"."charges"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leases" ADD CONSTRAINT "leases_tenant_id_fk" FOREIGN KEY ("organization_id","tenant_id") REFERENCES "public"."tenants"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leases" ADD CONSTRAINT "leases_house_id_fk" FOREIGN KEY ("organization_id","house_id") REFERENCES "public"."houses"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_tenant_id_fk" FOREIGN KEY ("organization_id","tenant_id") REFERENCES "public"."tenants"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_owner_id_fk" FOREIGN KEY ("organization_id","owner_id") REFERENCES "public"."property_owners"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_fk" FOREIGN KEY ("organization_id","user_id") REFERENCES "public"."memberships"("organization_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_template_id_fk" FOREIGN KEY ("organization_id","template_id") REFERENCES "public"."templates"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_fk" FOREIGN KEY ("organization_id","payment_id") REFERENCES "public"."payments"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_invoice_id_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoices"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_tenant_id_fk" FOREIGN KEY ("organization_id","tenant_id") REFERENCES "public"."tenants"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_lease_id_fk" FOREIGN KEY ("organization_id","lease_id") REFERENCES "public"."leases"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_channel_id_fk" FOREIGN KEY ("organization_id","channel_id") REFERENCES "public"."payment_channels"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_owner_id_fk" FOREIGN KEY ("organization_id","owner_id") REFERENCES "public"."property_owners"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_aggregator_id_fk" FOREIGN KEY ("organization_id","aggregator_id") REFERENCES "public"."aggregators"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_caretaker_id_fk" FOREIGN KEY ("organization_id","caretaker_id") REFERENCES "public"."memberships"("organization_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_payment_channel_id_fk" FOREIGN KEY ("organization_id","payment_channel_id") REFERENCES "public"."payment_channels"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_credits" ADD CONSTRAINT "sms_credits_message_id_fk" FOREIGN KEY ("organization_id","message_id") REFERENCES "public"."messages"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_property_id_fk" FOREIGN KEY ("organization_id","property_id") REFERENCES "public"."properties"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_house_id_fk" FOREIGN KEY ("organization_id","house_id") REFERENCES "public"."houses"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_tenant_id_fk" FOREIGN KEY ("organization_id","tenant_id") REFERENCES "public"."tenants"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_category_id_fk" FOREIGN KEY ("organization_id","category_id") REFERENCES "public"."work_order_categories"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_assignee_id_fk" FOREIGN KEY ("organization_id","assignee_id") REFERENCES "public"."memberships"("organization_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_ticket_id_fk" FOREIGN KEY ("organization_id","ticket_id") REFERENCES "public"."tickets"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_category_id_fk" FOREIGN KEY ("organization_id","category_id") REFERENCES "public"."work_order_categories"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_service_provider_id_fk" FOREIGN KEY ("organization_id","service_provider_id") REFERENCES "public"."service_providers"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_property_id_fk" FOREIGN KEY ("organization_id","property_id") REFERENCES "public"."properties"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_house_id_fk" FOREIGN KEY ("organization_id","house_id") REFERENCES "public"."houses"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "aggregators_name_sort_idx" ON "aggregators" USING btree ("organization_id","name","id");--> statement-breakpoint
CREATE INDEX "aggregators_commission_share_sort_idx" ON "aggregators" USING btree ("organization_id","commission_share","id");--> statement-breakpoint
CREATE INDEX "aggregators_name_trgm_idx" ON "aggregators" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "aggregators_contact_person_trgm_idx" ON "aggregators" USING gin ("contact_person" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "aggregators_phone_trgm_idx" ON "aggregators" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "aggregators_email_trgm_idx" ON "aggregators" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "charges_name_sort_idx" ON "charges" USING btree ("organization_id","name","id");--> statement-breakpoint
CREATE INDEX "charges_category_sort_idx" ON "charges" USING btree ("organization_id","category","id");--> statement-breakpoint
CREATE INDEX "charges_amount_sort_idx" ON "charges" USING btree ("organization_id","amount","id");--> statement-breakpoint
CREATE INDEX "charges_priority_sort_idx" ON "charges" USING btree ("organization_id","priority","id");--> statement-breakpoint
CREATE INDEX "charges_name_trgm_idx" ON "charges" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "expenses_category_sort_idx" ON "expenses" USING btree ("organization_id","category","id");--> statement-breakpoint
CREATE INDEX "expenses_amount_sort_idx" ON "expenses" USING btree ("organization_id","amount","id");--> statement-breakpoint
CREATE INDEX "expenses_date_sort_idx" ON "expenses" USING btree ("organization_id","date","id");--> statement-breakpoint
CREATE INDEX "expenses_status_sort_idx" ON "expenses" USING btree ("organization_id","status","id");--> statement-breakpoint
CREATE INDEX "expenses_property_id_idx" ON "expenses" USING btree ("organization_id","property_id");--> statement-breakpoint
CREATE INDEX "expenses_house_id_idx" ON "expenses" USING btree ("organization_id","house_id");--> statement-breakpoint
CREATE INDEX "expenses_service_provider_id_idx" ON "expenses" USING btree ("organization_id","service_provider_id");--> statement-breakpoint
CREATE INDEX "expenses_work_order_id_idx" ON "expenses" USING btree ("organization_id","work_order_id");--> statement-breakpoint
CREATE INDEX "expenses_payee_trgm_idx" ON "expenses" USING gin ("payee" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "expenses_reference_trgm_idx" ON "expenses" USING gin ("reference" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "house_types_name_unique" ON "house_types" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "house_types_default_rent_sort_idx" ON "house_types" USING btree ("organization_id","default_rent","id");--> statement-breakpoint
CREATE INDEX "house_types_name_trgm_idx" ON "house_types" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "houses_account_code_unique" ON "houses" USING btree ("organization_id","account_code");--> statement-breakpoint
CREATE INDEX "houses_number_sort_idx" ON "houses" USING btree ("organization_id","number","id");--> statement-breakpoint
CREATE INDEX "houses_rent_sort_idx" ON "houses" USING btree ("organization_id","rent","id");--> statement-breakpoint
CREATE INDEX "houses_status_sort_idx" ON "houses" USING btree ("organization_id","status","id");--> statement-breakpoint
CREATE INDEX "houses_property_id_idx" ON "houses" USING btree ("organization_id","property_id");--> statement-breakpoint
CREATE INDEX "houses_owner_id_idx" ON "houses" USING btree ("organization_id","owner_id");--> statement-breakpoint
CREATE INDEX "houses_house_type_id_idx" ON "houses" USING btree ("organization_id","house_type_id");--> statement-breakpoint
CREATE INDEX "houses_number_trgm_idx" ON "houses" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "houses_account_code_trgm_idx" ON "houses" USING gin ("account_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "houses_water_meter_trgm_idx" ON "houses" USING gin ("water_meter" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "houses_electricity_meter_trgm_idx" ON "houses" USING gin ("electricity_meter" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "incomes_category_sort_idx" ON "incomes" USING btree ("organization_id","category","id");--> statement-breakpoint
CREATE INDEX "incomes_amount_sort_idx" ON "incomes" USING btree ("organization_id","amount","id");--> statement-breakpoint
CREATE INDEX "incomes_date_sort_idx" ON "incomes" USING btree ("organization_id","date","id");--> statement-breakpoint
CREATE INDEX "incomes_property_id_idx" ON "incomes" USING btree ("organization_id","property_id");--> statement-breakpoint
CREATE INDEX "incomes_channel_id_idx" ON "incomes" USING btree ("organization_id","channel_id");--> statement-breakpoint
CREATE INDEX "incomes_reference_trgm_idx" ON "incomes" USING gin ("reference" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "incomes_description_trgm_idx" ON "incomes" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_id_idx" ON "invoice_lines" USING btree ("organization_id","invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_penalty_date_unique" ON "invoice_lines" USING btree ("organization_id","invoice_id","penalty_date");--> statement-breakpoint
CREATE INDEX "invoice_lines_charge_id_idx" ON "invoice_lines" USING btree ("organization_id","charge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("organization_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_lease_id_period_start_unique" ON "invoices" USING btree ("organization_id","lease_id","period_start");--> statement-breakpoint
CREATE INDEX "invoices_period_start_sort_idx" ON "invoices" USING btree ("organization_id","period_start","id");--> statement-breakpoint
CREATE INDEX "invoices_issue_date_sort_idx" ON "invoices" USING btree ("organization_id","issue_date","id");--> statement-breakpoint
CREATE INDEX "invoices_due_date_sort_idx" ON "invoices" USING btree ("organization_id","due_date","id");--> statement-breakpoint
CREATE INDEX "invoices_total_sort_idx" ON "invoices" USING btree ("organization_id","total","id");--> statement-breakpoint
CREATE INDEX "invoices_balance_sort_idx" ON "invoices" USING btree ("organization_id","balance","id");--> statement-breakpoint
CREATE INDEX "invoices_status_sort_idx" ON "invoices" USING btree ("organization_id","status","id");--> statement-breakpoint
CREATE INDEX "invoices_tenant_id_idx" ON "invoices" USING btree ("organization_id","tenant_id");--> statement-breakpoint
CREATE INDEX "invoices_house_id_idx" ON "invoices" USING btree ("organization_id","house_id");--> statement-breakpoint
CREATE INDEX "invoices_property_id_idx" ON "invoices" USING btree ("organization_id","property_id");--> statement-breakpoint
CREATE INDEX "invoices_number_trgm_idx" ON "invoices" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lease_charges_lease_id_idx" ON "lease_charges" USING btree ("organization_id","lease_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "lease_charges_charge_id_unique" ON "lease_charges" USING btree ("organization_id","lease_id","charge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "leases_house_id_unique" ON "leases" USING btree ("organization_id","house_id") WHERE "leases"."status" in ('active', 'notice');--> statement-breakpoint
CREATE INDEX "leases_start_date_sort_idx" ON "leases" USING btree ("organization_id","start_date","id");--> statement-breakpoint
CREATE INDEX "leases_end_date_sort_idx" ON "leases" USING btree ("organization_id","end_date","id");--> statement-breakpoint
CREATE INDEX "leases_rent_sort_idx" ON "leases" USING btree ("organization_id","rent","id");--> statement-breakpoint
CREATE INDEX "leases_status_sort_idx" ON "leases" USING btree ("organization_id","status","id");--> statement-breakpoint
CREATE INDEX "leases_move_out_date_sort_idx" ON "leases" USING btree ("organization_id","move_out_date","id");--> statement-breakpoint
CREATE INDEX "leases_tenant_id_idx" ON "leases" USING btree ("organization_id","tenant_id");--> statement-breakpoint
CREATE INDEX "messages_status_sort_idx" ON "messages" USING btree ("organization_id","status","id");--> statement-breakpoint
CREATE INDEX "messages_scheduled_at_sort_idx" ON "messages" USING btree ("organization_id","scheduled_at","id");--> statement-breakpoint
CREATE INDEX "messages_sent_at_sort_idx" ON "messages" USING btree ("organization_id","sent_at","id");--> statement-breakpoint
CREATE INDEX "messages_tenant_id_idx" ON "messages" USING btree ("organization_id","tenant_id");--> statement-breakpoint
CREATE INDEX "messages_owner_id_idx" ON "messages" USING btree ("organization_id","owner_id");--> statement-breakpoint
CREATE INDEX "messages_user_id_idx" ON "messages" USING btree ("organization_id","user_id");--> statement-breakpoint
CREATE INDEX "messages_template_id_idx" ON "messages" USING btree ("organization_id","template_id");--> statement-breakpoint
CREATE INDEX "messages_to_trgm_idx" ON "messages" USING gin ("to" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "messages_subject_trgm_idx" ON "messages" USING gin ("subject" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "messages_body_trgm_idx" ON "messages" USING gin ("body" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payment_allocations_payment_id_idx" ON "payment_allocations" USING btree ("organization_id","payment_id","position");--> statement-breakpoint
CREATE INDEX "payment_allocations_invoice_id_idx" ON "payment_allocations" USING btree ("organization_id","invoice_id");--> statement-breakpoint
CREATE INDEX "payment_channels_name_sort_idx" ON "payment_channels" USING btree ("organization_id","name","id");--> statement-breakpoint
CREATE INDEX "payment_channels_name_trgm_idx" ON "payment_channels" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payment_channels_number_trgm_idx" ON "payment_channels" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "payments_receipt_number_unique" ON "payments" USING btree ("organization_id","receipt_number");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_channel_id_external_reference_unique" ON "payments" USING btree ("organization_id","channel_id","external_reference");--> statement-breakpoint
CREATE INDEX "payments_amount_sort_idx" ON "payments" USING btree ("organization_id","amount","id");--> statement-breakpoint
CREATE INDEX "payments_paid_at_sort_idx" ON "payments" USING btree ("organization_id","paid_at","id");--> statement-breakpoint
CREATE INDEX "payments_unallocated_sort_idx" ON "payments" USING btree ("organization_id","unallocated","id");--> statement-breakpoint
CREATE INDEX "payments_status_sort_idx" ON "payments" USING btree ("organization_id","status","id");--> statement-breakpoint
CREATE INDEX "payments_tenant_id_idx" ON "payments" USING btree ("organization_id","tenant_id");--> statement-breakpoint
CREATE INDEX "payments_lease_id_idx" ON "payments" USING btree ("organization_id","lease_id");--> statement-breakpoint
CREATE INDEX "payments_receipt_number_trgm_idx" ON "payments" USING gin ("receipt_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payments_external_reference_trgm_idx" ON "payments" USING gin ("external_reference" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payments_payer_name_trgm_idx" ON "payments" USING gin ("payer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payments_payer_phone_trgm_idx" ON "payments" USING gin ("payer_phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payments_account_reference_trgm_idx" ON "payments" USING gin ("account_reference" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "properties_code_unique" ON "properties" USING btree ("organization_id","code");--> statement-breakpoint
CREATE INDEX "properties_name_sort_idx" ON "properties" USING btree ("organization_id","name","id");--> statement-breakpoint
CREATE INDEX "properties_county_sort_idx" ON "properties" USING btree ("organization_id","county","id");--> statement-breakpoint
CREATE INDEX "properties_owner_id_idx" ON "properties" USING btree ("organization_id","owner_id");--> statement-breakpoint
CREATE INDEX "properties_aggregator_id_idx" ON "properties" USING btree ("organization_id","aggregator_id");--> statement-breakpoint
CREATE INDEX "properties_caretaker_id_idx" ON "properties" USING btree ("organization_id","caretaker_id");--> statement-breakpoint
CREATE INDEX "properties_payment_channel_id_idx" ON "properties" USING btree ("organization_id","payment_channel_id");--> statement-breakpoint
CREATE INDEX "properties_name_trgm_idx" ON "properties" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "properties_code_trgm_idx" ON "properties" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "properties_town_trgm_idx" ON "properties" USING gin ("town" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "property_owners_name_sort_idx" ON "property_owners" USING btree ("organization_id","name","id");--> statement-breakpoint
CREATE INDEX "property_owners_commission_rate_sort_idx" ON "property_owners" USING btree ("organization_id","commission_rate","id");--> statement-breakpoint
CREATE INDEX "property_owners_name_trgm_idx" ON "property_owners" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "property_owners_id_number_trgm_idx" ON "property_owners" USING gin ("id_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "property_owners_phone_trgm_idx" ON "property_owners" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "property_owners_email_trgm_idx" ON "property_owners" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_providers_name_sort_idx" ON "service_providers" USING btree ("organization_id","name","id");--> statement-breakpoint
CREATE INDEX "service_providers_rating_sort_idx" ON "service_providers" USING btree ("organization_id","rating","id");--> statement-breakpoint
CREATE INDEX "service_providers_name_trgm_idx" ON "service_providers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_providers_phone_trgm_idx" ON "service_providers" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_providers_email_trgm_idx" ON "service_providers" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sms_credits_credits_sort_idx" ON "sms_credits" USING btree ("organization_id","credits","id");--> statement-breakpoint
CREATE INDEX "sms_credits_date_sort_idx" ON "sms_credits" USING btree ("organization_id","date","id");--> statement-breakpoint
CREATE INDEX "sms_credits_message_id_idx" ON "sms_credits" USING btree ("organization_id","message_id");--> statement-breakpoint
CREATE INDEX "sms_credits_reference_trgm_idx" ON "sms_credits" USING gin ("reference" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "templates_name_unique" ON "templates" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "templates_name_trgm_idx" ON "templates" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "templates_body_trgm_idx" ON "templates" USING gin ("body" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tenants_name_sort_idx" ON "tenants" USING btree ("organization_id","name","id");--> statement-breakpoint
CREATE INDEX "tenants_name_trgm_idx" ON "tenants" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tenants_id_number_trgm_idx" ON "tenants" USING gin ("id_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tenants_phone_trgm_idx" ON "tenants" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tenants_email_trgm_idx" ON "tenants" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_number_unique" ON "tickets" USING btree ("organization_id","number");--> statement-breakpoint
CREATE INDEX "tickets_subject_sort_idx" ON "tickets" USING btree ("organization_id","subject","id");--> statement-breakpoint
CREATE INDEX "tickets_priority_sort_idx" ON "tickets" USING btree ("organization_id","priority","id");--> statement-breakpoint
CREATE INDEX "tickets_due_date_sort_idx" ON "tickets" USING btree ("organization_id","due_date","id");--> statement-breakpoint
CREATE INDEX "tickets_status_sort_idx" ON "tickets" USING btree ("organization_id","status","id");--> statement-breakpoint
CREATE INDEX "tickets_property_id_idx" ON "tickets" USING btree ("organization_id","property_id");--> statement-breakpoint
CREATE INDEX "tickets_house_id_idx" ON "tickets" USING btree ("organization_id","house_id");--> statement-breakpoint
CREATE INDEX "tickets_tenant_id_idx" ON "tickets" USING btree ("organization_id","tenant_id");--> statement-breakpoint
CREATE INDEX "tickets_category_id_idx" ON "tickets" USING btree ("organization_id","category_id");--> statement-breakpoint
CREATE INDEX "tickets_assignee_id_idx" ON "tickets" USING btree ("organization_id","assignee_id");--> statement-breakpoint
CREATE INDEX "tickets_number_trgm_idx" ON "tickets" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tickets_subject_trgm_idx" ON "tickets" USING gin ("subject" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tickets_description_trgm_idx" ON "tickets" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "work_order_categories_name_unique" ON "work_order_categories" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "work_order_categories_name_trgm_idx" ON "work_order_categories" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "work_orders_number_unique" ON "work_orders" USING btree ("organization_id","number");--> statement-breakpoint
CREATE INDEX "work_orders_estimate_sort_idx" ON "work_orders" USING btree ("organization_id","estimate","id");--> statement-breakpoint
CREATE INDEX "work_orders_actual_cost_sort_idx" ON "work_orders" USING btree ("organization_id","actual_cost","id");--> statement-breakpoint
CREATE INDEX "work_orders_scheduled_date_sort_idx" ON "work_orders" USING btree ("organization_id","scheduled_date","id");--> statement-breakpoint
CREATE INDEX "work_orders_status_sort_idx" ON "work_orders" USING btree ("organization_id","status","id");--> statement-breakpoint
CREATE INDEX "work_orders_ticket_id_idx" ON "work_orders" USING btree ("organization_id","ticket_id");--> statement-breakpoint
CREATE INDEX "work_orders_category_id_idx" ON "work_orders" USING btree ("organization_id","category_id");--> statement-breakpoint
CREATE INDEX "work_orders_service_provider_id_idx" ON "work_orders" USING btree ("organization_id","service_provider_id");--> statement-breakpoint
CREATE INDEX "work_orders_property_id_idx" ON "work_orders" USING btree ("organization_id","property_id");--> statement-breakpoint
CREATE INDEX "work_orders_house_id_idx" ON "work_orders" USING btree ("organization_id","house_id");--> statement-breakpoint
CREATE INDEX "work_orders_number_trgm_idx" ON "work_orders" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "work_orders_description_trgm_idx" ON "work_orders" USING gin ("description" gin_trgm_ops);