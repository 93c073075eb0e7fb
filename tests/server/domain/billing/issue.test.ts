import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope, rowsOf, type Database } from '../../../../src/server/db/client.js';
import { issueInvoices, prepareInvoices, writeInvoices } from '../../../../src/server/domain/billing/issue.js';
import { loadLeaseTerms, planInvoice, type PlannedInvoice } from '../../../../src/server/domain/billing/plan.js';
import { testDatabase } from '../../helpers.js';
import { seedOrganization } from './seed.js';

let db: Database;
beforeAll(async () => { db = await testDatabase(); });
afterAll(() => db.close());

async function plansFor(org: string, periodStart: string): Promise<PlannedInvoice[]> {
  return inScope(db.db, { tenant: org, user: null }, async (tx) =>
    (await loadLeaseTerms(tx, org, { periodStart })).map((l) => planInvoice(l, periodStart) as PlannedInvoice));
}

/** The PostgreSQL error code of a failed query (drizzle wraps the driver's error as its cause). */
const codeOf = (e: unknown): unknown => (e as { code?: string })?.code ?? (e as { cause?: { code?: string } })?.cause?.code;

const issue = (org: string, plans: PlannedInvoice[]) =>
  inScope(db.db, { tenant: org, user: null }, (tx) => issueInvoices(tx, org, null, plans, { action: 'billing_run' }));

