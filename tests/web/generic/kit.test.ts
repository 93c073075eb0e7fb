// The generic kit's pure parts: labels from keys, routes from the declarations (seed spellings
// kept), money as typed and as sent, what a chosen reference fills in, CSV rows.
import { describe, expect, it } from 'vitest';
import { humanise, labelsFor } from '../../../src/web/generic/labels';
import { declaredParams, routeShape, withDeclaredScreens } from '../../../src/web/generic/route-table';
import { AREA_ROUTES, appRoutes } from '../../../src/web/routing/routes';
import { requiredPermission } from '../../../src/web/routing/access';
import { readMoney, showMoney, moneyValidator } from '../../../src/web/generic/MoneyInput';
import { formDefaults, inheritedFields, toApiValues, toFormValues } from '../../../src/web/generic/form-values';
import { exportLabelsFor, exportQuery } from '../../../src/web/generic/ExportButton';
import { exportCell, exportHeader } from '../../../src/shared/csv-export';
import { relationsTo, addPath } from '../../../src/web/generic/RelatedPanels';
import { houses, invoices, leases, paymentChannels, properties, resources, settings, workOrders } from '../../../resources/index';
import { englishMessages } from '../../../src/web/i18n/en';

/** A translate with polyglot's `_` fallback over the English messages (no React needed). */
function translate(key: string, options: { _?: string; smart_count?: number; [k: string]: unknown } = {}): string {
  const found = key.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), englishMessages);
  let text = typeof found === 'string' ? found : options._ ?? key;
  if (text.includes('||||')) text = text.split('||||')[options.smart_count === 1 ? 0 : 1].trim();
  return text.replace(/%\{(\w+)\}/g, (_, k: string) => String(options[k] ?? ''));
}

describe('labels', () => {
  it('reads keys as words', () => {
    expect(humanise('owner_id')).toBe('Owner');
    expect(humanise('charge_ids')).toBe('Charges');
    expect(humanise('kra_pin')).toBe('KRA PIN');
    expect(humanise('house-types')).toBe('House types');
    expect(humanise('payout_mpesa_phone')).toBe('Payout M-Pesa phone');
  });

  it('prefers messages, then shared labels, then the key', () => {
    const l = labelsFor(translate as never, houses);
    expect(l.area()).toBe('Houses');
    expect(l.area(1)).toBe('House');
    expect(l.field('account_code')).toBe('Account code (M-Pesa)');
    expect(l.field('property_id')).toBe('Property');
    expect(l.field('block')).toBe('Block');
    expect(l.choice('status', 'occupied')).toBe('Occupied');
    expect(labelsFor(translate as never, properties).choice('county', 'tana_river')).toBe('Tana River');
    expect(labelsFor(translate as never, paymentChannels).choice('kind', 'mpesa_paybill')).toBe('M-Pesa paybill');
  });
});

describe('routes from the declarations', () => {
  it('keeps the seed paths and their permissions, and gives each a screen', () => {
    const byPath = (p: string) => appRoutes.find((r) => r.path === p)!;
    for (const p of ['/charge-form/:ulid?', '/role/form/:role_id?', '/:owner_ulid/house-form', '/property/:property_id/house-form/:ulid?', '/service-provider-form/:id?', '/outbox', '/sent', '/settings', '/send-message/:ulid?']) {
      expect(byPath(p)?.component, p).toBeDefined();
    }
    expect(requiredPermission(byPath('/:owner_ulid/house-form'), { owner_ulid: 'o' })).toBe('create.house');
    expect(requiredPermission(byPath('/settings'))).toBe('show.setting');
  });

  it('adds declared routes the seed does not list, with the declaration’s rules', () => {
    const lease = AREA_ROUTES.find((r) => r.path === '/lease-form/:id?')!;
    expect(lease.component).toBeDefined();
    expect(requiredPermission(lease)).toBe('create.lease');
    expect(requiredPermission(lease, { id: 'x' })).toBe('edit.lease');
  });

  it('statements keep whatever their own screens are', () => {
    const seed = [{ path: '/statements/aging-balances', area: 'auth' as const, permission: 'list.statement' }];
    expect(withDeclaredScreens(seed, [])[0].component).toBeUndefined();
  });

  it('matches routes by shape and maps parameters by position', () => {
    expect(routeShape('/property/:property_id/house-form/:ulid?')).toBe(routeShape('/property/:property_id/house-form/:id?'));
    expect(declaredParams('/property/:property_id/house-form/:ulid?', '/property/:property_id/house-form/:id?', { property_id: 'p', ulid: 'h' }))
      .toEqual({ property_id: 'p', id: 'h' });
    expect(declaredParams('/:owner_ulid/house-form', '/:owner_id/house-form', { owner_ulid: 'o' })).toEqual({ owner_id: 'o' });
  });

  it('puts each area in its menu group', () => {
    expect(appRoutes.find((r) => r.path === '/houses')?.menu).toMatchObject({ label: 'resources.houses.name', group: 'portfolio' });
    expect(appRoutes.find((r) => r.path === '/outbox')?.menu).toMatchObject({ label: 'resources.messages.menu.outbox', group: 'messaging' });
    expect(appRoutes.find((r) => r.path === '/settings')?.menu).toMatchObject({ group: 'administration' });
    expect(appRoutes.find((r) => r.path === '/house-form/:ulid?')?.menu).toBeUndefined();
  });
});

