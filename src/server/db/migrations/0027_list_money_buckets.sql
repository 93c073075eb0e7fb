-- Per-bucket counters for the filterable money fields (invoices' total and balance, the amount of
-- expenses, incomes, payments and remittances, houses' rent): a list filtered on a range of one of
-- them (`{"total_gte": "16000", "total_lte": "23500"}`, either bound alone) had its total counted
-- over the (organisation, field, id) index up to 10,001 matches (the totals rule: exact to 10,000,
-- an estimate past it), 2-3 ms of database time a request against the page's 0.3-0.6 ms. Now the
-- values are also counted per bucket in list_choice_counts, as the days of a date field are
-- (migration 0026), and the total of a range (src/server/crud/count.ts bucketTotal) is the sum of
-- the buckets it holds whole, plus the rows of the one or two buckets it cuts, counted from the
-- field's index and never past what is left to 10,001. Past 10,000 in the whole buckets alone, or
-- when it cuts none (round bounds; zero, at most zero, at least a cent), it reads no invoice at all.
-- Exact at or below 10,000 as before; an estimate past it.
--
-- A bucket is the value's first three significant digits of its whole part: 16,543.21 falls in
-- [16,500, 16,600), 7.50 in [7, 8), 1,234 in [1,230, 1,240). Zero is a bucket of its own (a paid
-- invoice's balance), and so are (0, 1) and the negative values. Its key is fixed-width digits (sign
-- class, digits of the whole part less one, the three leading digits), so a range of values is a
-- range of keys in any collation, as for the days. Three digits, not two: a range's end cuts a
-- bucket of a thousandth of its decade, whose rows are counted (the bench's balance range cut
-- [16,000, 17,000) and counted 1,825 invoices a request, 0.8 ms); an organisation's field has at
-- most 900 buckets a decade, a few rows each in the ledger. A list's total works out the keys and bounds of its
-- range's ends in JavaScript (src/server/crud/money-buckets.ts, tested against this function).
CREATE OR REPLACE FUNCTION list_money_bucket(v numeric) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN v IS NULL THEN NULL
    WHEN v < 0 THEN '000000'
    WHEN v = 0 THEN '100000'
    WHEN v < 1 THEN '150000'
    ELSE '2' || lpad((length(trunc(v)::text) - 1)::text, 2, '0') || rpad(left(trunc(v)::text, 3), 3, '0')
  END $$;
--> statement-breakpoint
-- list_choice_counts_install as in migration 0026, a numeric field counted by its bucket.
CREATE OR REPLACE FUNCTION list_choice_counts_install(tbl text, fields text[]) RETURNS boolean LANGUAGE plpgsql AS $install$
DECLARE
  fn text := 'list_choice_counts_' || tbl;
  -- (field, value) pairs of one row r: ('status', r.status::text), ('issue_date', to_char(r.issue_date, 'YYYY-MM-DD')),
  -- ('total', list_money_bucket(r.total))
  pairs text;
BEGIN
  IF EXISTS (
    SELECT 1 FROM pg_trigger g
    WHERE g.tgrelid = format('%I', tbl)::regclass AND g.tgname = 'list_choice_counts_update'
      AND (string_to_array(encode(g.tgargs, 'escape'), '\000'))[1:g.tgnargs] = fields) THEN
    RETURN false;
  END IF;
  -- a date as 'YYYY-MM-DD' whatever the session's DateStyle, so a range of days is a range of values
  SELECT string_agg(CASE
      WHEN a.atttypid = 'date'::regtype THEN format('(%L, to_char(r.%I, %L))', f, f, 'YYYY-MM-DD')
      WHEN a.atttypid = 'numeric'::regtype THEN format('(%L, list_money_bucket(r.%I))', f, f)
      ELSE format('(%L, r.%I::text)', f, f) END, ', ' ORDER BY o)
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
-- The filterable choice, date and money fields of the declarations (resources/).
SELECT list_choice_counts_install('expenses', ARRAY['category', 'borne_by', 'status', 'date', 'amount']);
--> statement-breakpoint
SELECT list_choice_counts_install('houses', ARRAY['status', 'rent']);
--> statement-breakpoint
SELECT list_choice_counts_install('incomes', ARRAY['category', 'date', 'amount']);
--> statement-breakpoint
SELECT list_choice_counts_install('invoices', ARRAY['status', 'period_start', 'issue_date', 'due_date', 'total', 'balance']);
--> statement-breakpoint
SELECT list_choice_counts_install('payments', ARRAY['method', 'status', 'amount']);
--> statement-breakpoint
SELECT list_choice_counts_install('remittances', ARRAY['method', 'status', 'date', 'period_start', 'amount']);
