// Step: maintenance (categories, service providers, tickets, work orders and their expenses).
import { sql } from 'drizzle-orm';
import { expenses, serviceProviders, tickets, workOrderCategories, workOrders } from '../../../resources/index.js';
import type { RecordValues } from '../../shared/resource.js';
import { updateRecord } from '../crud/repository.js';
import { rowsOf } from '../db/client.js';
import { SERVICE_PROVIDERS, WORK_ORDER_CATEGORIES, type CategoryKey } from './data/portfolio.js';
import { add, colleague, tenancy, type DemoContext, type Tenancy } from './context.js';
import { addDays, addMonths } from './helpers.js';

export async function addMaintenance(ctx: DemoContext) {
  for (const [key, input] of Object.entries(WORK_ORDER_CATEGORIES) as Array<[CategoryKey, RecordValues]>) {
    ctx.categories[key] = await add(ctx, workOrderCategories, input);
  }
  for (const [key, p] of Object.entries(SERVICE_PROVIDERS) as Array<[keyof typeof SERVICE_PROVIDERS, (typeof SERVICE_PROVIDERS)[keyof typeof SERVICE_PROVIDERS]]>) {
    ctx.providers[key] = await add(ctx, serviceProviders, { ...p.input, category_ids: p.categories.map((c) => ctx.categories[c].id) });
  }
  const caretaker = colleague(ctx, 'Caretaker');
  const manager = colleague(ctx, 'Manager');
  const prop = (key: string) => ctx.properties.get(key)!.id;
  // numbered by the server from the organisation's series, so the next ticket anyone adds follows on
  const ticket = (input: RecordValues) => add(ctx, tickets, input);
  const workOrder = (input: RecordValues) => add(ctx, workOrders, input);
  const at = (t: Tenancy) => ({ property_id: t.house.propertyRecord.id, house_id: t.house.record.id, tenant_id: t.tenant.id });

  const tap = tenancy(ctx, 'RUA', 'oneBedroom', 2);
  const drain = tenancy(ctx, 'KAS', 'oneBedroom', 1);
  const sockets = tenancy(ctx, 'KIL', 'twoBedroom', 3);
  const wardrobe = tenancy(ctx, 'KIL', 'threeBedroom', 1);
  const noise = tenancy(ctx, 'RUA', 'bedsitter', 0);
  const shutter = tenancy(ctx, 'SYO', 'shop', 0);
  const repaint = ctx.vacantFlats[2];

  const t1 = await ticket({ ...at(tap), category_id: ctx.categories.plumbing.id, subject: 'Leaking kitchen tap', description: 'The kitchen tap drips all night; the tenant has put a basin under it.', priority: 'normal', source: 'call', assignee_id: caretaker, due_date: addDays(ctx.today, 2), status: 'in_progress' });
  await ticket({ ...at(drain), category_id: ctx.categories.plumbing.id, subject: 'Blocked bathroom drain', description: 'Shower water does not drain; bad smell from the floor trap.', priority: 'high', source: 'sms', assignee_id: caretaker, due_date: addDays(ctx.today, 1), status: 'open' });
  const t3 = await ticket({ ...at(sockets), category_id: ctx.categories.electrical.id, subject: 'Sitting-room sockets not working', description: 'Two sockets in the sitting room stopped working after a power surge.', priority: 'high', source: 'call', assignee_id: manager, due_date: addDays(ctx.today, -6), status: 'resolved' });
  const t4 = await ticket({ ...at(wardrobe), category_id: ctx.categories.carpentry.id, subject: 'Wardrobe door hinge broken', description: 'Master bedroom wardrobe door hangs off its top hinge.', priority: 'low', source: 'visit', assignee_id: caretaker, status: 'closed' });
  const t5 = await ticket({ property_id: repaint.propertyRecord.id, house_id: repaint.record.id, category_id: ctx.categories.painting.id, subject: `Repaint ${repaint.record.number} after move-out`, description: 'Walls marked and two doors scratched; exit inspection done with the outgoing tenant.', priority: 'normal', source: 'visit', assignee_id: caretaker, due_date: addDays(ctx.today, 7), status: 'in_progress' });
  const t6 = await ticket({ property_id: prop('KIL'), category_id: ctx.categories.plumbing.id, subject: 'Low water pressure on the top floor', description: 'Tenants on floor 3 have had weak pressure since the booster pump tripped.', priority: 'urgent', source: 'email', assignee_id: manager, due_date: ctx.today, status: 'open' });
  const t7 = await ticket({ property_id: prop('SYO'), category_id: ctx.categories.electrical.id, subject: 'Security light at the gate is off', description: 'The flood light over the main gate does not come on at night.', priority: 'normal', source: 'call', assignee_id: caretaker, status: 'closed' });
  await ticket({ ...at(noise), subject: 'Noise from the neighbouring unit', description: 'Loud music late at night on weekdays.', priority: 'low', source: 'call', assignee_id: manager, status: 'declined' });
  await ticket({ ...at(shutter), category_id: ctx.categories.carpentry.id, subject: 'Shop roller shutter jams', description: 'The shutter sticks half-way when opening in the morning.', priority: 'high', source: 'visit', assignee_id: caretaker, due_date: addDays(ctx.today, 10), status: 'deferred' });

  const lastMonth = addMonths(ctx.month, -1);
  await workOrder({ ticket_id: t1.id, category_id: ctx.categories.plumbing.id, service_provider_id: ctx.providers.majiSafi.id, property_id: t1.property_id, house_id: t1.house_id, description: 'Replace the kitchen mixer cartridge and the washers.', estimate: '1800.00', paid_by: 'owner', scheduled_date: addDays(ctx.today, 1), status: 'assigned' });
  const wo2 = await workOrder({ ticket_id: t3.id, category_id: ctx.categories.electrical.id, service_provider_id: ctx.providers.umemeBora.id, property_id: t3.property_id, house_id: t3.house_id, description: 'Trace the fault, replace two burnt 13 A sockets and the circuit breaker.', estimate: '3500.00', actual_cost: '3200.00', paid_by: 'owner', scheduled_date: addDays(lastMonth, 20), status: 'completed' });
  await workOrder({ ticket_id: t5.id, category_id: ctx.categories.painting.id, service_provider_id: ctx.providers.rangiMpya.id, property_id: t5.property_id, house_id: t5.house_id, description: 'Two coats of emulsion in all rooms, gloss on the doors. Recharged against the outgoing deposit.', estimate: '18000.00', paid_by: 'tenant', scheduled_date: ctx.today, status: 'in_progress' });
  await workOrder({ ticket_id: t6.id, category_id: ctx.categories.plumbing.id, service_provider_id: ctx.providers.majiSafi.id, property_id: t6.property_id, description: 'Service the booster pump and replace the pressure switch.', estimate: '25000.00', paid_by: 'owner', status: 'new' });
  const wo5 = await workOrder({ ticket_id: t7.id, category_id: ctx.categories.electrical.id, service_provider_id: ctx.providers.umemeBora.id, property_id: t7.property_id, description: 'Replace the 100 W LED flood light and its photocell at the gate.', estimate: '3000.00', actual_cost: '2800.00', paid_by: 'owner', scheduled_date: addDays(lastMonth, 12), status: 'completed' });
  await workOrder({ ticket_id: t4.id, category_id: ctx.categories.carpentry.id, service_provider_id: ctx.providers.fundiMbao.id, property_id: t4.property_id, house_id: t4.house_id, description: 'Refit the wardrobe door with new hinges.', estimate: '1200.00', paid_by: 'owner', status: 'cancelled' });
  await workOrder({ category_id: ctx.categories.masonry.id, service_provider_id: ctx.providers.fundiMbao.id, property_id: prop('RUA'), description: 'Patch the cracked paving at the parking entrance.', estimate: '9500.00', paid_by: 'owner', scheduled_date: addDays(ctx.nextMonth, 3), status: 'new' });

  // completing them made their expenses (domain/work-orders.ts): dated when the work was done, the provider's invoice number, paid since
  const paid = async (order: RecordValues, date: string, reference: string) => {
    const [row] = rowsOf<{ id: string }>(await ctx.tx.execute(sql`select id from expenses where organization_id = ${ctx.organizationId} and work_order_id = ${String(order.id)}`));
    if (!row) throw new Error(`demo data: work order ${String(order.number)} made no expense`);
    await updateRecord(ctx.tx, expenses, ctx.organizationId, String(row.id), { date, reference, status: 'paid' });
  };
  await paid(wo2, addDays(lastMonth, 20), 'UB-0412');
  await paid(wo5, addDays(lastMonth, 12), 'UB-0398');
}
