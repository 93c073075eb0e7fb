// Row-level security, applied after every migration run and idempotent: every table with an
// organization_id column is a tenant table, so a table added later is covered without anyone
// remembering to. The application role owns nothing and has no BYPASSRLS; requests switch to it
// inside their transaction (see client.ts inScope).

const ROLE = 'keja_app';
const TENANT = `NULLIF(current_setting('app.tenant', true), '')`;
const USER = `NULLIF(current_setting('app.user', true), '')`;

export function secureSql(): string {
  return `
DO $$
DECLARE t record;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${ROLE}') THEN
    CREATE ROLE ${ROLE} NOLOGIN NOSUPERUSER NOBYPASSRLS NOINHERIT;
  END IF;
  EXECUTE 'GRANT USAGE ON SCHEMA public TO ${ROLE}';
  EXECUTE 'GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${ROLE}';
  EXECUTE 'GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${ROLE}';
  FOR t IN
    SELECT c.table_name FROM information_schema.columns c
    JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
    WHERE c.table_schema = 'public' AND c.column_name = 'organization_id' AND tb.table_type = 'BASE TABLE'
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.table_name);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t.table_name);
    EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %I', t.table_name);
    IF t.table_name = 'memberships' THEN
      -- a user sees their own memberships (to list and switch organisations) and, inside an
      -- organisation, that organisation's members
      EXECUTE format($p$CREATE POLICY tenant_isolation ON %I USING (organization_id = ${TENANT} OR user_id = ${USER}) WITH CHECK (organization_id = ${TENANT})$p$, t.table_name);
    ELSE
      EXECUTE format($p$CREATE POLICY tenant_isolation ON %I USING (organization_id = ${TENANT}) WITH CHECK (organization_id = ${TENANT})$p$, t.table_name);
    END IF;
  END LOOP;
END $$;`;
}
