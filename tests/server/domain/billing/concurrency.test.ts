import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope, rowsOf, type Database } from '../../../../src/server/db/client.js';
import { activateLease } from '../../../../src/server/domain/billing/lifecycle.js';
import { HttpError } from '../../../../src/server/errors.js';
import { INTERRUPTED, runBilling, runView, STALE_AFTER_MINUTES } from '../../../../src/server/domain/billing/runs.js';
import { onPostgres, testDatabase } from '../../helpers.js';
import { invoiceFacts, seedOrganization } from './seed.js';

// Two processes and a killed process need a server database: PGlite is one in-process connection.
const pgOnly = describe.skipIf(!onPostgres());
const here = path.dirname(fileURLToPath(import.meta.url));

let a: Database;
let b: Database;
beforeAll(async () => {
  if (!onPostgres()) return;
  a = await testDatabase();
  b = await testDatabase();
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

/** Numbers 1..n, each once: no gap, no repeat. */
async function expectGapless(db: Database, org: string, n: number) {
  const numbers = rowsOf<{ n: number }>(await db.db.execute(sql`
    select cast(substring(number from '[0-9]+$') as int) as n from invoices where organization_id = ${org} order by 1`)).map((r) => Number(r.n));
  expect(numbers).toEqual(Array.from({ length: n }, (_, i) => i + 1));
}

/** Each invoice has one issue audit row, and it names the number the invoice kept (a renumbered loser's gap closed on both). */
async function expectAuditedAsNumbered(db: Database, org: string) {
  const rows = rowsOf<{ number: string; audited: string[] }>(await db.db.execute(sql`
    select i.number, coalesce((select array_agg(a.after->>'number') from audit_log a
      where a.organization_id = i.organization_id and a.resource = 'invoices' and a.record_id = i.id and a.action = 'billing_run'), '{}') as audited
    from invoices i where i.organization_id = ${org}`));
  expect(rows.length).toBeGreaterThan(0);
  for (const r of rows) expect(r.audited).toEqual([r.number]);
  // and none is left of an invoice a batch lost to the other run
  const [orphans] = rowsOf<{ n: number }>(await db.db.execute(sql`
    select count(*)::int as n from audit_log a where a.organization_id = ${org} and a.resource = 'invoices'
      and not exists (select 1 from invoices i where i.organization_id = a.organization_id and i.id = a.record_id)`));
  expect(orphans.n).toBe(0);
}

pgOnly('billing runs on PostgreSQL (PostgreSQL only: needs separate connections and processes)', () => {
  it('two runs at once on separate connection pools leave one invoice per lease and period and a gapless series', async () => {
    const org = await seedOrganization(a.db, 120, { start: '2026-01-01', charge: 750 });
    const [r1, r2] = await Promise.all([
      runBilling(a.db, org, '2026-03', { batchSize: 7 }),
      runBilling(b.db, org, '2026-03', { batchSize: 11 }),
    ]);
    expect(r1.status).toBe('done');
    expect(r2.status).toBe('done');
    expect(r1.made + r2.made).toBe(120);
    expect(r1.made + r1.skipped).toBe(120);
    expect(r2.made + r2.skipped).toBe(120);
    const facts = await invoiceFacts(a.db, org, '2026-03-01');
    expect(facts).toMatchObject({ invoices: 120, leases: 120, numbers: 120, max_number: 120 });
    expect(facts.all.next_value).toBe(121);
    await expectGapless(a, org, 120);
    await expectAuditedAsNumbered(a, org);
    const [lines] = rowsOf<{ n: number }>(await a.db.execute(sql`select count(*)::int as n from invoice_lines where organization_id = ${org}`));
    expect(lines.n).toBe(240);
  });

  it('a batch that fails stops the run: the batches after it, already prepared, write nothing, and a re-run bills the rest', async () => {
    const org = await seedOrganization(a.db, 40, { start: '2026-01-01', charge: 300 });
    // the 23rd lease's invoice cannot be written (a fault put in the database): the third batch of 10 fails
    const leases = rowsOf<{ id: string }>(await a.db.execute(sql`select id from leases where organization_id = ${org} order by id`)).map((r) => r.id);
    const name = `fail_${org.toLowerCase()}`;
    await a.db.execute(sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin raise exception 'fault put in for the test'; end $$`));
    await a.db.execute(sql.raw(`create trigger ${name} before insert on invoices for each row when (new.lease_id = '${leases[22]}') execute function ${name}()`));
    try {
      await expect(runBilling(a.db, org, '2026-03', { batchSize: 10 })).rejects.toThrow();
    } finally {
      await a.db.execute(sql.raw(`drop trigger ${name} on invoices; drop function ${name}()`));
    }
    const [failed] = rowsOf<{ status: string; processed: number; made: number; error: string }>(await a.db.execute(sql`
      select status, processed, made, error from billing_runs where organization_id = ${org}`));
    expect(failed).toMatchObject({ status: 'failed', processed: 20, made: 20 });
    expect(failed.error).toBe('fault put in for the test');
    // exactly the first two batches' leases are billed, numbered 1..20
    const billed = rowsOf<{ lease_id: string }>(await a.db.execute(sql`select lease_id from invoices where organization_id = ${org} order by lease_id`)).map((r) => r.lease_id);
    expect(billed).toEqual(leases.slice(0, 20));
    await expectGapless(a, org, 20);

    const rerun = await runBilling(a.db, org, '2026-03', { batchSize: 10 });
    expect(rerun).toMatchObject({ status: 'done', made: 20, skipped: 20 });
    await expectGapless(a, org, 40);
    await expectAuditedAsNumbered(a, org);
  });

  it('a lease ended while its batch waits for the series is skipped as ended, not counted as already billed', async () => {
    const org = await seedOrganization(a.db, 10, { start: '2026-01-01' });
    const leases = rowsOf<{ id: string }>(await a.db.execute(sql`select id from leases where organization_id = ${org} order by id`)).map((r) => r.id);
    // another writer holds the invoice series (as the form's hook does while it issues one)
    let release!: () => void;
    let holding!: (pid: number) => void;
    const held = new Promise<number>((resolve) => { holding = resolve; });
    const holder = b.db.transaction(async (tx) => {
      await tx.execute(sql`insert into number_series (organization_id, name, next_value) values (${org}, 'invoice', 1)
        on conflict (organization_id, name) do update set next_value = number_series.next_value`);
      holding(Number(rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`))[0].pid));
      await new Promise<void>((resolve) => { release = resolve; });
    });
    const pid = await held;
    const run = runBilling(a.db, org, '2026-03', { batchSize: 10 });
    // the batch has planned its leases and waits on the series: end one of them meanwhile
    let waiting = 0;
    for (let i = 0; i < 600 && !waiting; i++) {
      await new Promise((r) => setTimeout(r, 20));
      waiting = rowsOf<{ n: number }>(await a.db.execute(sql`select count(*)::int as n from pg_stat_activity where ${pid}::int = any(pg_blocking_pids(pid))`))[0].n;
    }
    expect(waiting).toBe(1);
    await a.db.execute(sql`update leases set status = 'ended', move_out_date = '2026-02-28' where organization_id = ${org} and id = ${leases[3]}`);
    release();
    await holder;
    const done = await run;
    expect(done).toMatchObject({ status: 'done', made: 9, skipped: 1, already_billed: 0 });
    expect(done.skipped_reasons).toEqual([{ lease_id: leases[3], reason: 'ended' }]);
    expect(runView(done).skipped_by_reason).toEqual({ ended: 1 });
    await expectGapless(a, org, 9);
    await expectAuditedAsNumbered(a, org);
  });

  it('two runs at once from two server processes leave one invoice per lease and period and a gapless series', async () => {
    const n = 90;
    const org = await seedOrganization(a.db, n, { start: '2026-01-01', charge: 500 });
    const child = (batch: number) => new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
      const p = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'slow-run.ts'), inject('databaseUrl'), org, '2026-05', String(batch), '40'], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      p.stdout.on('data', (d) => { out += String(d); });
      p.stderr.on('data', (d) => { err += String(d); });
      p.on('exit', (code) => resolve({ code, out, err }));
    });
    const [one, two] = await Promise.all([child(4), child(7)]);
    expect(one.code, one.err).toBe(0);
    expect(two.code, two.err).toBe(0);
    const r1 = JSON.parse(one.out.trim().split('\n').at(-1)!) as { status: string; made: number; skipped: number };
    const r2 = JSON.parse(two.out.trim().split('\n').at(-1)!) as { status: string; made: number; skipped: number };
    expect([r1.status, r2.status]).toEqual(['done', 'done']);
    expect(r1.made + r2.made).toBe(n);
    expect(r1.made + r1.skipped).toBe(n);
    expect(r2.made + r2.skipped).toBe(n);
    expect(await invoiceFacts(a.db, org, '2026-05-01')).toMatchObject({ invoices: n, leases: n, numbers: n, max_number: n });
    await expectGapless(a, org, n);
    await expectAuditedAsNumbered(a, org);
    const [lines] = rowsOf<{ n: number }>(await a.db.execute(sql`select count(*)::int as n from invoice_lines where organization_id = ${org}`));
    expect(lines.n).toBe(2 * n);
  }, 120_000);

  it('a run killed with SIGKILL half-way, then run again, leaves one invoice per lease and period and a gapless series', async () => {
    const n = 150;
    const org = await seedOrganization(a.db, n, { start: '2026-01-01' });
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'slow-run.ts'), inject('databaseUrl'), org, '2026-04'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => { stderr += String(d); });
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
    // wait until the child has committed some batches, then kill it without warning
    let made = 0;
    for (let i = 0; i < 600 && made < 40; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const [row] = rowsOf<{ made: number }>(await a.db.execute(sql`select coalesce(max(made), 0)::int as made from billing_runs where organization_id = ${org}`));
      made = Number(row.made);
    }
    expect(made, stderr).toBeGreaterThanOrEqual(40);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    const half = await invoiceFacts(a.db, org, '2026-04-01');
    expect(half.invoices).toBeGreaterThanOrEqual(40);
    expect(half.invoices).toBeLessThan(n);
    // what committed is whole: numbered, gapless, with lines
    await expectGapless(a, org, half.invoices);
    const [bare] = rowsOf<{ n: number }>(await a.db.execute(sql`
      select count(*)::int as n from invoices i where organization_id = ${org}
        and (number is null or not exists (select 1 from invoice_lines l where l.organization_id = i.organization_id and l.invoice_id = i.id))`));
    expect(bare.n).toBe(0);

    const again = await runBilling(a.db, org, '2026-04');
    expect(again.made).toBe(n - half.invoices);
    expect(again.already_billed).toBe(half.invoices);
    expect(runView(again).skipped_by_reason).toEqual({ already_billed: half.invoices });
    const facts = await invoiceFacts(a.db, org, '2026-04-01');
    expect(facts).toMatchObject({ invoices: n, leases: n, numbers: n, max_number: n });
    await expectGapless(a, org, n);
    await expectAuditedAsNumbered(a, org);

    // the killed run still says 'running' (its heartbeat is seconds old: it could be alive elsewhere);
    // once its heartbeat is older than STALE_AFTER_MINUTES (the clock moved in the row), the next
    // run marks it failed as interrupted
    const [{ id: killedId }] = rowsOf<{ id: string }>(await a.db.execute(sql`
      select id from billing_runs where organization_id = ${org} and id <> ${again.id}`));
    const killed = async () => rowsOf<{ status: string; error: string | null }>(await a.db.execute(sql`
      select status, error from billing_runs where organization_id = ${org} and id = ${killedId}`))[0];
    expect(await killed()).toMatchObject({ status: 'running', error: null });
    await a.db.execute(sql`update billing_runs set heartbeat_at = now() - make_interval(mins => ${STALE_AFTER_MINUTES + 1})
      where organization_id = ${org} and id = ${killedId}`);
    const third = await runBilling(a.db, org, '2026-04');
    expect(third).toMatchObject({ status: 'done', made: 0 });
    expect(await killed()).toMatchObject({ status: 'failed', error: INTERRUPTED });
  }, 60_000);

  it('two activations of leases on one house at once: one wins, the other is a 409, and one first invoice is issued', async () => {
    const org = await seedOrganization(a.db, 1, { start: '2026-01-01' });
    const [lease] = rowsOf<{ id: string; house_id: string; tenant_id: string }>(await a.db.execute(sql`select id, house_id, tenant_id from leases where organization_id = ${org}`));
    await a.db.execute(sql`update leases set status = 'draft' where organization_id = ${org}`);
    await a.db.execute(sql`
      insert into leases (organization_id, id, tenant_id, house_id, start_date, rent, billing_frequency, status)
      values (${org}, ${`${lease.id}-2`}, ${lease.tenant_id}, ${lease.house_id}, '2026-02-01', 9000, 'monthly', 'draft')`);
    const results = await Promise.allSettled([
      inScope(a.db, { tenant: org }, (tx) => activateLease(tx, org, null, lease.id, '2026-06-01')),
      inScope(b.db, { tenant: org }, (tx) => activateLease(tx, org, null, `${lease.id}-2`, '2026-06-01')),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(failed.reason).toBeInstanceOf(HttpError);
    expect((failed.reason as HttpError).statusCode).toBe(409);
    const [counts] = rowsOf<{ active: number; invoices: number }>(await a.db.execute(sql`
      select (select count(*) from leases where organization_id = ${org} and status = 'active')::int as active,
        (select count(*) from invoices where organization_id = ${org})::int as invoices`));
    expect(counts).toEqual({ active: 1, invoices: 1 });
    await expectGapless(a, org, 1);
  });
});
