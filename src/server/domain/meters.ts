// Meters and their readings: the chain of readings each meter keeps, under the meter's row lock,
// so the consumption billed (domain/billing/meters.ts) is always this reading − the one before.
import { sql } from 'drizzle-orm';
import { consumptionOf, fromThousandths, thousandths } from '../../shared/meter-readings.js';
import { formatDay } from '../../shared/format.js';
import type { RecordValues } from '../../shared/resource.js';
import type { Actor } from '../crud/hooks.js';
import { rowsOf, type Db } from '../db/client.js';
import { conflict, invalid } from '../errors.js';
import { todaySql } from './billing/adjust.js';

interface MeterRow { id: string; house_id: string; property_id: string | null; number: string; unit: string; active: boolean }
interface ReadingRow { id: string; date: string; value: string; invoice_id: string | null }

const UNIT_TEXT: Record<string, string> = { m3: 'm³', kwh: 'kWh', litre: 'litres', unit: 'units' };
export const unitText = (unit: string): string => UNIT_TEXT[unit] ?? unit;

async function lockMeter(tx: Db, organizationId: string, meterId: string): Promise<MeterRow | undefined> {
  const [m] = rowsOf<MeterRow>(await tx.execute(sql`
    select id, house_id, property_id, number, unit, active from meters
    where organization_id = ${organizationId} and id = ${meterId} for update`));
  return m;
}

/** The meter's latest reading (the one no other reading counts from), leaving out `except`. */
export async function latestReading(tx: Db, organizationId: string, meterId: string, except?: string): Promise<ReadingRow | undefined> {
  const [r] = rowsOf<ReadingRow>(await tx.execute(sql`
    select r.id, r.date::text as date, r.value::text as value, r.invoice_id from readings r
    where r.organization_id = ${organizationId} and r.meter_id = ${meterId} and r.id <> ${except ?? ''}
      and not exists (select 1 from readings s where s.organization_id = r.organization_id and s.previous_id = r.id and s.id <> ${except ?? ''})
    order by r.date desc, r.created_at desc, r.id desc limit 1`));
  return r;
}

const shown = (value: string, unit: string) => `${fromThousandths(thousandths(value) ?? 0n)} ${unitText(unit)}`;

/**
 * Readings: the meter's house and property are copied on; who took it defaults to the writer; the
 * previous reading and the consumption are the server's. Refused: a reading on an inactive meter,
 * dated in the future or before the meter's last reading, or lower than the last one unless it is
 * a meter replacement (which counts from zero again: it bills nothing, the next reading counts
 * from it). A reading is changed only while it is the latest and not billed.
 */
export const readingHooks = {
  async beforeWrite(tx: Db, organizationId: string, values: RecordValues, existing: RecordValues | null, record: RecordValues, actor?: Actor) {
    if (existing && values.meter_id !== undefined && values.meter_id !== existing.meter_id) {
      throw invalid({ meter_id: ['A reading stays on its meter: delete it and record it on the other meter.'] });
    }
    const meter = await lockMeter(tx, organizationId, String(record.meter_id));
    if (!meter) return; // checkReferences has refused it already
    if (existing) await assertChangeable(tx, organizationId, existing);
    else if (!meter.active) throw invalid({ meter_id: [`Meter ${meter.number} is inactive: readings are not recorded on it.`] });
    const [future] = rowsOf<{ later: boolean }>(await tx.execute(sql`select ${String(record.date)}::date > ${todaySql} as later`));
    if (future?.later) throw invalid({ date: ['A reading cannot be dated in the future.'] });

    const last = await latestReading(tx, organizationId, meter.id, existing ? String(existing.id) : undefined);
    if (last && String(record.date) < last.date) {
      throw invalid({ date: [`Meter ${meter.number}'s last reading is dated ${last.date}: a new reading cannot be dated before it.`] });
    }
    const replacement = record.replacement === true;
    if (last && !replacement && (thousandths(record.value) ?? 0n) < (thousandths(last.value) ?? 0n)) {
      throw invalid({
        value: [`This reading (${shown(String(record.value), meter.unit)}) is lower than meter ${meter.number}'s last one (${shown(last.value, meter.unit)} on ${formatDay(last.date)}). A meter only counts up: check the figure, or mark the reading as a meter replacement if the meter was changed.`],
      });
    }
    values.house_id = meter.house_id;
    values.property_id = meter.property_id;
    values.previous_id = last?.id ?? null;
    values.previous_value = last ? fromThousandths(thousandths(last.value) ?? 0n) : null;
    values.consumption = last && !replacement ? consumptionOf(record.value, last.value) : null;
    if (!existing && record.taken_by_id == null && actor) values.taken_by_id = actor.userId;
  },

  async beforeDelete(tx: Db, organizationId: string, existing: RecordValues) {
    await lockMeter(tx, organizationId, String(existing.meter_id));
    await assertChangeable(tx, organizationId, existing);
  },
};

