-- List counters (migration 0003) kept exact when a row changes organisation.
--
-- 0003 assumed organization_id is never updated. The app cannot move a row (every tenant table's
-- policy checks the new organization_id against app.tenant), but the owner can: a support
-- script merging two organisations, a repair. Without this trigger such an UPDATE left the old
-- organisation's total too high and the new one's too low, for good.
--
-- A row-level AFTER UPDATE trigger, fired only WHEN the organisation changed: an ordinary UPDATE
-- (every invoice a billing run settles) costs one comparison per row and queues nothing. A
-- statement-level trigger with transition tables would copy every updated row of every UPDATE to
-- find the rare move. Each moved row writes -1 to the old organisation's ledger and +1 to the new
-- one's, and folds both as the insert and delete triggers do (list_counts_fold: never waits on a
-- concurrent writer), so a bulk move stays at a few ledger rows per organisation.
--
-- As keja_app the ledger row of the old organisation fails list_counts' own policy, so a move by
-- the app would be refused here even if a tracked table's policy let it through.
--
-- list_counts_install() now treats a table without the move trigger as not tracked: it locks it,
-- rebuilds its ledger from count(*) (repairing any drift an earlier move left) and (re)creates
-- all four triggers. Run here for every table tracked so far; secure.ts runs it at every start.
CREATE OR REPLACE FUNCTION list_counts_on_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_counts (organization_id, table_name, n)
  VALUES (OLD.organization_id, TG_TABLE_NAME, -1), (NEW.organization_id, TG_TABLE_NAME, 1);
  PERFORM list_counts_fold(TG_TABLE_NAME, ARRAY[OLD.organization_id, NEW.organization_id]);
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
SELECT list_counts_install();
