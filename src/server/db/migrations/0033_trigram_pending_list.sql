-- Each trigram index keeps its pending list (rows inserted, not yet merged into the index) at
-- PostgreSQL's least, 64 kB, and starts with it empty: a search reads all of the list, and at the
-- default 4 MB, merged only when full or by a vacuum, it held 231 pages of the scale seed's invoice
-- numbers (db/resource-tables.ts indexes). Set in place: rebuilding them would read every table.
ALTER INDEX "aggregators_name_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "aggregators_contact_person_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "aggregators_phone_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "aggregators_email_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "charges_name_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "expenses_payee_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "expenses_reference_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "house_types_name_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "houses_number_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "houses_account_code_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "houses_water_meter_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "houses_electricity_meter_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "incomes_reference_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "incomes_description_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "invoices_number_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "messages_to_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "messages_subject_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "messages_body_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "meters_number_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "payment_channels_name_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "payment_channels_number_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "payments_receipt_number_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "payments_external_reference_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "payments_payer_name_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "payments_payer_phone_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "payments_account_reference_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "properties_name_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "properties_code_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "properties_town_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "property_owners_name_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "property_owners_id_number_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "property_owners_phone_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "property_owners_email_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "remittances_reference_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "remittances_notes_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "service_providers_name_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "service_providers_phone_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "service_providers_email_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "sms_credits_reference_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "templates_name_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "templates_body_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "tenants_name_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "tenants_id_number_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "tenants_phone_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "tenants_email_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "tickets_number_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "tickets_subject_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "tickets_description_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "work_order_categories_name_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "work_orders_number_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "work_orders_description_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
SELECT
  gin_clean_pending_list('"aggregators_name_trgm_idx"'::regclass),
  gin_clean_pending_list('"aggregators_contact_person_trgm_idx"'::regclass),
  gin_clean_pending_list('"aggregators_phone_trgm_idx"'::regclass),
  gin_clean_pending_list('"aggregators_email_trgm_idx"'::regclass),
  gin_clean_pending_list('"charges_name_trgm_idx"'::regclass),
  gin_clean_pending_list('"expenses_payee_trgm_idx"'::regclass),
  gin_clean_pending_list('"expenses_reference_trgm_idx"'::regclass),
  gin_clean_pending_list('"house_types_name_trgm_idx"'::regclass),
  gin_clean_pending_list('"houses_number_trgm_idx"'::regclass),
  gin_clean_pending_list('"houses_account_code_trgm_idx"'::regclass),
  gin_clean_pending_list('"houses_water_meter_trgm_idx"'::regclass),
  gin_clean_pending_list('"houses_electricity_meter_trgm_idx"'::regclass),
  gin_clean_pending_list('"incomes_reference_trgm_idx"'::regclass),
  gin_clean_pending_list('"incomes_description_trgm_idx"'::regclass),
  gin_clean_pending_list('"invoices_number_trgm_idx"'::regclass),
  gin_clean_pending_list('"messages_to_trgm_idx"'::regclass),
  gin_clean_pending_list('"messages_subject_trgm_idx"'::regclass),
  gin_clean_pending_list('"messages_body_trgm_idx"'::regclass),
  gin_clean_pending_list('"meters_number_trgm_idx"'::regclass),
  gin_clean_pending_list('"payment_channels_name_trgm_idx"'::regclass),
  gin_clean_pending_list('"payment_channels_number_trgm_idx"'::regclass),
  gin_clean_pending_list('"payments_receipt_number_trgm_idx"'::regclass),
  gin_clean_pending_list('"payments_external_reference_trgm_idx"'::regclass),
  gin_clean_pending_list('"payments_payer_name_trgm_idx"'::regclass),
  gin_clean_pending_list('"payments_payer_phone_trgm_idx"'::regclass),
  gin_clean_pending_list('"payments_account_reference_trgm_idx"'::regclass),
  gin_clean_pending_list('"properties_name_trgm_idx"'::regclass),
  gin_clean_pending_list('"properties_code_trgm_idx"'::regclass),
  gin_clean_pending_list('"properties_town_trgm_idx"'::regclass),
  gin_clean_pending_list('"property_owners_name_trgm_idx"'::regclass),
  gin_clean_pending_list('"property_owners_id_number_trgm_idx"'::regclass),
  gin_clean_pending_list('"property_owners_phone_trgm_idx"'::regclass),
  gin_clean_pending_list('"property_owners_email_trgm_idx"'::regclass),
  gin_clean_pending_list('"remittances_reference_trgm_idx"'::regclass),
  gin_clean_pending_list('"remittances_notes_trgm_idx"'::regclass),
  gin_clean_pending_list('"service_providers_name_trgm_idx"'::regclass),
  gin_clean_pending_list('"service_providers_phone_trgm_idx"'::regclass),
  gin_clean_pending_list('"service_providers_email_trgm_idx"'::regclass),
  gin_clean_pending_list('"sms_credits_reference_trgm_idx"'::regclass),
  gin_clean_pending_list('"templates_name_trgm_idx"'::regclass),
  gin_clean_pending_list('"templates_body_trgm_idx"'::regclass),
  gin_clean_pending_list('"tenants_name_trgm_idx"'::regclass),
  gin_clean_pending_list('"tenants_id_number_trgm_idx"'::regclass),
  gin_clean_pending_list('"tenants_phone_trgm_idx"'::regclass),
  gin_clean_pending_list('"tenants_email_trgm_idx"'::regclass),
  gin_clean_pending_list('"tickets_number_trgm_idx"'::regclass),
  gin_clean_pending_list('"tickets_subject_trgm_idx"'::regclass),
  gin_clean_pending_list('"tickets_description_trgm_idx"'::regclass),
  gin_clean_pending_list('"work_order_categories_name_trgm_idx"'::regclass),
  gin_clean_pending_list('"work_orders_number_trgm_idx"'::regclass),
  gin_clean_pending_list('"work_orders_description_trgm_idx"'::regclass);
