-- Per-day counters for the filterable date fields (issue_date, due_date, period_start, date …): a
-- list filtered on one of them by a range of days (`{"issue_date_gte": "2023-05-01",
-- "issue_date_lte": "2023-05-31"}`, either bound alone, or one day) reads its exact total from the
-- same ledger as the choice fields (migration 0023), summing a row per day of the range, instead of
-- count(*) over the (organisation, field, id) index, which read every match: 7,694 invoices of a
-- month, 1-2 ms of database time a request, the bounded count the totals rule asked for (exact to
-- 10,000, an estimate past it). Now exact at any size. See src/server/crud/count.ts.
--
-- A day is a value of list_choice_counts like a status: 'YYYY-MM-DD' (to_char, not ::text, which
-- follows the session's DateStyle), so the days of a range are one index range over
-- list_choice_counts_key_idx (fixed-width digits compare the same in any collation). Everything else
-- is as for the choice fields: statement-level triggers with transition tables append deltas, an
-- UPDATE moves a count only when the day (or the organisation) changes, folding past 32 rows.
--
-- list_choice_counts_install is replaced by the same function writing dates that way, and called
-- again for each table with a filterable date field, its fields now the choice fields and the date
-- fields (tests/server/crud/choice-counts.test.ts checks them against the declarations): it rebuilds
-- the table's ledger from its rows under a table lock, in the migration's transaction.
-- The fold check of migration 0023 was called with the trigger's TG_TABLE_NAME, a name: a PL/pgSQL
-- function's parameters all take the collation of its call, here "C", not the key index's, so every
-- probe was a scan of the whole ledger (seen with auto_explain). A status write probes a few values;
-- a date field one a day, and a statement writing 10,000 days took 30 s. Now each value is compared
-- in the index's collation, and the groups are walked in one statement (unnest) rather than by
-- subscript (which walks a text array from its start).
CREATE OR REPLACE FUNCTION list_choice_counts_fold(tbl text, orgs text[], flds text[], vals text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RETURN;
  END IF;
  FOR r IN
    SELECT k.org, k.fld, k.val FROM unnest(orgs, flds, vals) k(org, fld, val)
    WHERE CASE WHEN k.val IS NULL
      -- two probes, each an index range (value = NULL would match nothing)
      THEN (SELECT count(*) FROM (SELECT 1 FROM list_choice_counts c
        WHERE c.organization_id = (k.org COLLATE "default") AND c.table_name = (tbl COLLATE "default") AND c.field = (k.fld COLLATE "default") AND c.value IS NULL LIMIT 33) s)
      ELSE (SELECT count(*) FROM (SELECT 1 FROM list_choice_counts c
        WHERE c.organization_id = (k.org COLLATE "default") AND c.table_name = (tbl COLLATE "default") AND c.field = (k.fld COLLATE "default")
          AND c.value = (k.val COLLATE "default") LIMIT 33) s)
      END > 32
  LOOP
    PERFORM list_choice_counts_compact(r.org COLLATE "default", tbl, r.fld, r.val);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_choice_counts_install(tbl text, fields text[]) RETURNS boolean LANGUAGE plpgsql AS $install$
DECLARE
  fn text := 'list_choice_counts_' || tbl;
  -- (field, value) pairs of one row r: ('status', r.status::text), ('issue_date', to_char(r.issue_date, 'YYYY-MM-DD'))
  pairs text;
BEGIN
  IF EXISTS (
    SELECT 1 FROM pg_trigger g
    WHERE g.tgrelid = format('%I', tbl)::regclass AND g.tgname = 'list_choice_counts_update'
      AND (string_to_array(encode(g.tgargs, 'escape'), '\000'))[1:g.tgnargs] = fields) THEN
    RETURN false;
  END IF;
  -- a date as 'YYYY-MM-DD' whatever the session's DateStyle, so a range of days is a range of values
  SELECT string_agg(CASE WHEN a.atttypid = 'date'::regtype THEN format('(%L, to_char(r.%I, %L))', f, f, 'YYYY-MM-DD') ELSE format('(%L, r.%I::text)', f, f) END, ', ' ORDER BY o)
    INTO pairs
  FROM unnest(fields) WITH ORDINALITY u(f, o)
  LEFT JOIN pg_attribute a ON a.attrelid = format('%I', tbl)::regclass AND a.attname = f AND NOT a.attisdropped;
  IF pairs IS NULL OR EXISTS (SELECT 1 FROM unnest(fields) f WHERE NOT EXISTS (
      SELECT 1 FROM pg_attribute a WHERE a.attrelid = format('%I', tbl)::regclass AND a.attname = f AND NOT a.attisdropped)) THEN
    RAISE EXCEPTION 'list_choice_counts_install: not every one of % is a column of %', fields, tbl;
  END IF;
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
-- The filterable choice and date fields of the declarations (resources/).
SELECT list_choice_counts_install('expenses', ARRAY['category', 'borne_by', 'status', 'date']);
--> statement-breakpoint
SELECT list_choice_counts_install('incomes', ARRAY['category', 'date']);
--> statement-breakpoint
SELECT list_choice_counts_install('invoices', ARRAY['status', 'period_start', 'issue_date', 'due_date']);
--> statement-breakpoint
SELECT list_choice_counts_install('leases', ARRAY['billing_frequency', 'status', 'start_date', 'end_date']);
--> statement-breakpoint
SELECT list_choice_counts_install('readings', ARRAY['date']);
--> statement-breakpoint
SELECT list_choice_counts_install('remittances', ARRAY['method', 'status', 'date', 'period_start']);
--> statement-breakpoint
SELECT list_choice_counts_install('sms_credits', ARRAY['kind', 'date']);
--> statement-breakpoint
SELECT list_choice_counts_install('tickets', ARRAY['priority', 'source', 'status', 'due_date']);
--> statement-breakpoint
SELECT list_choice_counts_install('work_orders', ARRAY['paid_by', 'status', 'scheduled_date']);
