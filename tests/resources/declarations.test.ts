import { describe, expect, it } from 'vitest';
import { allDeclarations, resourceByName, resources, settings, storedResources } from '../../resources/index.js';
import { MODULES } from '../../src/shared/permissions.js';
import {
  FIELD_KINDS, MENU_GROUPS, TEXT_KINDS, fieldOf, routePath, routePermission, snakeCase, type Field, type Resource,
} from '../../src/shared/resource.js';
import * as tableModule from '../../src/server/db/tables.generated.js';
import { generatedTables } from '../../src/server/db/resource-tables.js';
import { declarationFiles, staleFiles } from '../../scripts/generate-areas.js';

/** docs/api.md "Resources": the areas of the contract (more may be declared). */
const AREAS = [
  'property-owners', 'aggregators', 'properties', 'house-types', 'houses', 'charges', 'tenants', 'leases',
  'invoices', 'expenses', 'incomes', 'payments', 'payment-channels', 'messages', 'templates', 'users',
  'roles', 'tickets', 'work-orders', 'work-order-categories', 'service-providers', 'sms-credits', 'remittances', 'meters', 'readings',
];

/** Seed section 2, authenticated area, as written there. */
const SEED_ROUTES = [
  '/dashboard', '/property-owners', '/property-owners/form/{ulid?}', '/property-owner-form/{ulid}', '/roles',
  '/role/form/{role_id?}', '/aggregators', '/aggregator/form/{ulid?}', '/properties', '/property-form/{ulid?}',
  '/house-types', '/house-type-form/{ulid?}', '/houses', '/houses-form/{ulid?}', '/house-form/{ulid?}',
  '/{owner_ulid}/house-form', '/property/{property_id}/house-form/{ulid?}', '/charges', '/charge-form/{ulid?}',
  '/tenants', '/tenant-form/{ulid?}', '/leases', '/invoices', '/invoice-form/{ulid?}', '/expenses', '/incomes',
  '/payments', '/payment-channels', '/payment-channel-form/{ulid?}', '/send-message/{ulid?}', '/outbox', '/sent',
  '/statements/property/{ulid?}', '/statements/user/{tenant_id?}/{lease_id?}', '/statements/aging-balances',
  '/settings', '/templates', '/template-form/{ulid?}', '/users', '/user-form/{ulid?}', '/change-password',
  '/work-orders', '/tickets', '/ticket-form/{ulid?}', '/service-providers', '/service-provider-form/{id?}',
  '/sms-credits', '/work-order-categories', '/work-order-category-form/{ulid?}',
];
/** Seed routes that are pages, not an area's list or form. */
const PAGES = ['/dashboard', '/statements/property/{ulid?}', '/statements/user/{tenant_id?}/{lease_id?}', '/statements/aging-balances', '/change-password'];
/** Form routes we add for areas whose form the seed does not route (docs/product.md: every area has a form). */
const ADDED_ROUTES = ['/lease-form/:id?', '/expense-form/:id?', '/income-form/:id?', '/payment-form/:id?', '/work-order-form/:id?', '/sms-credit-form/:id?',
  // issue 13: owner remittances (the second presets the owner, from the owner statement)
  '/remittances', '/remittance-form/:id?', '/property-owner/:owner_id/remittance-form',
  // issue 13: meters and their readings (a house's meter form, a meter's reading form, the caretaker's walk)
  '/meters', '/meter-form/:id?', '/house/:house_id/meter-form', '/readings', '/reading-form/:id?', '/meter/:meter_id/reading-form', '/read-meters/:property_id?'];

/** A route's shape with parameter names erased: '/a/{x?}' and '/a/:y?' are both '/a/:?'. */
const shape = (p: string) => p.replace(/\{[a-z_]+(\?)?\}/g, ':$1').replace(/:[a-z_]+(\?)?/g, ':$1');

const SNAKE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
const RESERVED = ['id', 'organization_id', 'created_at', 'updated_at'];

