// Metered utilities on the rent invoice: each reading not yet billed (with a reading before it on
// the same meter, so not a meter's first reading nor a replacement) is billed once, on the next
// invoice the server issues for the lease of its house, at the rate of its meter's metered
// charge: consumption × rate (at least the charge's minimum) plus the standing charge.
import { sql } from 'drizzle-orm';
import { timesQuantity } from '../../../shared/money.js';
import { formatDay } from '../../../shared/format.js';
import { rowsOf, type Db } from '../../db/client.js';
import { recordAudits } from '../audit.js';
import { unitText } from '../meters.js';
import { cents, dec, type PlannedInvoice, type PlannedLine } from './plan.js';

interface ReadingRow {
  id: string; lease_id: string; meter_number: string; unit: string; date: string; previous_date: string | null;
  value: string; previous_value: string; consumption: string;
  charge_id: string; charge_name: string; rate: string; minimum_charge: string | null; standing_charge: string | null;
}

/** '12.500' → '12.5' (numeric(12,3) text without trailing zeros). */
const trim = (d: string) => (d.includes('.') ? d.replace(/0+$/, '').replace(/\.$/, '') : d);

/** The invoice lines of one reading: its consumption (or the minimum), then the standing charge. */
export function readingLines(r: ReadingRow): PlannedLine[] {
  const rate = cents(r.rate);
  const used = trim(r.consumption);
  const span = r.previous_date ? `${formatDay(r.previous_date)} to ${formatDay(r.date)}` : formatDay(r.date);
  const what = `${r.charge_name}, meter ${r.meter_number}, ${span}: ${used} ${unitText(r.unit)}`;
  const metered = { charge_id: r.charge_id, meter_previous: trim(r.previous_value), meter_current: trim(r.value) };
  const byUse = timesQuantity(rate, used);
  const minimum = cents(r.minimum_charge);
  const lines: PlannedLine[] = byUse < minimum
    ? [{ kind: 'charge', ...metered, description: `${what} (minimum charge)`.slice(0, 255), quantity: '1', rate: minimum, amount: minimum }]
    : [{ kind: 'charge', ...metered, description: what.slice(0, 255), quantity: used, rate, amount: byUse }];
  const standing = cents(r.standing_charge);
  if (standing > 0n) {
    lines.push({ kind: 'charge', charge_id: r.charge_id, description: `${r.charge_name} standing charge, meter ${r.meter_number}, ${span}`.slice(0, 255), quantity: '1', rate: standing, amount: standing });
  }
  return lines;
}

/**
 * The planned invoices with their houses' unbilled readings added as lines. The readings are
 * locked (FOR UPDATE) until the transaction ends, so two writers cannot both bill one: the second
 * waits, then finds it billed (invoice_id set by markReadingsBilled) and leaves it. A reading goes
 * to the lease of its house that ran on its date, on an invoice whose period ends on or after it.
 */
export async function withMeterCharges(tx: Db, organizationId: string, plans: PlannedInvoice[]): Promise<{ plans: PlannedInvoice[]; readings: ReadingRow[] }> {
  if (!plans.length) return { plans, readings: [] };
  const periods = plans.map((p) => ({ lease_id: p.lease_id, period_end: p.period_end }));
  const readings = rowsOf<ReadingRow>(await tx.execute(sql`
    select r.id, l.id as lease_id, m.number as meter_number, m.unit, r.date::text as date,
      (select p.date::text from readings p where p.organization_id = r.organization_id and p.id = r.previous_id) as previous_date,
      r.value::text as value, r.previous_value::text as previous_value, r.consumption::text as consumption,
      c.id as charge_id, c.name as charge_name, c.amount::text as rate, c.minimum_charge::text as minimum_charge, c.standing_charge::text as standing_charge
    from jsonb_to_recordset(${JSON.stringify(periods)}::jsonb) as x(lease_id text, period_end date)
    join leases l on l.organization_id = ${organizationId} and l.id = x.lease_id
    join readings r on r.organization_id = l.organization_id and r.house_id = l.house_id
    join meters m on m.organization_id = r.organization_id and m.id = r.meter_id
    join charges c on c.organization_id = m.organization_id and c.id = m.charge_id and c.metered
    where r.invoice_id is null and r.consumption is not null
      and r.date >= l.start_date and r.date <= least(x.period_end, coalesce(l.move_out_date, '9999-12-31'))
    order by m.number, r.date, r.id
    for update of r`));
  if (!readings.length) return { plans, readings };
  const out = plans.map((p) => {
    const mine = readings.filter((r) => r.lease_id === p.lease_id);
    if (!mine.length) return p;
    const lines = [...p.lines, ...mine.flatMap(readingLines)];
    return { ...p, lines, total: lines.reduce((s, l) => s + l.amount, 0n) };
  });
  return { plans: out, readings };
}

/** After the insert: each reading whose lease got its invoice now names it (billed once); audited on the reading. */
export async function markReadingsBilled(tx: Db, organizationId: string, readings: ReadingRow[], made: Array<{ id: string; lease_id: string }>) {
  const byLease = new Map(made.map((m) => [m.lease_id, m]));
  const billed = readings.filter((r) => byLease.has(r.lease_id)).map((r) => ({ id: r.id, invoice_id: byLease.get(r.lease_id)!.id, r }));
  if (!billed.length) return;
  await tx.execute(sql`
    update readings r set invoice_id = x.invoice_id, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(billed.map(({ id, invoice_id }) => ({ id, invoice_id })))}::jsonb) as x(id text, invoice_id text)
    where r.organization_id = ${organizationId} and r.id = x.id and r.invoice_id is null`);
  await recordAudits(tx, billed.map((b) => ({
    organizationId, resource: 'readings', recordId: b.id, action: 'bill',
    before: { invoice_id: null },
    after: { invoice_id: b.invoice_id, consumption: b.r.consumption, amount: dec(readingLines(b.r).reduce((s, l) => s + l.amount, 0n)) },
  })));
}