describe('issuing a batch of planned invoices', () => {
  it('a batch that loses some leases to invoices already there numbers its winners without a gap, and audits them as numbered', async () => {
    const org = await seedOrganization(db.db, 6, { start: '2026-01-01', charge: 400 });
    const plans = await plansFor(org, '2026-03-01');
    expect(plans).toHaveLength(6);

    // the third and fifth leases are billed first (another writer), taking numbers 1 and 2
    const early = await issue(org, [plans[2], plans[4]]);
    expect(early.map((i) => i.number)).toEqual(['INV-000001', 'INV-000002']);

    // the batch of all six makes the other four: its numbers planned 3..8 close up to 3..6
    const made = await issue(org, plans);
    expect(made.map((i) => i.lease_id)).toEqual([plans[0], plans[1], plans[3], plans[5]].map((p) => p.lease_id));
    expect(made.map((i) => i.number)).toEqual(['INV-000003', 'INV-000004', 'INV-000005', 'INV-000006']);

    const rows = rowsOf<{ lease_id: string; number: string; lines: number; audited: string[]; series: number }>(await db.db.execute(sql`
      select i.lease_id, i.number,
        (select count(*)::int from invoice_lines l where l.organization_id = i.organization_id and l.invoice_id = i.id) as lines,
        (select array_agg(a.after->>'number') from audit_log a
          where a.organization_id = i.organization_id and a.resource = 'invoices' and a.record_id = i.id) as audited,
        (select next_value from number_series s where s.organization_id = i.organization_id and s.name = 'invoice') as series
      from invoices i where i.organization_id = ${org} order by i.number`));
    expect(rows.map((r) => r.number)).toEqual(['INV-000001', 'INV-000002', 'INV-000003', 'INV-000004', 'INV-000005', 'INV-000006']);
    for (const r of rows) {
      expect(r.lines).toBe(2);
      expect(r.audited).toEqual([r.number]);
    }
    expect(Number(rows[0].series)).toBe(7);
    // and no line or audit row is left of the two invoices the batch lost
    const [left] = rowsOf<{ lines: number; audits: number }>(await db.db.execute(sql`
      select (select count(*)::int from invoice_lines where organization_id = ${org}) as lines,
        (select count(*)::int from audit_log where organization_id = ${org} and resource = 'invoices') as audits`));
    expect(left).toEqual({ lines: 12, audits: 6 });
    // what the batch returned is what was stored
    const stored = new Map(rows.map((r) => [r.lease_id, r.number]));
    for (const i of made) expect(stored.get(i.lease_id)).toBe(i.number);

    // and a batch that makes nothing changes nothing
    expect(await issue(org, plans)).toEqual([]);
    const [after] = rowsOf<{ n: number; next: number }>(await db.db.execute(sql`
      select (select count(*)::int from invoices where organization_id = ${org}) as n,
        (select next_value from number_series where organization_id = ${org} and name = 'invoice') as next`));
    expect(after).toEqual({ n: 6, next: 7 });
  });

  it('writes the audit row of each invoice with what was issued: number, parties, period, dates and total', async () => {
    const org = await seedOrganization(db.db, 2, { start: '2026-02-10', charge: 400, rent: 9000 });
    const [plan] = await plansFor(org, '2026-02-01');
    const [made] = await issue(org, [plan]);
    const [audit] = rowsOf<{ action: string; user_id: string | null; before: unknown; after: Record<string, unknown> }>(await db.db.execute(sql`
      select action, user_id, before, after from audit_log where organization_id = ${org} and resource = 'invoices' and record_id = ${made.id}`));
    expect(audit).toEqual({
      action: 'billing_run', user_id: null, before: null,
      after: {
        number: 'INV-000001', status: 'issued', lease_id: plan.lease_id, tenant_id: plan.tenant_id,
        // February from the 10th: 19 of 28 days of rent and of the service charge, to the shilling
        period_start: '2026-02-01', period_end: '2026-02-28', issue_date: '2026-02-10', due_date: '2026-02-10', total: '6378.00',
      },
    });
  });

  it('stores every line as planned, whatever its text holds, and numbers past 999999 keep every digit', async () => {
    const org = await seedOrganization(db.db, 2, { start: '2026-01-01', charge: 400 });
    const [first, second] = await plansFor(org, '2026-03-01');
    // text a user can type into a charge or a repair: quotes, commas, braces, backslashes, a
    // literal NULL, non-ASCII; a metered line with a fractional quantity and one meter reading
    const awkward = [`Water "bulk", {shared} \\ yard`, 'NULL', 'Ksh 1,000 – Nyumba ya “Mama” ✓', '', `'quoted' \\"both\\"`];
    const withLines: PlannedInvoice = {
      ...first,
      lines: [
        ...first.lines,
        ...awkward.map((description) => ({ kind: 'charge' as const, charge_id: null, description, amount: 100n })),
        { kind: 'charge', charge_id: null, description: 'Water, meter W-1: 12.5 m³', quantity: '12.5', rate: 8000n, amount: 100000n, meter_previous: '100.25', meter_current: '112.75' },
      ],
    };
    withLines.total = withLines.lines.reduce((t, l) => t + l.amount, 0n);
    await db.db.execute(sql`insert into number_series (organization_id, name, next_value) values (${org}, 'invoice', 999999)`);
    const made = await issue(org, [withLines, second]);
    expect(made.map((i) => i.number)).toEqual(['INV-999999', 'INV-1000000']);

    const lines = rowsOf<{ description: string; quantity: string; rate: string; amount: string; meter_previous: string | null; meter_current: string | null; charge_id: string | null }>(await db.db.execute(sql`
      select l.description, l.quantity::text, l.rate::text, l.amount::text, l.meter_previous::text, l.meter_current::text, l.charge_id
      from invoice_lines l where l.organization_id = ${org} and l.invoice_id = ${made[0].id} order by l.position`));
    expect(lines.map((l) => l.description)).toEqual([...first.lines.map((l) => l.description), ...awkward, 'Water, meter W-1: 12.5 m³']);
    expect(lines.slice(-1)[0]).toMatchObject({ quantity: '12.500', rate: '80.00', amount: '1000.00', meter_previous: '100.250', meter_current: '112.750', charge_id: null });
    expect(lines[1].charge_id).toBe(first.lines[1].charge_id);
    const [stored] = rowsOf<{ numbers: string[]; total: string; next: number }>(await db.db.execute(sql`
      select array_agg(number order by number) as numbers, (select total::text from invoices where organization_id = ${org} and id = ${made[0].id}) as total,
        (select next_value from number_series where organization_id = ${org} and name = 'invoice') as next
      from invoices where organization_id = ${org}`));
    expect(stored).toEqual({ numbers: ['INV-1000000', 'INV-999999'], total: '11405.00', next: 1000001 });
  });

  it('writes the lines ahead of their invoices, yet a line never outlives or precedes its invoice past the batch', async () => {
    const org = await seedOrganization(db.db, 3, { start: '2026-01-01', charge: 400 });
    const plans = await plansFor(org, '2026-03-01');
    const lineCount = async () => rowsOf<{ n: number }>(await db.db.execute(sql`select count(*)::int as n from invoice_lines where organization_id = ${org}`))[0].n;

    // prepared (lines written) but never written: the transaction cannot commit, and leaves nothing
    const unwritten = await inScope(db.db, { tenant: org, user: null }, async (tx) => { await prepareInvoices(tx, org, null, plans); }).catch((e: unknown) => e);
    expect(codeOf(unwritten)).toBe('23503'); // foreign key violation
    expect(await lineCount()).toBe(0);

    // once the invoices are written the lines' check is immediate again: a line naming no invoice fails at once
    await expect(inScope(db.db, { tenant: org, user: null }, async (tx) => {
      const made = await writeInvoices(tx, org, await prepareInvoices(tx, org, null, plans, { action: 'billing_run' }), { action: 'billing_run' });
      expect(made).toHaveLength(3);
      expect(rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from invoice_lines where organization_id = ${org}`))[0].n).toBe(6);
      await tx.execute(sql`savepoint orphan`);
      const orphan = tx.execute(sql`insert into invoice_lines (organization_id, id, invoice_id, position, kind, description, quantity, rate, amount)
        values (${org}, 'ORPHAN-LINE', 'NO-SUCH-INVOICE', 0, 'charge', 'x', 1, 1, 1)`);
      expect(codeOf(await orphan.catch((e: unknown) => e))).toBe('23503');
      await tx.execute(sql`rollback to savepoint orphan`);
    })).resolves.toBeUndefined();
    expect(await lineCount()).toBe(6);
  });

  it('audit rows written ahead with a number the invoice did not take are corrected to the one it took', async () => {
    const org = await seedOrganization(db.db, 3, { start: '2026-01-01', charge: 400 });
    const plans = await plansFor(org, '2026-03-01');
    const audited = async () => rowsOf<{ number: string; audited: string }>(await db.db.execute(sql`
      select i.number, a.after->>'number' as audited from invoices i
      join audit_log a on a.organization_id = i.organization_id and a.resource = 'invoices' and a.record_id = i.id
      where i.organization_id = ${org} order by i.number`));

    // a guess that is wrong (a billing run's, when a writer outside it took numbers meanwhile)
    await inScope(db.db, { tenant: org, user: null }, async (tx) => {
      const prepared = await prepareInvoices(tx, org, null, plans.slice(0, 2), { action: 'billing_run', expectedFirst: Promise.resolve(40) });
      expect(prepared.expected.first).toBe(40);
      await writeInvoices(tx, org, prepared, { action: 'billing_run' });
    });
    expect(await audited()).toEqual([{ number: 'INV-000001', audited: 'INV-000001' }, { number: 'INV-000002', audited: 'INV-000002' }]);

    // no guess, and the series moves between the writing ahead and the invoices (another writer's numbers)
    await inScope(db.db, { tenant: org, user: null }, async (tx) => {
      const prepared = await prepareInvoices(tx, org, null, plans.slice(2), { action: 'billing_run' });
      expect(prepared.expected.first).toBe(3);
      await tx.execute(sql`update number_series set next_value = 9 where organization_id = ${org} and name = 'invoice'`);
      await writeInvoices(tx, org, prepared, { action: 'billing_run' });
    });
    expect((await audited()).at(-1)).toEqual({ number: 'INV-000009', audited: 'INV-000009' });
  });
});
