// The declaration kit: one plain object per area (resources/<name>.ts) says what a record holds
// and how it is listed, searched, sorted, routed, guarded and deleted. The server builds tables,
// JSON Schemas and routes from it; the web app builds menus, lists and forms from it.
// Pure TypeScript: no React, no Fastify, no database driver (both sides import this file).


export const FIELD_KINDS = [
  'text', 'long_text', 'number', 'money', 'date', 'datetime', 'boolean', 'choice', 'multi_choice',
  'reference', 'multi_reference', 'email', 'phone', 'percent', 'json',
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

export const MENU_GROUPS = [
  'portfolio', 'tenancy', 'money', 'messaging', 'maintenance', 'reports', 'administration',
] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

/** A stored record as it travels (JSON keys = column names = react-admin sources). */
export type RecordValues = Record<string, unknown>;

export interface Field {
  /** snake_case; the column, the JSON key and the react-admin source. */
  key: string;
  kind: FieldKind;
  required?: boolean;
  /** number, percent: bounds of the value; money: bounds in shillings (e.g. 0.01). */
  min?: number;
  max?: number;
  /** text-like kinds; defaults per kind (see DEFAULT_MAX_LENGTH). */
  maxLength?: number;
  minLength?: number;
  /** number: digits after the point (column numeric(12, scale)); absent means an integer. */
  scale?: number;
  /** text: a regular expression (source) the trimmed value must match. */
  pattern?: string;
  /** text: what the error says when the pattern does not match, with an example (default: "The format is not valid."). */
  patternMessage?: string;
  /**
   * text: normalisation applied before checks ('code': upper-case, letters and digits only;
   * 'compact': upper-case without any space, invisible ones included, e.g. an M-Pesa code).
   */
  normalize?: 'upper' | 'lower' | 'code' | 'compact';
  /** date: the value may not be before this other date field of the same record. */
  notBefore?: string;
  /** choice, multi_choice: the allowed values (labels: resources.<name>.choices.<key>.<value>). */
  choices?: readonly string[];
  /** reference, multi_reference: the target resource name ('users' means the organisation's members). */
  reference?: string;
  /** Value used on create when the input omits the field (also the column default). */
  default?: unknown;
  /** Computed by the server (invoice total, receipt number): never taken from input. */
  readOnly?: boolean;
  /**
   * Secrets (Daraja keys): accepted on input, never returned; an empty value on update keeps the
   * old one. With readOnly too: the server's own (a callback secret), neither taken nor returned.
   */
  writeOnly?: boolean;
  /** Unique within the organisation (index on (organization_id, key)). */
  unique?: boolean;
  /** Form field group (labels: resources.<name>.groups.<group>). */
  group?: string;
  /** Shown as a list column. */
  list?: boolean;
  /** Usable as a filter key (and `<key>_gte` / `<key>_lte` for dates, numbers and money). */
  filter?: boolean;
  /** Usable in sort=[key, …]. */
  sort?: boolean;
  /** Searched by the `q` filter (pg_trgm). */
  search?: boolean;
  /** The English label when the key alone reads badly (default: the key, humanised). */
  label?: string;
}

/** A child table edited inside its parent's form (invoice lines, payment allocations). */
export interface ChildDeclaration {
  /** The JSON key on the parent record, e.g. 'lines'. */
  key: string;
  /** The table, e.g. 'invoice_lines'. */
  table: string;
  fields: Field[];
  /** The server fills the rows (payment allocations): input ignores them. */
  readOnly?: boolean;
  unique?: UniqueDeclaration[];
}

export interface UniqueDeclaration {
  fields: string[];
  /** Partial index: only rows whose field is one of these values (one active lease per house). */
  where?: { field: string; in: readonly string[] };
  /** Shown (409/422) when the constraint refuses a write. */
  message?: string;
  /** Text fields compared trimmed and case-folded (house 'a1 ' is house 'A1'): an expression index. */
  caseless?: boolean;
}

export interface RouteDeclaration {
  /** react-router pattern. `:id` is the record; any other param names a field it presets. */
  path: string;
  view: 'list' | 'form' | 'page';
  /** list: a preset filter (the outbox is messages with status in …). */
  filter?: RecordValues;
  /** page: the name of the custom page the web app renders. */
  page?: string;
  /** Permission needed when not the default one (list → list.m, form → create.m / edit.m). */
  permission?: string;
}

export interface DeleteRules {
  /** false: never deleted (issued money records are voided or reversed instead). */
  allowed?: boolean;
  message?: string;
  /**
   * 409 while another record references this one (a multi_reference field: while its list holds
   * this id). `child` names a child table of that resource.
   */
  blockedBy?: Array<{ resource: string; field: string; child?: string; message: string }>;
  /** 409 while this record's field has one of these values. */
  blockedWhen?: Array<{ field: string; in: readonly string[]; message: string }>;
}

export interface ResourceDeclaration {
  /** The seed's list path without the slash: 'property-owners'. API segment and i18n key. */
  name: string;
  /**
   * 'table': a generic table named `table` (default: snake_case of name).
   * 'custom': the server maps it onto foundation tables (users, roles).
   * 'settings': organizations.settings (the singleton).
   */
  storage?: 'table' | 'custom' | 'settings';
  table?: string;
  /** One record per organisation, no list (settings). */
  singleton?: boolean;
  /**
   * The permission module (snake_case, singular: 'parking_bay'). A new module is added to the
   * permission catalogue by `npm run areas` (src/shared/area-modules.generated.ts); several areas
   * may share one ('property').
   */
  module: string;
  /** A field key, or a small pure function of the record. */
  recordTitle: string | ((record: RecordValues) => string);
  fields: Field[];
  children?: ChildDeclaration[];
  /** List columns in order; default: fields flagged `list`, in field order. */
  listColumns?: string[];
  defaultSort: { field: string; order: 'ASC' | 'DESC' };
  /** Composite unique constraints (single-field ones use Field.unique). */
  unique?: UniqueDeclaration[];
  routes: RouteDeclaration[];
  delete?: DeleteRules;
  menu: MenuGroup;
  /** Place in its menu group, lower first (default: after the numbered ones, by name). */
  order?: number;
  /** A @mui/icons-material export name, e.g. 'HomeWork' (a misspelt one fails the typecheck). */
  icon: IconName;
  /**
   * The English name, "singular |||| plural" (default: from `name`, 'parking-bays' → 'Parking bays').
   * Field labels: Field.label. Other languages: `translations`.
   */
  label?: string;
  /**
   * This area's messages per language, the react-admin tree under resources.<name> (name,
   * fields, choices, groups): optional, filled when a translator gets to it; English falls back
   * to `label` and the humanised keys.
   */
  translations?: Partial<Record<'en' | 'sw', AreaMessages>>;
  /** Cross-field rules: returns field errors (templates refuse unknown placeholders). */
  check?: (values: RecordValues, mode: 'create' | 'update') => Record<string, string[]>;
  /** Domain verbs beyond CRUD, e.g. ['void.invoice']. */
  actions?: string[];
  /**
   * Reference fields `q` also searches through: a record matches when the record it references
   * matches that area's own search (an invoice found by its tenant's, house's or property's name).
   */
  searchThrough?: string[];
  /**
   * The date field that places a record in the books' months (invoices: issue_date): creating,
   * editing or deleting a record dated in a closed month is refused with a 422 naming this field,
   * and the form marks the closed months beside it (issue 13, src/server/domain/closed-months.ts).
   */
  booksDate?: string;
  /** A reference field whose record's title comes first in pickers: houses read 'Jirani Heights · A1'. */
  pickerContext?: string;
}

/**
 * The names @mui/icons-material exports. A type only (nothing of MUI is loaded here): the web app
 * imports just the icons the declarations name (src/web/generic/area-icons.generated.ts).
 */
export type IconName = Exclude<keyof typeof import('@mui/icons-material'), 'default'>;

/** An area's messages in one language (react-admin's resources.<name> tree). */
export interface AreaMessages {
  name?: string;
  fields?: Record<string, string>;
  choices?: Record<string, Record<string, string>>;
  groups?: Record<string, string>;
  children?: Record<string, { name?: string; fields?: Record<string, string> }>;
}

/** A declaration with its derived lists filled in. */
export interface Resource extends ResourceDeclaration {
  storage: 'table' | 'custom' | 'settings';
  /** The table name (meaningful when storage is 'table'). */
  table: string;
  listColumns: string[];
  filterFields: string[];
  sortFields: string[];
  searchFields: string[];
  searchThrough: string[];
  children: ChildDeclaration[];
  unique: UniqueDeclaration[];
  delete: DeleteRules;
}

export const DEFAULT_MAX_LENGTH: Partial<Record<FieldKind, number>> = {
  text: 255, long_text: 10_000, email: 254, phone: 25, reference: 64,
};

export const snakeCase = (name: string): string => name.replace(/-/g, '_');

export function defineResource(d: ResourceDeclaration): Resource {
  const storage = d.storage ?? 'table';
  const flagged = (flag: 'list' | 'filter' | 'sort' | 'search') =>
    d.fields.filter((f) => f[flag]).map((f) => f.key);
  return {
    ...d,
    storage,
    table: d.table ?? snakeCase(d.name),
    listColumns: d.listColumns ?? flagged('list'),
    filterFields: flagged('filter'),
    sortFields: flagged('sort'),
    searchFields: flagged('search'),
    searchThrough: d.searchThrough ?? [],
    children: d.children ?? [],
    unique: d.unique ?? [],
    delete: d.delete ?? {},
  };
}

// ---- field builders: `text('name', { required: true, search: true })` ---------------------------

type Opts = Omit<Field, 'key' | 'kind' | 'choices' | 'reference'>;
const make = (kind: FieldKind) => (key: string, opts: Opts = {}): Field => ({ key, kind, ...opts });

export const text = make('text');
export const longText = make('long_text');
export const number = make('number');
export const money = make('money');
export const date = make('date');
export const datetime = make('datetime');
export const boolean = make('boolean');
export const email = make('email');
export const phone = make('phone');
export const percent = make('percent');
export const json = make('json');
export const choice = (key: string, choices: readonly string[], opts: Opts = {}): Field =>
  ({ key, kind: 'choice', choices, ...opts });
export const multiChoice = (key: string, choices: readonly string[], opts: Opts = {}): Field =>
  ({ key, kind: 'multi_choice', choices, ...opts });
export const reference = (key: string, target: string, opts: Opts = {}): Field =>
  ({ key, kind: 'reference', reference: target, ...opts });
export const multiReference = (key: string, target: string, opts: Opts = {}): Field =>
  ({ key, kind: 'multi_reference', reference: target, ...opts });

// ---- lookups ------------------------------------------------------------------------------------

export function fieldOf(resource: Pick<Resource, 'fields' | 'name'>, key: string): Field | undefined {
  return resource.fields.find((f) => f.key === key);
}

export type FieldFlag = 'list' | 'filter' | 'sort' | 'search' | 'readOnly' | 'writeOnly' | 'required' | 'unique';
export function fieldsWith(resource: Pick<Resource, 'fields'>, flag: FieldFlag): Field[] {
  return resource.fields.filter((f) => !!f[flag]);
}

/** Fields whose values are ids of another resource (checked by the server in the same organisation). */
export function referenceFields(resource: Pick<Resource, 'fields'>): Field[] {
  return resource.fields.filter((f) => f.kind === 'reference' || f.kind === 'multi_reference');
}

/** Fields a client may send (not read-only). */
export function writableFields(resource: Pick<Resource, 'fields'>): Field[] {
  return resource.fields.filter((f) => !f.readOnly);
}

/** Fields returned to a client (not write-only). */
export function readableFields(resource: Pick<Resource, 'fields'>): Field[] {
  return resource.fields.filter((f) => !f.writeOnly);
}

/** Kinds that accept `_gte` / `_lte` range filters. */
export const RANGE_KINDS: readonly FieldKind[] = ['number', 'money', 'percent', 'date', 'datetime'];

/** Kinds held as text in the database (what `q` can search). */
export const TEXT_KINDS: readonly FieldKind[] = ['text', 'long_text', 'email', 'phone'];

/** The columns a stored resource's table has, in order (the drift test compares these). */
export const SYSTEM_COLUMNS = ['organization_id', 'id', 'created_at', 'updated_at'] as const;

export function columnsOf(resource: Resource): string[] {
  return ['organization_id', 'id', ...resource.fields.map((f) => f.key), 'created_at', 'updated_at'];
}

/** The child table's link column: `<module>_id` of the parent (invoice_id). */
export const parentKey = (resource: Pick<Resource, 'module'>): string => `${resource.module}_id`;

export function childColumnsOf(resource: Resource, child: ChildDeclaration): string[] {
  return ['organization_id', 'id', parentKey(resource), 'position', ...child.fields.map((f) => f.key), 'created_at', 'updated_at'];
}

export function recordTitle(resource: Pick<Resource, 'recordTitle'>, record: RecordValues | undefined): string {
  if (!record) return '';
  if (typeof resource.recordTitle === 'function') return resource.recordTitle(record);
  const v = record[resource.recordTitle];
  return v == null ? '' : String(v);
}

/** Default route permission: list → list.m; form → edit.m with an id, create.m without. */
export function routePermission(resource: Pick<Resource, 'module'>, route: RouteDeclaration, hasId: boolean): string {
  if (route.permission) return route.permission;
  if (route.view === 'form') return `${hasId ? 'edit' : 'create'}.${resource.module}`;
  return `list.${resource.module}`;
}

/** The first route of a view (what the menu links to, where a form returns after a save). */
export function routeOf(resource: Pick<Resource, 'routes'>, view: RouteDeclaration['view']): RouteDeclaration | undefined {
  return resource.routes.find((r) => r.view === view);
}

/** Fills a route pattern: routePath('/property/:property_id/house-form/:id?', { property_id: 'x' }). */
export function routePath(pattern: string, params: Record<string, string | undefined> = {}): string {
  return pattern
    .split('/')
    .map((seg) => {
      const m = /^:([a-z_]+)(\?)?$/.exec(seg);
      if (!m) return seg;
      const v = params[m[1]];
      if (v == null || v === '') return m[2] ? null : seg;
      return encodeURIComponent(v);
    })
    .filter((s): s is string => s !== null)
    .join('/') || '/';
}

export function resourceMap(list: readonly Resource[]): ReadonlyMap<string, Resource> {
  return new Map(list.map((r) => [r.name, r]));
}

/** Route builders: `routes: [route.list('/charges'), route.form('/charge-form/:id?')]`. */
export const route = {
  list: (path: string, filter?: RecordValues): RouteDeclaration => (filter ? { path, view: 'list', filter } : { path, view: 'list' }),
  form: (path: string): RouteDeclaration => ({ path, view: 'form' }),
  page: (path: string, page: string, permission?: string): RouteDeclaration =>
    (permission ? { path, view: 'page', page, permission } : { path, view: 'page', page }),
};

/** One accepted key of the list `filter` parameter. */
export interface FilterKey {
  /** The field filtered ('id' for the many call, '' for q). */
  field: string;
  /** eq: the value, or an array for "one of"; gte/lte: ranges; q: trigram search over searchFields. */
  op: 'eq' | 'gte' | 'lte' | 'q';
}

/**
 * The keys `filter={…}` accepts for a resource (docs/api.md): every filterable field, `<key>_gte`
 * and `<key>_lte` for dates, numbers and money, `id` (getMany), and `q` when there are search
 * fields. Anything else is a 400 naming the key.
 */
/** Whether `q` searches this area (its own text fields, or the records it references). */
export const searchable = (resource: Pick<Resource, 'searchFields' | 'searchThrough'>): boolean =>
  resource.searchFields.length > 0 || (resource.searchThrough?.length ?? 0) > 0;

export function filterKeys(resource: Pick<Resource, 'fields' | 'searchFields' | 'searchThrough'>): ReadonlyMap<string, FilterKey> {
  const keys = new Map<string, FilterKey>([['id', { field: 'id', op: 'eq' }]]);
  if (searchable(resource)) keys.set('q', { field: '', op: 'q' });
  for (const f of resource.fields) {
    if (!f.filter) continue;
    keys.set(f.key, { field: f.key, op: 'eq' });
    if (RANGE_KINDS.includes(f.kind)) {
      keys.set(`${f.key}_gte`, { field: f.key, op: 'gte' });
      keys.set(`${f.key}_lte`, { field: f.key, op: 'lte' });
    }
  }
  return keys;
}
