// Billing runs: one invoice per lease and period, in batches of leases, each batch one
// transaction that also advances the run's progress — so after a crash the run row says exactly
// what was committed, and a re-run (or a concurrent one) makes only what is missing.
//
// Interrupted runs: a process killed half-way leaves its run 'running' with no one to finish it.
// Every committed batch writes the run's heartbeat_at; a queued or running run whose heartbeat (else
// start, else creation) is older than STALE_AFTER_MINUTES is taken for interrupted. A new run of the
// organisation marks such runs failed ("Interrupted: …") before it starts, and the scheduler takes
// over its own interrupted run for the period and finishes it (scheduler.ts). A heartbeat rather than
// an advisory lock: a lock would pin a pool connection for the run's whole length and tell nothing
// on PGlite (one connection), while a heartbeat works the same on both and across processes. A
// batch of 2,000 leases commits in well under a second, so five minutes without one is no live run.
import { and, desc, eq, sql } from 'drizzle-orm';
import { ulid } from 'ulid';
import { arrayLiteral } from '../../db/array-literal.js';
import { concurrentScopes, inScope, rowsOf, type Db } from '../../db/client.js';
import { billingRuns } from '../../db/schema.js';
import { invalidField, notFound } from '../../errors.js';
import { prepareInvoices, writeInvoices } from './issue.js';
import { billableFor, loadLeaseTerms, planInvoice, type PlannedInvoice, type SkipReason } from './plan.js';
import { isIsoMonth } from '../../../shared/resource-values.js';
import { monthPeriod } from './periods.js';
import { assertOpen } from '../closed-months.js';

export type BillingRun = typeof billingRuns.$inferSelect;

export interface RunOptions {
  /** Leases per transaction (default BATCH_SIZE). */
  batchSize?: number;
  /** Wait between batches (tests that kill a run half-way). */
  pauseMs?: number;
}

/**
 * Leases per batch transaction. Each batch pays a fixed cost (its scope, the repair and meter
 * lookups, the series lock, the commit) besides its rows; 2,000 makes that a few per cent of a run
 * while a batch still commits in a fraction of a second, so the series lock it holds (which other
 * invoice writers of the organisation queue on) is short and the run's progress moves often.
 */
export const BATCH_SIZE = 2000;

/**
 * The default run's first batch; each next one is twice the one before, up to BATCH_SIZE. Nothing
 * is written till the first batch is prepared, and a batch is prepared while the one before it
 * writes, which takes longer (about 1.5 × as long a lease): so a small batch starts the writing
 * soon, and doubling keeps each next batch ready when the writing reaches it. Straight from 250 to
 * 2,000, the writing waited ~140 ms for the second batch.
 */
const FIRST_BATCH_SIZE = 100;

/** A queued or running run with no progress for this long is taken for interrupted. */
export const STALE_AFTER_MINUTES = 5;

export const INTERRUPTED = `Interrupted: no progress for ${STALE_AFTER_MINUTES} minutes (the process running it stopped). What it billed is kept; run the period again to bill the rest.`;

/** Where a run of the organisation is queued or running but has shown no progress for STALE_AFTER_MINUTES. */
export const staleRun = (organizationId: string) => sql`organization_id = ${organizationId} and status in ('queued', 'running')
  and coalesce(heartbeat_at, started_at, created_at) < now() - make_interval(mins => ${STALE_AFTER_MINUTES})`;

/** Marks the organisation's interrupted runs failed (see above); returns their ids. In the caller's scoped transaction. */
export async function failStaleRuns(tx: Db, organizationId: string): Promise<string[]> {
  return rowsOf<{ id: string }>(await tx.execute(sql`
    update billing_runs set status = 'failed', finished_at = now(), error = ${INTERRUPTED}
    where ${staleRun(organizationId)}
    returning id`)).map((r) => r.id);
}

/**
 * Creates a queued run for `period` ('YYYY-MM'), inside the caller's scoped transaction; the
 * organisation's interrupted runs are marked failed first (the new run bills what they did not).
 */
export async function createBillingRun(tx: Db, organizationId: string, userId: string | null, period: string, trigger: 'manual' | 'schedule' = 'manual'): Promise<BillingRun> {
  // a month of the supported calendar (1900–2199): PostgreSQL refuses year 0
  if (!isIsoMonth(period)) throw invalidField('period', 'The period must be a month, YYYY-MM, between 1900-01 and 2199-12.');
  const range = monthPeriod(period);
  await assertOpen(tx, organizationId, range.start, 'period');
  await failStaleRuns(tx, organizationId);
  const [run] = await tx.insert(billingRuns).values({
    organization_id: organizationId, id: ulid(), period_start: range.start, period_end: range.end, trigger, created_by: userId,
  }).returning();
  return run;
}

