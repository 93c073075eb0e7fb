// Every area, in menu order. Adding an area: a new file here and one line in this list.
import type { Resource } from '../src/shared/resource.js';
import { propertyOwners } from './property-owners.js';
import { aggregators } from './aggregators.js';
import { properties } from './properties.js';
import { houseTypes } from './house-types.js';
import { houses } from './houses.js';
import { charges } from './charges.js';
import { tenants } from './tenants.js';
import { leases } from './leases.js';
import { invoices } from './invoices.js';
import { expenses } from './expenses.js';
import { incomes } from './incomes.js';
import { payments } from './payments.js';
import { paymentChannels } from './payment-channels.js';
import { messages } from './messages.js';
import { templates } from './templates.js';
import { smsCredits } from './sms-credits.js';
import { tickets } from './tickets.js';
import { workOrders } from './work-orders.js';
import { workOrderCategories } from './work-order-categories.js';
import { serviceProviders } from './service-providers.js';
import { users } from './users.js';
import { roles } from './roles.js';
import { settings } from './settings.js';

/** The 22 list areas (the API's /api/v1/<name> resources). */
export const resources: readonly Resource[] = [
  propertyOwners, aggregators, properties, houseTypes, houses, charges,
  tenants, leases,
  invoices, expenses, incomes, payments, paymentChannels,
  messages, templates, smsCredits,
  tickets, workOrders, workOrderCategories, serviceProviders,
  users, roles,
];

export { settings };

/** Every declaration including the settings singleton (routes, menu, permissions). */
export const allDeclarations: readonly Resource[] = [...resources, settings];

const byName = new Map(allDeclarations.map((r) => [r.name, r]));

export function resourceByName(name: string): Resource | undefined {
  return byName.get(name);
}

/** Resources with a generic table (what src/server/db/resource-tables.ts builds). */
export const storedResources: readonly Resource[] = resources.filter((r) => r.storage === 'table');

export {
  propertyOwners, aggregators, properties, houseTypes, houses, charges, tenants, leases, invoices,
  expenses, incomes, payments, paymentChannels, messages, templates, smsCredits, tickets, workOrders,
  workOrderCategories, serviceProviders, users, roles,
};
