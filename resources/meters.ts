import { boolean, choice, defineResource, longText, reference, route, text } from '../src/shared/resource.js';

export const METER_UTILITIES = ['water', 'electricity', 'gas', 'other'] as const;
export const METER_UNITS = ['m3', 'kwh', 'litre', 'unit'] as const;

/**
 * A house's meter (water, electricity…). Its readings (resources/readings.ts) are billed on the
 * tenant's invoice at the rate of its metered charge; a meter with no charge is read, not billed.
 * The property follows the house (the caretaker's walk lists a property's meters).
 */
export const meters = defineResource({
  name: 'meters',
  module: 'meter',
  menu: 'portfolio',
  order: 55,
  icon: 'Speed',
  label: 'Meter |||| Meters',
  recordTitle: 'number',
  fields: [
    reference('house_id', 'houses', { required: true, list: true, filter: true }),
    reference('property_id', 'properties', { readOnly: true, list: true, filter: true }),
    text('number', { required: true, maxLength: 50, list: true, sort: true, search: true }),
    choice('utility', METER_UTILITIES, { required: true, default: 'water', list: true, filter: true, sort: true }),
    choice('unit', METER_UNITS, { required: true, default: 'm3', list: true }),
    reference('charge_id', 'charges', { list: true, filter: true, label: 'Metered charge (rate per unit)' }),
    boolean('active', { required: true, default: true, list: true, filter: true }),
    longText('notes', { maxLength: 2000 }),
  ],
  unique: [{ fields: ['utility', 'number'], caseless: true, message: 'Another meter of this utility already has this number.' }],
  searchThrough: ['house_id'],
  pickerContext: 'house_id',
  defaultSort: { field: 'number', order: 'ASC' },
  routes: [route.list('/meters'), route.form('/meter-form/:id?'), route.form('/house/:house_id/meter-form')],
  delete: {
    blockedBy: [{ resource: 'readings', field: 'meter_id', message: 'This meter has readings: mark it inactive instead.' }],
  },
  translations: {
    sw: {
      name: 'Mita |||| Mita',
      fields: { house_id: 'Nyumba', property_id: 'Mali', number: 'Nambari ya mita', utility: 'Huduma', unit: 'Kipimo', charge_id: 'Malipo ya kipimo (kiwango kwa kipimo)', active: 'Inatumika', notes: 'Maelezo' },
      choices: {
        utility: { water: 'Maji', electricity: 'Umeme', gas: 'Gesi', other: 'Nyingine' },
        unit: { m3: 'm³', kwh: 'kWh', litre: 'Lita', unit: 'Kipimo' },
      },
    },
    en: { choices: { unit: { m3: 'm³', kwh: 'kWh', litre: 'Litre', unit: 'Unit' } } },
  },
});
