-- List totals without count(*): per-organisation row counters (see src/server/crud/count.ts).
--
-- list_counts is an append-only ledger of row-count deltas: one row per (organisation, table,
-- statement), written by statement-level AFTER INSERT / AFTER DELETE triggers that read the
-- statement's transition table, so a bulk INSERT ... SELECT or COPY of 200,000 rows costs one
-- ledger row per organisation, not one per row. A table's total is sum(n) over its few ledger
-- rows. Writers never UPDATE a shared counter row, so concurrent writers in one organisation never
-- wait on each other and never deadlock on counters; the deltas commit or roll back with the rows
-- they count, so every snapshot sees sum(n) = count(*) exactly.
--
-- When a (organisation, table) has more than 32 ledger rows, the writing statement folds them into
-- one (DELETE ... RETURNING, re-INSERT of the sum) over the rows it can lock right away
-- (FOR UPDATE SKIP LOCKED): it never waits, and a row another compaction holds is simply left for
-- later. Compaction runs only under READ COMMITTED (the app's level), where a row deleted by a
-- concurrent compaction is skipped rather than raising a serialisation error.
--
-- Row-level security: list_counts has organization_id, so secure.ts forces the tenant policy on it
-- like any tenant table. The trigger functions are SECURITY INVOKER: as keja_app with app.tenant
-- set, every row the statement could insert or delete already has organization_id = app.tenant (the
-- tracked table's own policy guarantees it), so the ledger row passes the same policy. Superusers
-- (migrations, seeds) and referential cascades (run as the table owner) bypass RLS. memberships is
-- not tracked: its policy lets a user delete their own membership in another organisation, which
-- would write a ledger row outside app.tenant (and its list has its own count).
--
-- organization_id is part of every key and never updated, so UPDATE needs no trigger. TRUNCATE
-- (owner only) clears the table's ledger.
--
-- list_counts_install() tracks every tenant table not yet tracked: it locks the table, rebuilds
-- its ledger from count(*) and creates the triggers, all in the migration's transaction, so no
-- write is missed. It is idempotent: run it again after adding tables (count.ts falls back to an
-- exact count(*) for an untracked table).
CREATE TABLE IF NOT EXISTS "list_counts" (
	"organization_id" text NOT NULL,
	"table_name" text NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "list_counts_org_table_idx" ON "list_counts" USING btree ("organization_id", "table_name");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_counts_compact(org text, tbl text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE rows tid[];
BEGIN
  rows := ARRAY(
    SELECT ctid FROM list_counts
    WHERE organization_id = org AND table_name = tbl
    FOR UPDATE SKIP LOCKED);
  IF coalesce(array_length(rows, 1), 0) < 2 THEN
    RETURN;
  END IF;
  WITH gone AS (
    DELETE FROM list_counts WHERE ctid = ANY (rows) RETURNING n
  )
  INSERT INTO list_counts (organization_id, table_name, n)
  SELECT org, tbl, sum(n) FROM gone HAVING count(*) > 0;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_counts_fold(tbl text, orgs text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE org text;
BEGIN
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RETURN;
  END IF;
  FOREACH org IN ARRAY orgs LOOP
    IF (SELECT count(*) FROM (
          SELECT 1 FROM list_counts WHERE organization_id = org AND table_name = tbl LIMIT 33) s) > 32 THEN
      PERFORM list_counts_compact(org, tbl);
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE orgs text[];
BEGIN
  WITH d AS (
    INSERT INTO list_counts (organization_id, table_name, n)
    SELECT organization_id, TG_TABLE_NAME, count(*) FROM new_rows GROUP BY organization_id
    RETURNING organization_id
  )
  SELECT array_agg(organization_id) INTO orgs FROM d;
  IF orgs IS NOT NULL THEN
    PERFORM list_counts_fold(TG_TABLE_NAME, orgs);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE orgs text[];
BEGIN
  WITH d AS (
    INSERT INTO list_counts (organization_id, table_name, n)
    SELECT organization_id, TG_TABLE_NAME, -count(*) FROM old_rows GROUP BY organization_id
    RETURNING organization_id
  )
  SELECT array_agg(organization_id) INTO orgs FROM d;
  IF orgs IS NOT NULL THEN
    PERFORM list_counts_fold(TG_TABLE_NAME, orgs);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_counts_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM list_counts WHERE table_name = TG_TABLE_NAME;
  RETURN NULL;
END $$;
--> statement-breakpoint
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
      AND c.relname NOT IN ('list_counts', 'memberships')
      AND NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname = 'list_counts_insert')
    ORDER BY c.relname
  LOOP
    EXECUTE format('LOCK TABLE %I IN SHARE ROW EXCLUSIVE MODE', t.relname);
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
    installed := installed + 1;
  END LOOP;
  RETURN installed;
END $$;
--> statement-breakpoint
SELECT list_counts_install();
