import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope, rowsOf, type Database } from '../../../../src/server/db/client.js';
import { createBillingRun, INTERRUPTED, runBilling, STALE_AFTER_MINUTES } from '../../../../src/server/domain/billing/runs.js';
import { schedulerTick } from '../../../../src/server/domain/billing/scheduler.js';
import { testDatabase } from '../../helpers.js';
import { invoiceFacts, seedOrganization } from './seed.js';

let d: Database;
beforeAll(async () => { d = await testDatabase(); });
afterAll(() => d?.close());

interface RunRow { id: string; status: string; error: string | null; made: number; trigger: string }

async function runs(org: string): Promise<RunRow[]> {
  return rowsOf<RunRow>(await d.db.execute(sql`
    select id, status, error, made, trigger from billing_runs where organization_id = ${org} order by created_at, id`));
}

/**
 * A run left as a killed process leaves it: 'running', half the leases billed, its last heartbeat
 * `minutesAgo` minutes back (the clock is moved in the row, never waited for).
 */
async function interruptedRun(org: string, period: string, minutesAgo: number, trigger: 'manual' | 'schedule' = 'manual', bill = 0) {
  const run = await inScope(d.db, { tenant: org }, (tx) => createBillingRun(tx, org, null, period, trigger));
  if (bill) {
    // what the killed process had committed: the first `bill` leases' invoices
    const done = await runBilling(d.db, org, period, { trigger: 'manual' });
    await d.db.execute(sql`delete from invoices where organization_id = ${org} and period_start = ${`${period}-01`}::date
      and lease_id not in (select lease_id from invoices where organization_id = ${org} and period_start = ${`${period}-01`}::date order by lease_id limit ${bill})`);
    await d.db.execute(sql`delete from billing_runs where organization_id = ${org} and id = ${done.id}`);
  }
  await d.db.execute(sql`
    update billing_runs set status = 'running', started_at = now() - make_interval(mins => ${minutesAgo + 1}),
      heartbeat_at = now() - make_interval(mins => ${minutesAgo}), made = ${bill}
    where organization_id = ${org} and id = ${run.id}`);
  return run.id;
}

describe('interrupted billing runs', () => {
  it(`a run with no progress for ${STALE_AFTER_MINUTES} minutes is marked failed by the next run, which bills what it left`, async () => {
    const org = await seedOrganization(d.db, 6, { start: '2026-01-01' });
    const stale = await interruptedRun(org, '2026-03', STALE_AFTER_MINUTES + 1, 'manual', 2);
    const next = await runBilling(d.db, org, '2026-03');
    expect(next.status).toBe('done');
    expect(next.made).toBe(4);
    const all = await runs(org);
    expect(all.find((r) => r.id === stale)).toMatchObject({ status: 'failed', error: INTERRUPTED });
    expect(await invoiceFacts(d.db, org, '2026-03-01')).toMatchObject({ invoices: 6, leases: 6, numbers: 6 });
  });

  it('a run still showing progress is left alone: it may be alive in another process', async () => {
    const org = await seedOrganization(d.db, 3, { start: '2026-01-01' });
    const live = await interruptedRun(org, '2026-03', STALE_AFTER_MINUTES - 1);
    const other = await runBilling(d.db, org, '2026-04');
    expect(other.status).toBe('done');
    expect((await runs(org)).find((r) => r.id === live)).toMatchObject({ status: 'running', error: null });
  });

  it('the scheduler takes over its own interrupted run for the period and finishes it, once', async () => {
    const org = await seedOrganization(d.db, 5, { start: '2026-01-01' });
    const stale = await interruptedRun(org, '2026-03', STALE_AFTER_MINUTES + 2, 'schedule', 3);
    const now = new Date('2026-03-10T06:00:00Z');
    expect(await schedulerTick(d.db, now, () => undefined, [org])).toEqual([stale]);
    const [run] = await runs(org);
    expect(run).toMatchObject({ id: stale, status: 'done', error: null, made: 2, trigger: 'schedule' });
    expect(await invoiceFacts(d.db, org, '2026-03-01')).toMatchObject({ invoices: 5, leases: 5, numbers: 5 });
    // finished: the next pass neither takes it over nor starts another
    expect(await schedulerTick(d.db, now, () => undefined, [org])).toEqual([]);
    expect(await runs(org)).toHaveLength(1);
  });
});
