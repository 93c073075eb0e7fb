// Step: metered water at Rua (a charge priced per m³, a meter on each let one-bedroom flat, and
// readings a caretaker took last month and this one), so the walk screen and the next billing
// run have something to show.
import { charges, meters, readings } from '../../../resources/index.js';
import { add, colleague, tenancy, type DemoContext } from './context.js';
import { addDays } from './helpers.js';

export async function addMeters(ctx: DemoContext) {
  const water = await add(ctx, charges, {
    name: 'Water (metered)', category: 'utility', amount: '150.00', billing: 'monthly', metered: true,
    minimum_charge: '300.00', standing_charge: '100.00', taxable: false, refundable: false, kept_by: 'owner', priority: 20,
  });
  const caretaker = colleague(ctx, 'Caretaker');
  for (let i = 0; i < 3; i++) {
    const { house } = tenancy(ctx, 'RUA', 'oneBedroom', i);
    const meter = await add(ctx, meters, { house_id: house.record.id, number: `RUA-W-${String(house.record.number)}`, utility: 'water', unit: 'm3', charge_id: water.id, active: true });
    const start = 120 + i * 37;
    await add(ctx, readings, { meter_id: meter.id, date: addDays(ctx.today, -33), value: `${start}.000`, replacement: false, taken_by_id: caretaker });
    await add(ctx, readings, { meter_id: meter.id, date: addDays(ctx.today, -3), value: `${start + 9 + i * 2}.500`, replacement: false, taken_by_id: caretaker });
  }
}