function checkFields(where: string, fields: readonly Field[], owner: Resource): string[] {
  const problems: string[] = [];
  const keys = new Set<string>();
  for (const f of fields) {
    const at = `${where}.${f.key}`;
    if (!SNAKE.test(f.key)) problems.push(`${at}: key not snake_case`);
    if (RESERVED.includes(f.key)) problems.push(`${at}: reserved key`);
    if (keys.has(f.key)) problems.push(`${at}: duplicate key`);
    keys.add(f.key);
    if (!FIELD_KINDS.includes(f.kind)) problems.push(`${at}: unknown kind`);
    if (f.kind === 'choice' || f.kind === 'multi_choice') {
      if (!f.choices?.length) problems.push(`${at}: no choices`);
      const exempt = (owner.name === 'roles' && f.key === 'permissions') || (owner.name === 'settings' && f.key === 'locale');
      if (!exempt) for (const c of f.choices ?? []) if (!SNAKE.test(c)) problems.push(`${at}: choice ${c} not snake_case`);
      if (new Set(f.choices).size !== f.choices?.length) problems.push(`${at}: duplicate choices`);
    } else if (f.choices) problems.push(`${at}: choices on a ${f.kind}`);
    if (f.kind === 'reference' || f.kind === 'multi_reference') {
      const target = f.reference && resourceByName(f.reference);
      if (!target || target.singleton) problems.push(`${at}: reference to unknown resource ${f.reference}`);
      if (f.kind === 'reference' && !f.key.endsWith('_id')) problems.push(`${at}: reference key must end in _id`);
      if (f.kind === 'multi_reference' && !f.key.endsWith('_ids')) problems.push(`${at}: multi reference key must end in _ids`);
    } else if (f.reference) problems.push(`${at}: reference on a ${f.kind}`);
    if (f.search && !TEXT_KINDS.includes(f.kind)) problems.push(`${at}: search on a ${f.kind}`);
    if (f.readOnly && f.required) problems.push(`${at}: read-only and required`);
    // read-only and write-only together: the server's own (a callback secret), never in nor out
    if (f.writeOnly && (f.list || f.filter || f.sort || f.search)) problems.push(`${at}: write-only field exposed`);
    if (f.notBefore && fields.find((x) => x.key === f.notBefore)?.kind !== 'date') problems.push(`${at}: notBefore is not a date field`);
    if (f.pattern) new RegExp(f.pattern);
  }
  return problems;
}

