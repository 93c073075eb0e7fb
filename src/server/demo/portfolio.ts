// Step: the portfolio (payment channels, charges, house types, owners, properties and their
// houses, with the vacant ones drawn by the seed) and the organisation's settings.
import { eq } from 'drizzle-orm';
import {
  aggregators, charges, houseTypes, houses, paymentChannels, properties, propertyOwners, settings,
} from '../../../resources/index.js';
import { ORGANIZATION_COLUMNS } from '../../../resources/settings.js';
import type { RecordValues } from '../../shared/resource.js';
import { toColumns, validateRecord } from '../../shared/resource-validate.js';
import { checkReferences } from '../crud/repository.js';
import { organizations } from '../db/schema.js';
import {
  AGGREGATOR, CHANNELS, CHARGES, HOUSE_TYPES, OWNERS, PROPERTIES, type ChargeKey, type HouseTypeKey, type OwnerKey,
} from './data/portfolio.js';
import { add, colleague, type DemoContext } from './context.js';

export async function addPortfolio(ctx: DemoContext) {
  for (const [key, input] of Object.entries(CHANNELS) as Array<[keyof typeof CHANNELS, RecordValues]>) {
    // the server makes the secret of the paybill's callback URLs (domain/payment-channels.ts)
    ctx.channels[key] = await add(ctx, paymentChannels, input);
  }
  for (const [key, input] of Object.entries(CHARGES) as Array<[ChargeKey, RecordValues]>) {
    ctx.charges[key] = await add(ctx, charges, input);
  }
  for (const [key, t] of Object.entries(HOUSE_TYPES) as Array<[HouseTypeKey, (typeof HOUSE_TYPES)[HouseTypeKey]]>) {
    const { charges: keys, ...input } = t;
    ctx.types[key] = await add(ctx, houseTypes, { ...input, charge_ids: keys.map((k) => ctx.charges[k].id) });
  }
  for (const [key, input] of Object.entries(OWNERS) as Array<[OwnerKey, RecordValues]>) {
    ctx.owners[key] = await add(ctx, propertyOwners, input);
  }
  const aggregator = await add(ctx, aggregators, AGGREGATOR);
  const caretaker = colleague(ctx, 'Caretaker');

  // Vacant houses: two shops and ten flats, chosen by the seed.
  const all = PROPERTIES.flatMap((p) => p.houses.flatMap((run) => Array.from({ length: run.count }, (_, i) => ({ p, run, n: i + 1 }))));
  const shops = all.filter((h) => h.run.type === 'shop');
  const flats = all.filter((h) => h.run.type !== 'shop');
  const vacantShops = new Set(ctx.r.shuffle(shops).slice(0, 2));
  const vacantFlats = ctx.r.shuffle(flats).slice(0, 10);
  const statusOf = new Map<unknown, string>();
  statusOf.set(vacantFlats[0], 'reserved'); // a tenant signs next month (draft lease)
  statusOf.set(vacantFlats[2], 'unavailable'); // being repainted after a move-out
  ctx.vacant = new Set([...vacantShops, ...vacantFlats]);
  ctx.vacantOrder = vacantFlats;

  for (const p of PROPERTIES) {
    const record = await add(ctx, properties, {
      ...p.input,
      owner_id: ctx.owners[p.owner].id,
      aggregator_id: p.aggregator ? aggregator.id : undefined,
      caretaker_id: p.caretaker ? caretaker : undefined,
      payment_channel_id: ctx.channels.paybill.id,
    });
    ctx.properties.set(p.key, record);
    for (const h of all.filter((x) => x.p === p)) {
      const type = HOUSE_TYPES[h.run.type];
      const number = `${h.run.prefix}${h.n}`;
      const floorNo = h.run.floors ? Math.ceil((h.n * h.run.floors) / h.run.count) - 1 : 0;
      const metered = (type.charges as readonly ChargeKey[]).includes('waterMetered');
      const house = await add(ctx, houses, {
        property_id: record.id,
        owner_id: ctx.owners[p.owner].id,
        house_type_id: ctx.types[h.run.type].id,
        number,
        account_code: `${p.key}-${number}`,
        block: h.run.block,
        floor: floorNo === 0 ? 'Ground' : `Floor ${floorNo}`,
        rent: type.default_rent,
        deposit: type.default_deposit,
        water_meter: metered ? `NWS-${ctx.r.digits(7)}` : undefined,
        electricity_meter: `3719${ctx.r.digits(7)}`,
        status: statusOf.get(h) ?? 'vacant',
        charge_ids: type.charges.map((k) => ctx.charges[k].id),
      });
      ctx.houseByPlan.set(h, ctx.houses.length);
      ctx.houses.push({ record: house, property: p, propertyRecord: record, type: h.run.type, chargeKeys: type.charges });
    }
  }
}

/** Settings the way PUT /settings stores them: profile columns, the rest in the settings document. */
export async function updateSettings(ctx: DemoContext) {
  const input = {
    invoice_prefix: 'INV-', billing_day: 1, due_day: 5, grace_days: 3,
    penalty_type: 'fixed', penalty_amount: '1000.00', penalty_frequency: 'once',
    default_commission_rate: '10', expense_approval_threshold: '20000.00', vat_registered: true,
    reminder_days_before: 3, reminder_days_after: 2, sms_sender_id: 'JIRANI', sms_driver: 'log',
    default_payment_channel_id: ctx.channels.paybill.id,
    statement_footer: 'Jirani Property Managers · Ngong Road, Kilimani · office@jirani.co.ke · Paybill 4015532',
  };
  const { values, errors } = validateRecord(settings, input, 'update');
  await checkReferences(ctx.tx, settings.fields, values, ctx.organizationId, errors);
  if (Object.keys(errors).length) throw new Error(`demo data: settings are not valid: ${JSON.stringify(errors)}`);
  const [org] = await ctx.tx.select({ settings: organizations.settings }).from(organizations).where(eq(organizations.id, ctx.organizationId));
  const document = { ...(org.settings as RecordValues) };
  const columns = toColumns(settings.fields, values);
  for (const k of Object.keys(columns)) {
    if ((ORGANIZATION_COLUMNS as readonly string[]).includes(k)) throw new Error(`demo data: ${k} is a profile column`);
    document[k] = columns[k];
  }
  await ctx.tx.update(organizations).set({ settings: document, updated_at: new Date() }).where(eq(organizations.id, ctx.organizationId));
}
