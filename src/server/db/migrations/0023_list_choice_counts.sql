-- Per-value counters for the filterable choice fields (status, kind, method …): the list filtered on
-- one of them (`{"status": "issued"}`, a one-of list, null included) reads its exact total from a
-- ledger, one index probe, instead of count(*) over the (organisation, field) index of migration
-- 0021, which read every match (35,000 issued invoices: 2.2 ms of database time per list request,
-- 157,000 paid: 6 ms). See src/server/crud/count.ts.
--
-- list_choice_counts is a ledger of deltas like list_counts (migration 0003): one row per
-- (organisation, table, field, value, statement), appended by statement-level AFTER triggers that
-- read the statement's transition tables; writers never update a shared row, so they never wait on
-- each other, and the deltas commit or roll back with the rows they count. A value's count is
-- sum(n) over its few rows; value is NULL for the rows whose field is NULL (counted too).
--
-- - INSERT adds +count per (organisation, field, value) of the new rows; DELETE adds -count.
-- - UPDATE adds, per (organisation, field, value), the new rows' count minus the old rows', keeping
--   only the groups whose sum is not zero: a status change (issued → paid) moves one from issued to
--   paid, a row moving organisation moves its counts between them, and an UPDATE that changes
--   neither writes nothing (the billing run's paid/balance updates). No pairing of old and new rows
--   is needed, so ids repeated across organisations cannot confuse it. PostgreSQL does not allow a
--   column list (UPDATE OF status) on a trigger with transition tables, so every UPDATE of a
--   tracked table hands its rows to the trigger. Measured on the scale data: 100,000 invoices
--   changing status in one statement spend ~70 ms in the trigger (the UPDATE itself: 10-20 s);
--   a billing run of 10,000 leases is unchanged within noise; a one-row status change pays one
--   trigger call (an insert and one fold probe per changed value), 0.5-1 ms on the loaded bench
--   machine, most of it the probe walking dead ledger rows that vacuum has not yet removed.
-- - TRUNCATE (owner only) clears the table's ledger.
-- - Folding: when one (organisation, table, field, value) has more than 32 ledger rows, the writing
--   statement folds the rows it can lock right away into one (FOR UPDATE SKIP LOCKED, never waits;
--   READ COMMITTED only), as list_counts_fold does.
--
-- Row-level security: list_choice_counts has organization_id, so secure.ts forces the tenant policy
-- on it like every tenant table (and grants keja_app the same rights). The trigger functions are
-- SECURITY INVOKER: as keja_app every row a statement can insert, delete or update (old and new) has
-- organization_id = app.tenant, so its ledger rows pass the same policy; superusers and referential
-- cascades bypass it.
--
-- Each tracked table gets its own trigger function (list_choice_counts_<table>), written by
-- list_choice_counts_install(table, fields) with the fields in static SQL, so its plans are cached
-- per session. The fields are the declarations' filterable choice fields (choice, filter, not
-- unique: the ones migration 0021 indexed; tests/server/crud/choice-counts.test.ts checks the two
-- lists agree). Install locks the table, rebuilds its ledger from its rows (the back-fill) and
-- (re)creates the triggers, in the migration's transaction, so no write is missed; it does nothing
-- when the table's triggers already track exactly these fields. count.ts reads the tracked fields
-- from the triggers' arguments and falls back to count(*) for any other.
CREATE TABLE IF NOT EXISTS "list_choice_counts" (
	"organization_id" text NOT NULL,
	"table_name" text NOT NULL,
	"field" text NOT NULL,
	"value" text,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "list_choice_counts_key_idx" ON "list_choice_counts" USING btree ("organization_id", "table_name", "field", "value");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_choice_counts_compact(org text, tbl text, fld text, val text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE rows tid[];
BEGIN
  rows := ARRAY(
    SELECT ctid FROM list_choice_counts
    WHERE organization_id = org AND table_name = tbl AND field = fld
      AND (value = val OR (val IS NULL AND value IS NULL))
    FOR UPDATE SKIP LOCKED);
  IF coalesce(array_length(rows, 1), 0) < 2 THEN
    RETURN;
  END IF;
  WITH gone AS (
    DELETE FROM list_choice_counts WHERE ctid = ANY (rows) RETURNING n
  )
  INSERT INTO list_choice_counts (organization_id, table_name, field, value, n)
  SELECT org, tbl, fld, val, sum(n) FROM gone HAVING count(*) > 0;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_choice_counts_fold(tbl text, orgs text[], flds text[], vals text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  i integer;
  many boolean;
BEGIN
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RETURN;
  END IF;
  FOR i IN 1 .. coalesce(array_length(orgs, 1), 0) LOOP
    -- two probes, each an index range (value = NULL would match nothing)
    IF vals[i] IS NULL THEN
      many := (SELECT count(*) FROM (
        SELECT 1 FROM list_choice_counts
        WHERE organization_id = orgs[i] AND table_name = tbl AND field = flds[i] AND value IS NULL LIMIT 33) s) > 32;
    ELSE
      many := (SELECT count(*) FROM (
        SELECT 1 FROM list_choice_counts
        WHERE organization_id = orgs[i] AND table_name = tbl AND field = flds[i] AND value = vals[i] LIMIT 33) s) > 32;
    END IF;
    IF many THEN
      PERFORM list_choice_counts_compact(orgs[i], tbl, flds[i], vals[i]);
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_choice_counts_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM list_choice_counts WHERE table_name = TG_TABLE_NAME;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_choice_counts_install(tbl text, fields text[]) RETURNS boolean LANGUAGE plpgsql AS $install$
DECLARE
  fn text := 'list_choice_counts_' || tbl;
  -- (field, value) pairs of one row r: ('status', r.status::text), ('kind', r.kind::text)
  pairs text;
BEGIN
  IF EXISTS (
    SELECT 1 FROM pg_trigger g
    WHERE g.tgrelid = format('%I', tbl)::regclass AND g.tgname = 'list_choice_counts_update'
      AND (string_to_array(encode(g.tgargs, 'escape'), '\000'))[1:g.tgnargs] = fields) THEN
    RETURN false;
  END IF;
  SELECT string_agg(format('(%L, r.%I::text)', f, f), ', ') INTO pairs FROM unnest(fields) f;
  EXECUTE format('LOCK TABLE %I IN SHARE ROW EXCLUSIVE MODE', tbl);
  EXECUTE format('DROP TRIGGER IF EXISTS list_choice_counts_insert ON %I', tbl);
  EXECUTE format('DROP TRIGGER IF EXISTS list_choice_counts_delete ON %I', tbl);
  EXECUTE format('DROP TRIGGER IF EXISTS list_choice_counts_update ON %I', tbl);
  EXECUTE format('DROP TRIGGER IF EXISTS list_choice_counts_truncate ON %I', tbl);
  DELETE FROM list_choice_counts WHERE table_name = tbl;
  EXECUTE format($q$
    INSERT INTO list_choice_counts (organization_id, table_name, field, value, n)
    SELECT r.organization_id, %L, f.field, f.value, count(*)
    FROM %I r CROSS JOIN LATERAL (VALUES %s) f(field, value)
    GROUP BY 1, 3, 4$q$, tbl, tbl, pairs);
  EXECUTE format($f$
    CREATE OR REPLACE FUNCTION %I() RETURNS trigger LANGUAGE plpgsql AS $body$
    DECLARE orgs text[]; flds text[]; vals text[];
    BEGIN
      IF TG_OP = 'INSERT' THEN
        WITH d AS (
          INSERT INTO list_choice_counts (organization_id, table_name, field, value, n)
          SELECT r.organization_id, TG_TABLE_NAME, f.field, f.value, count(*)
          FROM new_rows r CROSS JOIN LATERAL (VALUES %s) f(field, value)
          GROUP BY 1, 3, 4
          RETURNING organization_id, field, value)
        SELECT array_agg(organization_id), array_agg(field), array_agg(value) INTO orgs, flds, vals FROM d;
      ELSIF TG_OP = 'DELETE' THEN
        WITH d AS (
          INSERT INTO list_choice_counts (organization_id, table_name, field, value, n)
          SELECT r.organization_id, TG_TABLE_NAME, f.field, f.value, -count(*)
          FROM old_rows r CROSS JOIN LATERAL (VALUES %s) f(field, value)
          GROUP BY 1, 3, 4
          RETURNING organization_id, field, value)
        SELECT array_agg(organization_id), array_agg(field), array_agg(value) INTO orgs, flds, vals FROM d;
      ELSE
        WITH d AS (
          INSERT INTO list_choice_counts (organization_id, table_name, field, value, n)
          SELECT s.organization_id, TG_TABLE_NAME, s.field, s.value, sum(s.d)
          FROM (
            SELECT r.organization_id, f.field, f.value, 1 AS d
            FROM new_rows r CROSS JOIN LATERAL (VALUES %s) f(field, value)
            UNION ALL
            SELECT r.organization_id, f.field, f.value, -1
            FROM old_rows r CROSS JOIN LATERAL (VALUES %s) f(field, value)
          ) s
          GROUP BY 1, 3, 4
          HAVING sum(s.d) <> 0
          RETURNING organization_id, field, value)
        SELECT array_agg(organization_id), array_agg(field), array_agg(value) INTO orgs, flds, vals FROM d;
      END IF;
      IF orgs IS NOT NULL THEN
        PERFORM list_choice_counts_fold(TG_TABLE_NAME, orgs, flds, vals);
      END IF;
      RETURN NULL;
    END $body$
    $f$, fn, pairs, pairs, pairs, pairs);
  EXECUTE format(
    'CREATE TRIGGER list_choice_counts_insert AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I(%s)',
    tbl, fn, (SELECT string_agg(quote_literal(f), ', ') FROM unnest(fields) f));
  EXECUTE format(
    'CREATE TRIGGER list_choice_counts_delete AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION %I(%s)',
    tbl, fn, (SELECT string_agg(quote_literal(f), ', ') FROM unnest(fields) f));
  EXECUTE format(
    'CREATE TRIGGER list_choice_counts_update AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I(%s)',
    tbl, fn, (SELECT string_agg(quote_literal(f), ', ') FROM unnest(fields) f));
  EXECUTE format(
    'CREATE TRIGGER list_choice_counts_truncate AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION list_choice_counts_on_truncate()',
    tbl);
  RETURN true;
END $install$;
--> statement-breakpoint
-- list_counts_install (migration 0022) must not count the new ledger itself: the same function, with
-- list_choice_counts beside list_counts among the tables it leaves alone.
CREATE OR REPLACE FUNCTION list_counts_install() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  t record;
  installed integer := 0;
BEGIN
  FOR t IN
    SELECT c.oid, c.relname FROM pg_class c
    JOIN pg_namespace ns ON ns.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'organization_id' AND NOT a.attisdropped
    WHERE ns.nspname = 'public' AND c.relkind = 'r'
      AND c.relname NOT IN ('list_counts', 'list_choice_counts', 'memberships')
      AND NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname = 'list_counts_move')
    ORDER BY c.relname
  LOOP
    EXECUTE format('LOCK TABLE %I IN SHARE ROW EXCLUSIVE MODE', t.relname);
    EXECUTE format('DROP TRIGGER IF EXISTS list_counts_insert ON %I', t.relname);
    EXECUTE format('DROP TRIGGER IF EXISTS list_counts_delete ON %I', t.relname);
    EXECUTE format('DROP TRIGGER IF EXISTS list_counts_truncate ON %I', t.relname);
    DELETE FROM list_counts WHERE table_name = t.relname;
    EXECUTE format(
      'INSERT INTO list_counts (organization_id, table_name, n) SELECT organization_id, %L, count(*) FROM %I GROUP BY organization_id',
      t.relname, t.relname);
    EXECUTE format(
      'CREATE TRIGGER list_counts_insert AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_on_insert()',
      t.relname);
    EXECUTE format(
      'CREATE TRIGGER list_counts_delete AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_on_delete()',
      t.relname);
    EXECUTE format(
      'CREATE TRIGGER list_counts_truncate AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION list_counts_on_truncate()',
      t.relname);
    EXECUTE format(
      'CREATE TRIGGER list_counts_move AFTER UPDATE ON %I FOR EACH ROW WHEN (OLD.organization_id IS DISTINCT FROM NEW.organization_id) EXECUTE FUNCTION list_counts_on_move()',
      t.relname);
    installed := installed + 1;
  END LOOP;
  RETURN installed;
END $$;
--> statement-breakpoint
-- The filterable choice fields of the declarations (resources/, as resource-tables.ts indexes them).
SELECT list_choice_counts_install('charges', ARRAY['category', 'billing', 'kept_by']);
--> statement-breakpoint
SELECT list_choice_counts_install('expenses', ARRAY['category', 'borne_by', 'status']);
--> statement-breakpoint
SELECT list_choice_counts_install('houses', ARRAY['status']);
--> statement-breakpoint
SELECT list_choice_counts_install('incomes', ARRAY['category']);
--> statement-breakpoint
SELECT list_choice_counts_install('invoices', ARRAY['status']);
--> statement-breakpoint
SELECT list_choice_counts_install('leases', ARRAY['billing_frequency', 'status']);
--> statement-breakpoint
SELECT list_choice_counts_install('messages', ARRAY['channel', 'recipient_type', 'status']);
--> statement-breakpoint
SELECT list_choice_counts_install('meters', ARRAY['utility']);
--> statement-breakpoint
SELECT list_choice_counts_install('payment_channels', ARRAY['kind']);
--> statement-breakpoint
SELECT list_choice_counts_install('payments', ARRAY['method', 'status']);
--> statement-breakpoint
SELECT list_choice_counts_install('properties', ARRAY['kind', 'county']);
--> statement-breakpoint
SELECT list_choice_counts_install('property_owners', ARRAY['kind']);
--> statement-breakpoint
SELECT list_choice_counts_install('remittances', ARRAY['method', 'status']);
--> statement-breakpoint
SELECT list_choice_counts_install('sms_credits', ARRAY['kind']);
--> statement-breakpoint
SELECT list_choice_counts_install('templates', ARRAY['channel', 'purpose']);
--> statement-breakpoint
SELECT list_choice_counts_install('tenants', ARRAY['kind']);
--> statement-breakpoint
SELECT list_choice_counts_install('tickets', ARRAY['priority', 'source', 'status']);
--> statement-breakpoint
SELECT list_choice_counts_install('work_orders', ARRAY['paid_by', 'status']);