describe('declarations', () => {
  it('declare every area of the API, one file each in resources/, plus the settings singleton', () => {
    // the contract's areas are all there; any further one is a file of its own in resources/
    expect(resources.map((r) => r.name)).toEqual(expect.arrayContaining(AREAS));
    expect(allDeclarations.map((r) => `${r.name}.ts`).sort()).toEqual(declarationFiles());
    expect(settings.singleton).toBe(true);
    expect(allDeclarations.filter((r) => r.singleton).map((r) => r.name)).toEqual(['settings']);
  });

  it('are well-formed', () => {
    const problems: string[] = [];
    const names = new Set<string>();
    for (const r of allDeclarations) {
      const at = r.name;
      if (names.has(r.name)) problems.push(`${at}: duplicate name`);
      names.add(r.name);
      if (!/^[a-z]+(-[a-z]+)*$/.test(r.name)) problems.push(`${at}: name not kebab-case`);
      if (r.storage === 'table' && r.table !== snakeCase(r.name)) problems.push(`${at}: table is not the snake_case name`);
      if (!(MODULES as readonly string[]).includes(r.module)) problems.push(`${at}: unknown module ${r.module}`);
      if (!MENU_GROUPS.includes(r.menu)) problems.push(`${at}: unknown menu group`);
      if (!r.icon) problems.push(`${at}: no icon`);
      problems.push(...checkFields(at, r.fields, r));
      for (const c of r.children) {
        problems.push(...checkFields(`${at}.${c.key}`, c.fields, r));
        if (fieldOf(r, c.key)) problems.push(`${at}: child ${c.key} clashes with a field`);
      }
      for (const k of [...r.listColumns, ...r.filterFields, ...r.sortFields, ...r.searchFields]) {
        if (!fieldOf(r, k)) problems.push(`${at}: list/filter/sort/search names unknown field ${k}`);
      }
      if (!r.singleton && r.defaultSort.field !== 'id' && !r.sortFields.includes(r.defaultSort.field)) {
        problems.push(`${at}: default sort ${r.defaultSort.field} is not sortable`);
      }
      if (typeof r.recordTitle === 'string' && !fieldOf(r, r.recordTitle)) problems.push(`${at}: recordTitle names unknown field`);
      if (!r.singleton && r.listColumns.length === 0) problems.push(`${at}: no list columns`);
      for (const u of r.unique) {
        for (const k of u.fields) if (!fieldOf(r, k)) problems.push(`${at}: unique names unknown field ${k}`);
        const where = u.where && fieldOf(r, u.where.field);
        if (u.where && !(where?.choices?.length || where?.kind === 'boolean')) problems.push(`${at}: unique where on a non-choice`);
      }
      for (const b of r.delete.blockedBy ?? []) {
        const other = resourceByName(b.resource);
        const fields = b.child ? other?.children.find((c) => c.key === b.child)?.fields : other?.fields;
        const f = fields?.find((x) => x.key === b.field);
        if (!f || f.reference !== r.name) problems.push(`${at}: blockedBy ${b.resource}.${b.child ?? ''}${b.field} does not reference ${r.name}`);
      }
      for (const w of r.delete.blockedWhen ?? []) {
        const f = fieldOf(r, w.field);
        if (!f?.choices || !w.in.every((v) => f.choices!.includes(v))) problems.push(`${at}: blockedWhen ${w.field} values not its choices`);
      }
      if (r.routes.length === 0) problems.push(`${at}: no routes`);
    }
    expect(problems).toEqual([]);
  });

  it('a stored resource that another one references has a delete rule naming it (a 409 with a message, not a bare FK error)', () => {
    const missing: string[] = [];
    for (const r of storedResources) {
      const holders = [...r.fields.map((f) => ({ f, child: undefined as string | undefined })),
        ...r.children.flatMap((c) => c.fields.map((f) => ({ f, child: c.key })))];
      for (const { f, child } of holders) {
        // Allocations only point at issued invoices, which are never deleted.
        if ((f.kind !== 'reference' && f.kind !== 'multi_reference') || child === 'allocations') continue;
        const target = resourceByName(f.reference!)!;
        if (target.storage !== 'table' || target.delete.allowed === false) continue;
        const named = (target.delete.blockedBy ?? []).some((b) => b.resource === r.name && b.field === f.key && b.child === child);
        if (!named) missing.push(`${target.name} ← ${r.name}.${child ? child + '.' : ''}${f.key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('cover every list and form route of seed section 2, each declared by exactly one area', () => {
    const declared = allDeclarations.flatMap((r) => r.routes.map((route) => ({ r, route })));
    const seedResourceRoutes = SEED_ROUTES.filter((p) => !PAGES.includes(p));
    for (const seed of seedResourceRoutes) {
      const owners = declared.filter((d) => shape(d.route.path) === shape(seed)).map((d) => d.r.name);
      expect(owners, seed).toHaveLength(1);
    }
    const allowed = new Set([...seedResourceRoutes, ...ADDED_ROUTES].map(shape));
    const extra = declared.filter((d) => !allowed.has(shape(d.route.path))).map((d) => d.route.path);
    expect(extra).toEqual([]);
    expect(new Set(declared.map((d) => shape(d.route.path))).size).toBe(declared.length);
  });

  it('route parameters are the record id or fields they preset', () => {
    for (const r of allDeclarations) {
      for (const route of r.routes) {
        for (const [, name] of route.path.matchAll(/:([a-z_]+)/g)) {
          if (name === 'id') expect(route.view, `${r.name} ${route.path}`).toBe('form');
          else expect(fieldOf(r, name)?.kind, `${r.name} ${route.path} :${name}`).toBe('reference');
        }
      }
    }
  });

  it('every area has a list route and its module guards it', () => {
    for (const r of resources) {
      const list = r.routes.find((x) => x.view === 'list');
      expect(list, r.name).toBeDefined();
      expect(routePermission(r, list!, false)).toBe(`list.${r.module}`);
    }
    const charges = resourceByName('charges')!;
    const form = charges.routes.find((x) => x.view === 'form')!;
    expect(routePermission(charges, form, false)).toBe('create.charge');
    expect(routePermission(charges, form, true)).toBe('edit.charge');
    expect(routePath('/property/:property_id/house-form/:id?', { property_id: '01J0' })).toBe('/property/01J0/house-form');
    expect(routePath('/property/:property_id/house-form/:id?', { property_id: 'a', id: 'b' })).toBe('/property/a/house-form/b');
  });

  it('users and roles map onto the foundation tables; only stored areas get generic tables', () => {
    expect(resourceByName('users')!.storage).toBe('custom');
    expect(resourceByName('roles')!.storage).toBe('custom');
    expect(storedResources.map((r) => r.name).sort()).toEqual(AREAS.filter((n) => n !== 'users' && n !== 'roles').sort());
  });

  it('every generated table is a named export of tables.generated.ts (drizzle-kit only sees those)', () => {
    const exported = new Set(Object.values(tableModule));
    for (const [name, table] of generatedTables) expect(exported.has(table), name).toBe(true);
    expect(generatedTables.size).toBe(storedResources.length + storedResources.reduce((n, r) => n + r.children.length, 0));
  });

  it('the generated lists (areas, modules, tables, icons) are what `npm run areas` writes from resources/', async () => {
    expect(await staleFiles()).toEqual([]);
  });
});
