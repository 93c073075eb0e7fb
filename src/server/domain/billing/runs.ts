// Billing runs: one invoice per lease and period, in batches of leases, each batch one
// transaction that also advances the run's progress — so after a crash the run row says exactly
// what was committed, and a re-run (or a concurrent one) makes only what is missing.
import { and, desc, eq, sql } from 'drizzle-orm';
import { ulid } from 'ulid';
import { inScope, rowsOf, type Db } from '../../db/client.js';
import { billingRuns } from '../../db/schema.js';
import { invalidField, notFound } from '../../errors.js';
import { issueInvoices } from './issue.js';
import { loadLeaseTerms, planInvoice, type PlannedInvoice, type SkipReason } from './plan.js';
import { monthPeriod } from './periods.js';

export type BillingRun = typeof billingRuns.$inferSelect;

export interface RunOptions {
  /** Leases per transaction (default 500). */
  batchSize?: number;
  /** Wait between batches (tests that kill a run half-way). */
  pauseMs?: number;
}

/** Creates a queued run for `period` ('YYYY-MM'), inside the caller's scoped transaction. */
export async function createBillingRun(tx: Db, organizationId: string, userId: string | null, period: string, trigger: 'manual' | 'schedule' = 'manual'): Promise<BillingRun> {
  let range: { start: string; end: string };
  try {
    range = monthPeriod(period);
  } catch {
    throw invalidField('period', 'The period must be a month, YYYY-MM.');
  }
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
  for (const r of reasons) byReason[r.reason] = (byReason[r.reason] ?? 0) + 1;
  return { ...run, period: run.period_start.slice(0, 7), skipped_by_reason: byReason };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs a queued (or interrupted) billing run to the end. Each batch is its own transaction in the
 * organisation's scope: invoices, numbers, lines, audit rows and the run's progress commit together.
 */
export async function executeBillingRun(db: Db, organizationId: string, runId: string, opts: RunOptions = {}): Promise<BillingRun> {
  const batchSize = opts.batchSize ?? 500;
  const scope = { tenant: organizationId, user: null };
  try {
    const { run, plans } = await inScope(db, scope, async (tx) => {
      const run = await getBillingRun(tx, organizationId, runId);
      const leases = await loadLeaseTerms(tx, organizationId, { periodStart: run.period_start });
      const billed = new Set(rowsOf<{ lease_id: string }>(await tx.execute(sql`
        select lease_id from invoices where organization_id = ${organizationId} and period_start = ${run.period_start}`)).map((r) => r.lease_id));
      const plans: PlannedInvoice[] = [];
      const skipped: Array<{ lease_id: string; reason: SkipReason }> = [];
      for (const lease of leases) {
        if (billed.has(lease.id)) { skipped.push({ lease_id: lease.id, reason: 'already_billed' }); continue; }
        const plan = planInvoice(lease, run.period_start);
        if (typeof plan === 'string') skipped.push({ lease_id: lease.id, reason: plan });
        else plans.push(plan);
      }
      await tx.update(billingRuns).set({
        status: 'running', started_at: new Date(), total: leases.length, processed: skipped.length, made: 0, skipped: skipped.length, skipped_reasons: skipped, error: null,
      }).where(and(eq(billingRuns.organization_id, organizationId), eq(billingRuns.id, runId)));
      return { run, plans };
    });
    for (let i = 0; i < plans.length; i += batchSize) {
      if (i > 0 && opts.pauseMs) await sleep(opts.pauseMs);
      const batch = plans.slice(i, i + batchSize);
      await inScope(db, scope, async (tx) => {
        const made = await issueInvoices(tx, organizationId, run.created_by, batch, { action: 'billing_run' });
        const madeLeases = new Set(made.map((m) => m.lease_id));
        const lost = batch.filter((p) => !madeLeases.has(p.lease_id)).map((p) => ({ lease_id: p.lease_id, reason: 'already_billed' as const }));
        await tx.execute(sql`
          update billing_runs set processed = processed + ${batch.length}, made = made + ${made.length},
            skipped = skipped + ${lost.length}, skipped_reasons = skipped_reasons || ${JSON.stringify(lost)}::jsonb
          where organization_id = ${organizationId} and id = ${runId}`);
      });
    }
    return await inScope(db, scope, async (tx) => {
      const [done] = await tx.update(billingRuns).set({ status: 'done', finished_at: new Date() })
        .where(and(eq(billingRuns.organization_id, organizationId), eq(billingRuns.id, runId))).returning();
      return done;
    });
  } catch (err) {
    await inScope(db, scope, (tx) => tx.update(billingRuns).set({ status: 'failed', finished_at: new Date(), error: String((err as Error).message ?? err).slice(0, 500) })
      .where(and(eq(billingRuns.organization_id, organizationId), eq(billingRuns.id, runId)))).catch(() => undefined);
    throw err;
  }
}

/** Creates and runs a billing run to the end (scheduler, tests, demo history). */
export async function runBilling(db: Db, organizationId: string, period: string, opts: RunOptions & { userId?: string | null; trigger?: 'manual' | 'schedule' } = {}): Promise<BillingRun> {
  const run = await inScope(db, { tenant: organizationId, user: opts.userId ?? null }, (tx) => createBillingRun(tx, organizationId, opts.userId ?? null, period, opts.trigger));
  return executeBillingRun(db, organizationId, run.id, opts);
}