describe('money in forms', () => {
  it('shows shillings with separators and sends the API’s decimal text', () => {
    expect(showMoney('1234567.5')).toBe('1,234,567.50');
    expect(showMoney('-0.5')).toBe('-0.50');
    expect(readMoney('12,500')).toBe('12500.00');
    expect(readMoney('KES 99.9')).toBe('99.90');
    expect(readMoney('')).toBeNull();
    expect(readMoney('12.345')).toBe('12.345'); // kept as typed: the validator refuses it
    expect(moneyValidator(0)('12.345', {}, {})).toBe('generic.form.money_invalid');
    expect(moneyValidator(0.01)('0.00', {}, {})).toMatchObject({ message: 'generic.form.money_min' });
    expect(moneyValidator(0)('5.00', {}, {})).toBeUndefined();
  });
});

describe('form values', () => {
  it('starts from the declared defaults; money as decimal text, percentages as numbers', () => {
    expect(formDefaults(houses)).toMatchObject({ status: 'vacant' });
    expect(formDefaults(invoices)).toMatchObject({ status: 'draft', lines: [] });
    expect(formDefaults(invoices)).not.toHaveProperty('total');
    expect(formDefaults(settings)).toMatchObject({ default_commission_rate: 10, billing_day: 1 });
    expect(toFormValues(properties, { id: 'p', commission_rate: '7.5' })).toMatchObject({ commission_rate: 7.5 });
  });

  it('sends writable fields only; a blank secret is left out', () => {
    const out = toApiValues(paymentChannels, { id: 'c', name: 'Paybill', callback_secret: 's', daraja_passkey: '', daraja_consumer_key: 'k', extra: 1 });
    expect(out).toMatchObject({ name: 'Paybill', daraja_consumer_key: 'k' });
    expect(out).not.toHaveProperty('callback_secret');
    expect(out).not.toHaveProperty('daraja_passkey');
    expect(out).not.toHaveProperty('extra');
  });

  it('knows what a chosen record fills in', () => {
    const pairs = (resource: typeof houses, key: string) => inheritedFields(resource, resource.fields.find((f) => f.key === key)!);
    expect(pairs(houses, 'house_type_id')).toEqual([
      { from: 'default_rent', to: 'rent' },
      { from: 'default_deposit', to: 'deposit' },
      { from: 'charge_ids', to: 'charge_ids' },
    ]);
    expect(pairs(houses, 'property_id')).toEqual([{ from: 'owner_id', to: 'owner_id' }]);
    expect(pairs(leases, 'house_id')).toEqual([{ from: 'rent', to: 'rent' }, { from: 'deposit', to: 'deposit' }]);
    expect(pairs(workOrders, 'ticket_id').map((p) => p.to)).toEqual(['category_id', 'property_id', 'house_id']);
    expect(pairs(properties, 'owner_id')).toEqual([]); // the owner's commission is not an override
  });
});

describe('related records', () => {
  it('finds the areas pointing at a record and how to add one linked', () => {
    expect(relationsTo('properties').map((r) => `${r.resource.name}.${r.field.key}`)).toContain('houses.property_id');
    expect(relationsTo('tenants').map((r) => r.resource.name)).toContain('leases');
    const [house] = relationsTo('properties').filter((r) => r.resource.name === 'houses');
    expect(addPath(house.resource, house.field, 'p1')).toBe('/property/p1/house-form');
    const [lease] = relationsTo('tenants').filter((r) => r.resource.name === 'leases');
    expect(addPath(lease.resource, lease.field, 't1')).toBe(`/lease-form?source=${encodeURIComponent('{"tenant_id":"t1"}')}`);
  });
});

describe('CSV export', () => {
  it('labels the columns in the user’s language and writes titles, labels and decimal amounts', () => {
    const labels = exportLabelsFor(houses, translate as never);
    expect(exportHeader(houses, labels).slice(0, 5)).toEqual(['ID', 'Property', 'Owner', 'House type', 'House no.']);
    const field = (key: string) => houses.fields.find((f) => f.key === key)!;
    const titles: Record<string, string> = { p1: 'Jirani Heights', c1: 'Water' };
    const cell = (key: string, v: unknown) => exportCell(field(key), v, labels, (id) => titles[id]);
    expect(cell('property_id', 'p1')).toBe('Jirani Heights');
    expect(cell('charge_ids', ['c1'])).toBe('Water');
    expect(cell('rent', '32000.00')).toBe('32000.00');
    expect(cell('status', 'occupied')).toBe('Occupied');
    expect(labels.yes).toBe('Yes');
  });

  it('sends the export the list’s filter (preset included), sort and labels, short enough for a URL', () => {
    const labels = exportLabelsFor(houses, translate as never);
    const q = exportQuery({ filter: { property_id: 'p1' }, filterValues: { q: 'A1', status: 'vacant' }, sort: { field: 'rent', order: 'DESC' } }, labels);
    expect(JSON.parse(q.filter!)).toEqual({ q: 'A1', status: 'vacant', property_id: 'p1' });
    expect(JSON.parse(q.sort!)).toEqual(['rent', 'DESC']);
    expect(JSON.parse(q.labels!).fields.number).toBe('House no.');
    for (const r of resources) {
      const all = exportQuery({}, exportLabelsFor(r, translate as never));
      expect(encodeURIComponent(all.labels!).length, r.name).toBeLessThan(8_000);
    }
  });
});
