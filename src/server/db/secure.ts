import { createHash } from 'node:crypto';

// Row-level security, applied after every migration run and idempotent: every table with an
// organization_id column is a tenant table, so a table added later is covered without anyone
// remembering to. The application role owns nothing and has no BYPASSRLS; requests switch to it
// inside their transaction (see client.ts inScope).
//
// Two more things every start makes sure of, idempotently:
// - List counters (migration 0003): list_counts_install() puts the counter triggers on every tenant
//   table that has none yet. Migration 0003 installed them on the tables that existed then; tables
//   added by later migrations (number_series, audit_log, billing_runs, deposit_settlements, …)
//   would otherwise be counted with count(*) forever. A table already tracked is left alone, so on
//   a running system this is one catalogue query.
// - q search under row-level security: ILIKE's function (texticlike) is not marked LEAKPROOF, so
//   under a policy the planner must not evaluate it before the policy's qual, which rules out the
//   trigram indexes: every search read the organisation's whole table (a 220,000-invoice
//   organisation: 150 ms a search, against 8 ms without RLS). texticlike is leak-proof in
//   substance (no side effects; its only error, a pattern ending in the escape character, depends
//   on the pattern, never on a row, and the API escapes patterns), so it is marked LEAKPROOF and
//   the search uses the trigram indexes under RLS. Only a superuser may mark it (migrations run as
//   the owner; on a managed server without superuser this is skipped and search stays correct,
//   only slower). Nothing else in the catalogue changes.
//
// A second server starting beside a running one (a rolling deploy; every test file on the shared
// test database) must not take ACCESS EXCLUSIVE locks on tables in use, one after another in one
// transaction: readers that touch two tables deadlock with it. So a table already secured by this
// very text (its policies carry the text's hash as their comment) is left alone, and a running
// system's start changes nothing; a changed policy text is applied once, by the first start.

const ROLE = 'keja_app';
const TENANT = `NULLIF(current_setting('app.tenant', true), '')`;
const USER = `NULLIF(current_setting('app.user', true), '')`;
const INVITATION = `NULLIF(current_setting('app.invitation', true), '')`;

/** Whether a policy needs (re)creating: it is missing or was made by another version of this text. */
const stale = (table: string, policy: string) =>
  `coalesce((SELECT obj_description(p.oid, 'pg_policy') FROM pg_policy p WHERE p.polrelid = ${table}::regclass AND p.polname = '${policy}'), '') <> hash`;

export function secureSql(): string {
  const text = `
DO $$
DECLARE t record; hash text := '__HASH__';
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
    IF NOT (SELECT c.relrowsecurity AND c.relforcerowsecurity FROM pg_class c WHERE c.oid = format('%I', t.table_name)::regclass) THEN
      EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.table_name);
      EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t.table_name);
    END IF;
    CONTINUE WHEN NOT (${stale("format('%I', t.table_name)", 'tenant_isolation')});
    EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %I', t.table_name);
    IF t.table_name = 'memberships' THEN
      -- a user sees their own memberships (to list and switch organisations) and, inside an
      -- organisation, that organisation's members
      EXECUTE format($p$CREATE POLICY tenant_isolation ON %I USING (organization_id = ${TENANT} OR user_id = ${USER}) WITH CHECK (organization_id = ${TENANT})$p$, t.table_name);
    ELSIF t.table_name = 'invitations' THEN
      -- inside an organisation, its invitations; outside any, a user sees those addressed to their
      -- email and a guest only the one whose link token they hold (its sha256 in app.invitation)
      EXECUTE format($p$CREATE POLICY tenant_isolation ON %I USING (organization_id = ${TENANT} OR (${TENANT} IS NULL AND (email = (SELECT u.email FROM users u WHERE u.id = ${USER}) OR token_hash = ${INVITATION}))) WITH CHECK (organization_id = ${TENANT})$p$, t.table_name);
    ELSE
      EXECUTE format($p$CREATE POLICY tenant_isolation ON %I USING (organization_id = ${TENANT}) WITH CHECK (organization_id = ${TENANT})$p$, t.table_name);
    END IF;
    EXECUTE format('COMMENT ON POLICY tenant_isolation ON %I IS %L', t.table_name, hash);
  END LOOP;
  -- a Daraja callback carries only its channel's secret: in a scope with no organisation and
  -- app.callback_secret set, that one channel row is readable (its organisation then becomes the
  -- scope's; domain/daraja/c2b.ts). Permissive policies add up: tenant_isolation still applies.
  IF to_regclass('payment_channels') IS NOT NULL
     AND EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = 'payment_channels' AND column_name = 'callback_secret')
     AND ${stale("'payment_channels'", 'callback_lookup')} THEN
    DROP POLICY IF EXISTS callback_lookup ON payment_channels;
    CREATE POLICY callback_lookup ON payment_channels FOR SELECT
      USING (callback_secret = NULLIF(current_setting('app.callback_secret', true), ''));
    EXECUTE format('COMMENT ON POLICY callback_lookup ON payment_channels IS %L', hash);
  END IF;
  -- organisations (the platform's tenants, keyed by id): inside an organisation's scope only that
  -- one; in a user's scope only theirs; outside any scope (the scheduler's pass over all of them,
  -- the auth routes) every one, as for the other account tables
  IF NOT (SELECT relrowsecurity AND relforcerowsecurity FROM pg_class WHERE oid = 'organizations'::regclass) THEN
    ALTER TABLE organizations ENABLE ROW LEVEL SECURITY;
    ALTER TABLE organizations FORCE ROW LEVEL SECURITY;
  END IF;
  IF ${stale("'organizations'", 'tenant_isolation')} THEN
  DROP POLICY IF EXISTS tenant_isolation ON organizations;
  CREATE POLICY tenant_isolation ON organizations USING (
    CASE
      WHEN ${TENANT} IS NOT NULL THEN id = ${TENANT}
      WHEN ${USER} IS NOT NULL THEN EXISTS (SELECT 1 FROM memberships m WHERE m.organization_id = organizations.id AND m.user_id = ${USER})
        -- and those inviting them (invitations' own policy keeps this to the user's email)
        OR EXISTS (SELECT 1 FROM invitations i WHERE i.organization_id = organizations.id)
      ELSE true
    END
  ) WITH CHECK (${TENANT} IS NULL OR id = ${TENANT});
  EXECUTE format('COMMENT ON POLICY tenant_isolation ON organizations IS %L', hash);
  END IF;
  IF to_regproc('list_counts_install') IS NOT NULL THEN
    PERFORM list_counts_install();
  END IF;
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = current_user AND rolsuper)
     AND NOT (SELECT proleakproof FROM pg_proc WHERE oid = 'pg_catalog.texticlike(text, text)'::regprocedure) THEN
    BEGIN
      ALTER FUNCTION pg_catalog.texticlike(text, text) LEAKPROOF;
    EXCEPTION WHEN insufficient_privilege THEN
      NULL;
    END;
  END IF;
END $$;`;
  return text.replace('__HASH__', createHash('sha256').update(text).digest('hex').slice(0, 32));
}
