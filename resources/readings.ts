import {
  boolean, date, defineResource, longText, number, reference, route,
} from '../src/shared/resource.js';
import { formatDay } from '../src/shared/format.js';

/**
 * A meter's reading. The server keeps the chain: the previous reading and the consumption
 * (value − previous) are computed when it is saved, under the meter's lock. A reading lower than
 * the last is refused unless it is a meter replacement, which starts the count again (it bills
 * nothing itself; the next reading counts from it). Only the meter's latest reading can be
 * changed or deleted, and only until it is billed (invoice_id): so each pair of readings is billed
 * once, on the tenant's next invoice with the rent.
 */
export const readings = defineResource({
  name: 'readings',
  module: 'reading',
  menu: 'portfolio',
  order: 56,
  icon: 'Straighten',
  label: 'Meter reading |||| Meter readings',
  recordTitle: (r) => [r.value, formatDay(r.date)].filter(Boolean).join(' · '),
  fields: [
    reference('meter_id', 'meters', { required: true, list: true, filter: true }),
    reference('house_id', 'houses', { readOnly: true, list: true, filter: true }),
    reference('property_id', 'properties', { readOnly: true, filter: true }),
    date('date', { required: true, list: true, sort: true, filter: true }),
    number('value', { required: true, scale: 3, min: 0, list: true }),
    boolean('replacement', { required: true, default: false, label: 'Meter replacement (the count starts again from this reading)' }),
    reference('taken_by_id', 'users', { label: 'Taken by' }),
    longText('note', { maxLength: 1000 }),
    /** The reading this one counts from (the meter's chain, kept by the server). */
    reference('previous_id', 'readings', { readOnly: true }),
    number('previous_value', { readOnly: true, scale: 3, list: true }),
    number('consumption', { readOnly: true, scale: 3, list: true }),
    reference('invoice_id', 'invoices', { readOnly: true, list: true, filter: true, label: 'Billed on' }),
  ],
  searchThrough: ['meter_id'],
  defaultSort: { field: 'date', order: 'DESC' },
  routes: [
    route.list('/readings'),
    route.form('/reading-form/:id?'),
    route.form('/meter/:meter_id/reading-form'),
    route.page('/read-meters/:property_id?', 'meter-walk', 'create.reading'),
  ],
  translations: {
    en: { name: 'Meter reading |||| Meter readings' },
    sw: {
      name: 'Usomaji wa mita |||| Usomaji wa mita',
      fields: {
        meter_id: 'Mita', house_id: 'Nyumba', property_id: 'Mali', date: 'Tarehe', value: 'Usomaji', replacement: 'Mita mpya (hesabu inaanza upya)',
        taken_by_id: 'Ilisomwa na', note: 'Maelezo', previous_value: 'Usomaji uliopita', consumption: 'Matumizi', invoice_id: 'Imetozwa kwenye',
      },
    },
  },
});
