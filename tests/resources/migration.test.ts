import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { sql } from 'drizzle-orm';
import { storedResources } from '../../resources/index.js';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { constraints } from '../../src/server/db/resource-tables.js';
import { childColumnsOf, columnsOf, type Field } from '../../src/shared/resource.js';

/** The column type a field kind must have (information_schema spelling). */
function expectedType(f: Pick<Field, 'kind' | 'scale'>): string {
  switch (f.kind) {
    case 'money': return 'numeric(14,2)';
    case 'percent': return 'numeric(5,2)';
    case 'number': return f.scale ? `numeric(12,${f.scale})` : 'integer';
    case 'date': return 'date';
    case 'datetime': return 'timestamp with time zone';
    case 'boolean': return 'boolean';
    case 'multi_choice': case 'multi_reference': return 'ARRAY';
    case 'json': return 'jsonb';
    default: return 'text';
  }
}
const SYSTEM: Record<string, string> = {
  organization_id: 'text', id: 'text', created_at: 'timestamp with time zone', updated_at: 'timestamp with time zone',
  position: 'integer',
};

let database: Database;
type Row = Record<string, unknown>;
const rows = async (q: ReturnType<typeof sql>) => ((await database.db.execute(q)) as unknown as { rows: Row[] }).rows;

beforeAll(async () => {
  const url = inject('databaseUrl');
  database = url ? await openDatabase({ databaseUrl: url, migrate: false }) : await openDatabase({});
});
afterAll(async () => database?.close());

describe('the migrated database matches the declarations', () => {
  it('has, for every stored area and child, a table with exactly the declared columns and types', async () => {
    const cols = await rows(sql`
      select table_name, column_name, data_type, numeric_precision, numeric_scale
      from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`);
    const actual = new Map<string, Map<string, string>>();
    for (const c of cols) {
      const type = c.data_type === 'numeric' ? `numeric(${c.numeric_precision},${c.numeric_scale})` : String(c.data_type);
      const t = actual.get(String(c.table_name)) ?? new Map<string, string>();
      t.set(String(c.column_name), type);
      actual.set(String(c.table_name), t);
    }
    const drift: string[] = [];
    const compare = (table: string, columns: string[], fields: readonly Field[]) => {
      const have = actual.get(table);
      if (!have) return void drift.push(`${table}: missing`);
      const want = new Map(columns.map((k) => {
        const f = fields.find((x) => x.key === k);
        return [k, f ? expectedType(f) : SYSTEM[k] ?? 'text'];
      }));
      for (const [k, type] of want) {
        if (!have.has(k)) drift.push(`${table}.${k}: missing column`);
        else if (have.get(k) !== type) drift.push(`${table}.${k}: ${have.get(k)} instead of ${type}`);
      }
      for (const k of have.keys()) if (!want.has(k)) drift.push(`${table}.${k}: not declared`);
    };
    for (const r of storedResources) {
      compare(r.table, columnsOf(r), r.fields);
      for (const c of r.children) compare(c.table, childColumnsOf(r, c), c.fields);
    }
    expect(drift).toEqual([]);
  });

  it('forces row-level security on every tenant table', async () => {
    const tables = await rows(sql`
      select c.relname, c.relrowsecurity, c.relforcerowsecurity from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and exists (select 1 from information_schema.columns k where k.table_schema = 'public' and k.table_name = c.relname and k.column_name = 'organization_id')`);
    const names = tables.map((t) => t.relname);
    for (const r of storedResources) {
      expect(names).toContain(r.table);
      for (const c of r.children) expect(names).toContain(c.table);
    }
    expect(tables.filter((t) => !t.relrowsecurity || !t.relforcerowsecurity).map((t) => t.relname)).toEqual([]);
  });

  it('knows every unique index and foreign key it made, to name the field in a 422', async () => {
    const tables = new Set(storedResources.flatMap((r) => [r.table, ...r.children.map((c) => c.table)]));
    const uniques = await rows(sql`select tablename, indexname from pg_indexes where schemaname = 'public' and indexdef like 'CREATE UNIQUE%' and indexname not like '%_pk'`);
    const fks = await rows(sql`select conrelid::regclass::text as tablename, conname as indexname from pg_constraint where contype = 'f'`);
    const names = [...uniques, ...fks].filter((i) => tables.has(String(i.tablename))).map((i) => String(i.indexname));
    expect(names.length).toBeGreaterThan(40);
    expect(names.filter((n) => !constraints.has(n))).toEqual([]);
    expect(constraints.get('houses_account_code_unique')).toMatchObject({ table: 'houses', field: 'account_code', kind: 'unique' });
    expect(constraints.get('leases_house_id_unique')?.message).toBe('This house already has an active lease.');
    expect(constraints.get('invoices_lease_id_period_start_unique')?.field).toBe('period_start');
  });

  it('has pg_trgm and a trigram index on every search field', async () => {
    expect(await rows(sql`select 1 from pg_extension where extname = 'pg_trgm'`)).toHaveLength(1);
    const idx = await rows(sql`select tablename, indexdef from pg_indexes where schemaname = 'public' and indexdef like '%gin_trgm_ops%'`);
    for (const r of storedResources) {
      for (const key of r.searchFields) {
        const def = (i: Row) => String(i.indexdef);
        const found = idx.some((i) => i.tablename === r.table && (def(i).includes(`(${key} gin_trgm_ops)`) || def(i).includes(`("${key}" gin_trgm_ops)`)));
        expect(found, `${r.table}.${key}`).toBe(true);
      }
    }
  });

  it('refuses a reference to another organisation\'s row, and a second active lease on a house', async () => {
    const org = (id: string) => sql`insert into organizations (id, name) values (${id}, ${id})`;
    const suffix = Date.now().toString(36).toUpperCase();
    const [a, b] = [`ORGA${suffix}`, `ORGB${suffix}`];
    await database.db.execute(org(a));
    await database.db.execute(org(b));
    await database.db.execute(sql`insert into property_owners (organization_id, id, name) values (${a}, 'OWNER1', 'Wanjiku Kamau')`);
    await expect(database.db.execute(sql`
      insert into houses (organization_id, id, owner_id, number, account_code, rent) values (${b}, 'HOUSE1', 'OWNER1', 'A1', 'A1', 1000)`))
      .rejects.toThrow();
    await database.db.execute(sql`
      insert into houses (organization_id, id, owner_id, number, account_code, rent) values (${a}, 'HOUSE1', 'OWNER1', 'A1', 'A1', '15000.50')`);
    await expect(database.db.execute(sql`
      insert into houses (organization_id, id, owner_id, number, account_code, rent) values (${a}, 'HOUSE2', 'OWNER1', 'A2', 'A1', 1000)`))
      .rejects.toThrow();
    await database.db.execute(sql`insert into tenants (organization_id, id, name, phone) values (${a}, 'TENANT1', 'Otieno', '+254712345678')`);
    const lease = (id: string, status: string) => sql`
      insert into leases (organization_id, id, tenant_id, house_id, start_date, rent, status)
      values (${a}, ${id}, 'TENANT1', 'HOUSE1', '2026-01-01', '15000.50', ${status})`;
    await database.db.execute(lease('LEASE1', 'ended'));
    await database.db.execute(lease('LEASE2', 'active'));
    await expect(database.db.execute(lease('LEASE3', 'notice'))).rejects.toThrow();
    const [house] = await rows(sql`select rent from houses where organization_id = ${a} and id = 'HOUSE1'`);
    expect(house.rent).toBe('15000.50');
  });
});