async function assertChangeable(tx: Db, organizationId: string, existing: RecordValues) {
  if (existing.invoice_id) {
    const [inv] = rowsOf<{ number: string | null }>(await tx.execute(sql`
      select number from invoices where organization_id = ${organizationId} and id = ${String(existing.invoice_id)}`));
    throw conflict(`This reading was billed on invoice ${inv?.number ?? ''}: it no longer changes.`.replace(' :', ':'));
  }
  const [next] = rowsOf<{ id: string }>(await tx.execute(sql`
    select id from readings where organization_id = ${organizationId} and previous_id = ${String(existing.id)} limit 1`));
  if (next) throw conflict('A later reading counts from this one: only the meter\'s latest reading can be changed or deleted.');
}

/**
 * Meters: the property follows the house; the charge, when named, must be a metered one (its
 * amount is the rate per unit); a meter with readings stays on its house.
 */
export const meterHooks = {
  async beforeWrite(tx: Db, organizationId: string, values: RecordValues, existing: RecordValues | null, record: RecordValues) {
    if (existing && values.house_id !== undefined && values.house_id !== existing.house_id) {
      const [read] = rowsOf<{ id: string }>(await tx.execute(sql`
        select id from readings where organization_id = ${organizationId} and meter_id = ${String(existing.id)} limit 1`));
      if (read) throw invalid({ house_id: ['This meter has readings: it stays on its house (add a new meter for the other house).'] });
    }
    const [house] = rowsOf<{ property_id: string | null }>(await tx.execute(sql`
      select property_id from houses where organization_id = ${organizationId} and id = ${String(record.house_id)}`));
    if (house) values.property_id = house.property_id;
    if (record.charge_id) {
      const [charge] = rowsOf<{ metered: boolean; name: string }>(await tx.execute(sql`
        select metered, name from charges where organization_id = ${organizationId} and id = ${String(record.charge_id)}`));
      if (charge && !charge.metered) throw invalid({ charge_id: [`${charge.name} is not a metered charge: choose one whose amount is the rate per unit.`] });
    }
  },
};

export interface WalkMeter {
  meter_id: string; number: string; utility: string; unit: string; house_id: string; house_number: string;
  /** The meter's latest reading: what the next one counts from. */
  last: { id: string; date: string; value: string; invoice_id: string | null } | null;
  /** The consumptions of its latest readings (newest first, at most 6): what "unusual" is judged against. */
  recent: string[];
}

const trimmed = (d: string | null) => (d === null ? null : fromThousandths(thousandths(d) ?? 0n));

/**
 * The caretaker's walk round a property: its houses' active meters in house order, each with its
 * latest reading and recent consumptions. null when the property is not the organisation's.
 */
export async function meterWalk(tx: Db, organizationId: string, propertyId: string): Promise<{ property: { id: string; name: string }; meters: WalkMeter[] } | null> {
  const [property] = rowsOf<{ id: string; name: string }>(await tx.execute(sql`
    select id, name from properties where organization_id = ${organizationId} and id = ${propertyId}`));
  if (!property) return null;
  const rows = rowsOf<{ meter_id: string; number: string; utility: string; unit: string; house_id: string; house_number: string; last: WalkMeter['last']; recent: Array<string | null> | null }>(await tx.execute(sql`
    select m.id as meter_id, m.number, m.utility, m.unit, h.id as house_id, h.number as house_number,
      (select json_build_object('id', r.id, 'date', r.date::text, 'value', r.value::text, 'invoice_id', r.invoice_id) from readings r
        where r.organization_id = m.organization_id and r.meter_id = m.id
          and not exists (select 1 from readings s where s.organization_id = r.organization_id and s.previous_id = r.id)
        order by r.date desc, r.created_at desc limit 1) as last,
      (select json_agg(x.consumption::text) from (select r.consumption from readings r
        where r.organization_id = m.organization_id and r.meter_id = m.id and r.consumption is not null
        order by r.date desc, r.created_at desc limit 6) x) as recent
    from meters m
    join houses h on h.organization_id = m.organization_id and h.id = m.house_id
    where m.organization_id = ${organizationId} and h.property_id = ${propertyId} and m.active
    order by lower(h.number), h.number, m.utility, m.number`));
  return {
    property,
    meters: rows.map((r) => ({
      ...r,
      last: r.last ? { ...r.last, value: trimmed(r.last.value)! } : null,
      recent: (r.recent ?? []).filter((c): c is string => c !== null).map((c) => trimmed(c)!),
    })),
  };
}