export async function getBillingRun(tx: Db, organizationId: string, id: string): Promise<BillingRun> {
  const [run] = await tx.select().from(billingRuns).where(and(eq(billingRuns.organization_id, organizationId), eq(billingRuns.id, id)));
  if (!run) throw notFound();
  return run;
}

export async function listBillingRuns(tx: Db, organizationId: string, limit = 50): Promise<BillingRun[]> {
  return tx.select().from(billingRuns).where(eq(billingRuns.organization_id, organizationId))
    .orderBy(desc(billingRuns.created_at), desc(billingRuns.id)).limit(limit);
}

/** The run as the API shows it: with the skipped leases counted by reason. */
export function runView(run: BillingRun) {
  const reasons = (run.skipped_reasons ?? []) as Array<{ lease_id: string; reason: SkipReason }>;
  const byReason: Record<string, number> = {};
  // runs made before already_billed was counted listed those leases too
  for (const r of reasons) byReason[r.reason] = (byReason[r.reason] ?? 0) + 1;
  if (run.already_billed) byReason.already_billed = (byReason.already_billed ?? 0) + run.already_billed;
  return { ...run, period: run.period_start.slice(0, 7), skipped_by_reason: byReason };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Of the leases a batch planned but wrote no invoice for, those no longer active or on notice and
 * still unbilled for the period: ended (or put back to draft) since they were read, so the insert's
 * status check left them out. The others lost their (lease, period) to another writer.
 */
async function statusChanged(tx: Db, organizationId: string, periodStart: string, leaseIds: string[]): Promise<Array<{ lease_id: string; reason: SkipReason }>> {
  if (!leaseIds.length) return [];
  const rows = rowsOf<{ id: string; status: string }>(await tx.execute(sql`
    select l.id, l.status from leases l
    where l.organization_id = ${organizationId} and l.id = any(${arrayLiteral(leaseIds)}::text[]) and l.status not in ('active', 'notice')
      and not exists (select 1 from invoices i where i.organization_id = l.organization_id and i.lease_id = l.id and i.period_start = ${periodStart}::date)
    order by l.id`));
  return rows.map((l) => ({ lease_id: l.id, reason: l.status === 'draft' ? 'draft' : 'ended' }));
}

/** A promise started ahead of its use: its failure is reported where it is awaited, not as unhandled meanwhile. */
function ahead<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/**
 * Runs a queued (or interrupted) billing run to the end. Each batch is its own transaction in the
 * organisation's scope: invoices, numbers, lines, audit rows and the run's progress commit together.
 */
export async function executeBillingRun(db: Db, organizationId: string, runId: string, opts: RunOptions = {}): Promise<BillingRun> {
  const batchSize = opts.batchSize ?? BATCH_SIZE;
  const scope = { tenant: organizationId, user: null };
  try {
    const { run, ids } = await inScope(db, scope, async (tx) => {
      const run = await getBillingRun(tx, organizationId, runId);
      // one pass over the leases that may be billed: the billed ones are counted in the run where
      // they are; only the others' ids come back to be read and planned (a re-run: none)
      const ids = rowsOf<{ id: string }>(await tx.execute(sql`
        with leases_ as materialized (
          -- a keyed probe per lease, not a join: a period just billed is not in the statistics yet,
          -- and a join planned on its "1 row" scanned every invoice of the organisation per lease
          select l.id, exists (select 1 from invoices i where i.organization_id = l.organization_id and i.lease_id = l.id
            and i.period_start = ${run.period_start}::date) as billed
          from leases l
          where l.organization_id = ${organizationId} and ${billableFor(run.period_start)}
        ), started as (
          update billing_runs r set status = 'running', started_at = now(), heartbeat_at = now(), finished_at = null, error = null,
            total = b.total, processed = b.n, made = 0, skipped = b.n, skipped_reasons = '[]', already_billed = b.n
          from (select (select count(*)::int from leases_) as total, count(*)::int as n from leases_ where billed) b
          where r.organization_id = ${organizationId} and r.id = ${runId}
        )
        select id from leases_ where not billed order by id`)).map((r) => r.id);
      return { run, ids };
    });
    // A batch is one transaction: read and plan its leases, lock the repairs and readings they
    // charge, build the rows and write the lines and audit rows (prepareInvoices), then, once the
    // batch before has committed, take the series lock and write the invoices (writeInvoices) and
    // record the progress. Where scopes can run at once (a pool: each its own connection), the next
    // batch prepares while this one writes, so only the writing is one after the other; a batch whose
    // predecessor failed rolls back unwritten. A batch's audit rows are numbered from where the batch
    // before it, holding the series, will leave it (`numbered`: the value it took plus its invoices).
    const batch = (chunk: string[], before: Promise<unknown>, numbered: Promise<number | undefined>) => {
      let isReady!: () => void;
      const ready = new Promise<void>((resolve) => { isReady = resolve; });
      let isNumbered!: (next: number | undefined) => void;
      const after = new Promise<number | undefined>((resolve) => { isNumbered = resolve; });
      const done = inScope(db, scope, async (tx) => {
        const plans: PlannedInvoice[] = [];
        const skipped: Array<{ lease_id: string; reason: SkipReason }> = [];
        const terms = await loadLeaseTerms(tx, organizationId, { ids: chunk });
        // the batch before this one writes meanwhile: its numbering and insert are sent first, since
        // the writes are what runs one after the other and this planning is synchronous (2,000
        // leases held the one before back by tens of milliseconds a batch when it went first)
        await numbered;
        await new Promise<void>((resolve) => setImmediate(resolve));
        for (const lease of terms) {
          const planned = planInvoice(lease, run.period_start);
          if (typeof planned === 'string') skipped.push({ lease_id: lease.id, reason: planned });
          else plans.push(planned);
        }
        const invoices = await prepareInvoices(tx, organizationId, run.created_by, plans, { action: 'billing_run', expectedFirst: numbered });
        isReady();
        await before;
        const made = await writeInvoices(tx, organizationId, invoices, { action: 'billing_run', onNumbered: (first) => isNumbered(first + invoices.payload.plans.length) });
        // a planned lease without its invoice was ended since it was read (skipped as such) or
        // billed meanwhile by another writer, a concurrent run: already billed
        const planned = invoices.payload.plans;
        const won = made.length === planned.length ? null : new Set(made.map((m) => m.lease_id));
        const unwritten = won ? planned.map((p) => p.lease_id).filter((id) => !won.has(id)) : [];
        const changed = await statusChanged(tx, organizationId, run.period_start, unwritten);
        skipped.push(...changed);
        const lost = unwritten.length - changed.length;
        await tx.execute(sql`
          update billing_runs set processed = processed + ${chunk.length}, made = made + ${made.length}, heartbeat_at = now(),
            skipped = skipped + ${skipped.length + lost}, already_billed = already_billed + ${lost},
            skipped_reasons = skipped_reasons || ${JSON.stringify(skipped)}::jsonb
          where organization_id = ${organizationId} and id = ${runId}`);
      });
      done.then(isReady, isReady);
      // a batch that numbered nothing (or failed first): the next reads the series
      const unnumbered = () => isNumbered(undefined);
      done.then(unnumbered, unnumbered);
      return { ready, done: ahead(done), numbered: after };
    };
    // a ramp of batch sizes (FIRST_BATCH_SIZE), unless the caller chose one
    const chunks: string[][] = [];
    let size = opts.batchSize ? batchSize : Math.min(batchSize, FIRST_BATCH_SIZE);
    for (let i = 0; i < ids.length; i += size, size = Math.min(batchSize, size * 2)) chunks.push(ids.slice(i, i + size));
    const overlap = concurrentScopes(db) && !opts.pauseMs;
    let before: Promise<unknown> = Promise.resolve();
    let numbered: Promise<number | undefined> = Promise.resolve(undefined);
    for (let k = 0; k < chunks.length; k++) {
      if (k > 0 && opts.pauseMs) await sleep(opts.pauseMs);
      const next = batch(chunks[k], before, numbered);
      numbered = next.numbered;
      if (overlap) {
        // the next batch starts once this one is prepared and the one before it has committed
        await next.ready;
        await before;
      } else {
        await next.done;
      }
      before = next.done;
    }
    await before;
    return await inScope(db, scope, async (tx) => {
      const [done] = await tx.update(billingRuns).set({ status: 'done', finished_at: new Date() })
        .where(and(eq(billingRuns.organization_id, organizationId), eq(billingRuns.id, runId))).returning();
      return done;
    });
  } catch (err) {
    // what went wrong, not the statement it went wrong in (the driver's error is the cause of drizzle's "Failed query: …")
    const cause = (err as { cause?: unknown }).cause;
    const message = String((cause instanceof Error ? cause : err as Error).message ?? err);
    await inScope(db, scope, (tx) => tx.update(billingRuns).set({ status: 'failed', finished_at: new Date(), error: message.slice(0, 500) })
      .where(and(eq(billingRuns.organization_id, organizationId), eq(billingRuns.id, runId)))).catch(() => undefined);
    throw err;
  }
}

/** Creates and runs a billing run to the end (scheduler, tests, demo history). */
export async function runBilling(db: Db, organizationId: string, period: string, opts: RunOptions & { userId?: string | null; trigger?: 'manual' | 'schedule' } = {}): Promise<BillingRun> {
  const run = await inScope(db, { tenant: organizationId, user: opts.userId ?? null }, (tx) => createBillingRun(tx, organizationId, opts.userId ?? null, period, opts.trigger));
  return executeBillingRun(db, organizationId, run.id, opts);
}
