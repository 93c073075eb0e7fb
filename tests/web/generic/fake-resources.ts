// Area data for the generic screens' tests: the ra-data-simple-rest dialect of docs/api.md over
// in-memory rows (filter with one-of arrays, _gte/_lte, q; range and Content-Range; sort; CRUD).
import type { fakeApi } from '../fake-api';

type Api = ReturnType<typeof fakeApi>;
export type Row = Record<string, unknown> & { id: string };

export function serveResources(api: Api, data: Record<string, Row[]>) {
  const lists = new Map(Object.entries(data).map(([k, rows]) => [k, rows.map((r) => ({ ...r }))]));
  const names = [...lists.keys()].join('|');
  const matches = (row: Row, filter: Record<string, unknown>) =>
    Object.entries(filter).every(([key, want]) => {
      if (want === undefined || want === '') return true;
      if (key === 'q') return JSON.stringify(row).toLowerCase().includes(String(want).toLowerCase());
      const range = /^(.+)_(gte|lte)$/.exec(key);
      if (range && !(key in row)) {
        const v = String(row[range[1]] ?? '');
        return range[2] === 'gte' ? v >= String(want) : v <= String(want);
      }
      const v = row[key];
      if (Array.isArray(want)) return want.map(String).includes(String(v));
      if (Array.isArray(v)) return v.map(String).includes(String(want));
      return String(v) === String(want);
    });

  api.on('GET', new RegExp(`^/(${names})$`), (call) => {
    const name = call.path.slice(1);
    const url = new URL(api.fetch.mock.calls.at(-1)![0] as string, 'http://localhost');
    const filter = JSON.parse(url.searchParams.get('filter') ?? '{}') as Record<string, unknown>;
    const [start, end] = JSON.parse(url.searchParams.get('range') ?? '[0,24]') as [number, number];
    const [field, order] = JSON.parse(url.searchParams.get('sort') ?? '["id","ASC"]') as [string, string];
    const rows = lists.get(name)!.filter((r) => matches(r, filter));
    rows.sort((a, b) => String(a[field] ?? '').localeCompare(String(b[field] ?? '')) * (order === 'DESC' ? -1 : 1));
    const page = rows.slice(start, end + 1);
    return { status: 200, body: page, headers: { 'Content-Range': `${name} ${start}-${start + page.length - 1}/${rows.length}` } };
  });
  api.on('GET', new RegExp(`^/(${names})/[^/]+$`), (call) => {
    const [, name, id] = call.path.split('/');
    const row = lists.get(name)!.find((r) => r.id === decodeURIComponent(id));
    return row ? { status: 200, body: row } : { status: 404, body: { message: 'Not Found' } };
  });
  api.on('POST', new RegExp(`^/(${names})$`), (call) => {
    const name = call.path.slice(1);
    const row = { id: `${name}-new-${lists.get(name)!.length + 1}`, ...(call.body as object) };
    lists.get(name)!.push(row);
    return { status: 201, body: row };
  });
  api.on('PUT', new RegExp(`^/(${names})/[^/]+$`), (call) => {
    const [, name, id] = call.path.split('/');
    const list = lists.get(name)!;
    const i = list.findIndex((r) => r.id === decodeURIComponent(id));
    if (i < 0) return { status: 404, body: { message: 'Not Found' } };
    list[i] = { ...list[i], ...(call.body as object) };
    return { status: 200, body: list[i] };
  });
  api.on('DELETE', new RegExp(`^/(${names})/[^/]+$`), (call) => {
    const [, name, id] = call.path.split('/');
    const list = lists.get(name)!;
    const i = list.findIndex((r) => r.id === decodeURIComponent(id));
    if (i < 0) return { status: 404, body: { message: 'Not Found' } };
    const [row] = list.splice(i, 1);
    return { status: 200, body: row };
  });
  return lists;
}

/** Every CRUD permission of these modules. */
export const crud = (...modules: string[]) => modules.flatMap((m) => ['list', 'show', 'create', 'edit', 'delete'].map((a) => `${a}.${m}`));

export const OWNER: Row = { id: 'o1', kind: 'company', name: 'Baraka Holdings', phone: '+254712345678', email: 'baraka@example.co.ke', commission_rate: '10' };
export const PROPERTY: Row = { id: 'p1', name: 'Jirani Heights', code: 'KIL', owner_id: 'o1', kind: 'residential', county: 'nairobi', town: 'Kilimani' };
export const HOUSE_TYPE: Row = { id: 'ht1', name: '2 Bedroom', default_rent: '32000.00', default_deposit: '64000.00', charge_ids: [] };
export const HOUSE: Row = {
  id: 'h1', property_id: 'p1', owner_id: 'o1', house_type_id: 'ht1', number: 'A1', account_code: 'KILA1', rent: '32000.00', deposit: '32000.00', status: 'occupied', charge_ids: [],
};
export const HOUSE2: Row = { ...HOUSE, id: 'h2', number: 'A2', account_code: 'KILA2', rent: '9500.50', status: 'vacant' };
