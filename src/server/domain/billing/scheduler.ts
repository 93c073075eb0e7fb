// The billing scheduler in the server process: every hour (Africa/Nairobi) each organisation whose
// billing day has come gets its scheduled billing run for the period, once, and its penalties for
// the day. Several server processes may run it: a transaction-level advisory lock per
// (organisation, period) and the existing scheduled run row decide who creates the run, and the
// invoices' unique key would stop a duplicate invoice anyway. A scheduled run interrupted half-way
// (runs.ts STALE_AFTER_MINUTES) is taken over by the next pass and finished.
import { Cron } from 'croner';
import { sql } from 'drizzle-orm';
import { inScope, rowsOf, type Db } from '../../db/client.js';
import { addDays, addMonths, type IsoDate } from './periods.js';
import { createBillingRun, executeBillingRun, staleRun } from './runs.js';
import { postPenalties } from './penalties.js';

export const BILLING_TIMEZONE = 'Africa/Nairobi';

/** Today in Nairobi, 'YYYY-MM-DD'. */
export function todayIn(timezone = BILLING_TIMEZONE, now = new Date()): IsoDate {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/**
 * The period the latest billing day on or before `today` bills: the month whose due date comes
 * next — that month when the billing day is on or before the due day, else the month after
 * (billing on the 25th for rent due on the 5th bills the coming month). Before this month's
 * billing day it is last month's billing day's period, so a server that was down on the billing
 * day catches up at its next pass (the scheduled run row makes that once).
 */
export function scheduledPeriod(today: IsoDate, billingDay: number, dueDay: number): string {
  // a billing day past a month's end (the 31st in February) is its last day
  const billingDate = (month: string) => {
    const lastDay = Number(addDays(addMonths(`${month}-01`, 1), -1).slice(8, 10));
    return `${month}-${String(Math.min(billingDay, lastDay)).padStart(2, '0')}`;
  };
  const thisMonth = today.slice(0, 7);
  const month = today >= billingDate(thisMonth) ? thisMonth : addMonths(today, -1).slice(0, 7);
  return (billingDay <= dueDay ? `${month}-01` : addMonths(`${month}-01`, 1)).slice(0, 7);
}

const lockKey = (organizationId: string, period: string) => sql`hashtextextended(${`billing:${organizationId}:${period}`}, 0)`;

/** One scheduler pass over every organisation; returns the runs it started. */
export async function schedulerTick(db: Db, now = new Date(), log: (msg: string, err?: unknown) => void = () => undefined, only?: string[]): Promise<string[]> {
  const orgs = rowsOf<{ id: string; billing_day: number; due_day: number }>(await db.execute(sql`
    select id, coalesce(nullif(settings->>'billing_day', '')::int, 1) as billing_day, coalesce(nullif(settings->>'due_day', '')::int, 5) as due_day
    from organizations ${only ? sql`where id = any(${`{${only.join(',')}}`}::text[])` : sql``} order by id`));
  const started: string[] = [];
  const today = todayIn(BILLING_TIMEZONE, now);
  for (const org of orgs) {
    try {
      const period = scheduledPeriod(today, Number(org.billing_day), Number(org.due_day));
      if (period) {
        const runId = await inScope(db, { tenant: org.id }, async (tx) => {
          const [{ locked }] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${lockKey(org.id, period)}) as locked`));
          if (!locked) return null;
          const [existing] = rowsOf<{ id: string }>(await tx.execute(sql`
            select id from billing_runs where organization_id = ${org.id} and trigger = 'schedule' and period_start = ${`${period}-01`}::date limit 1`));
          if (existing) {
            // its process stopped half-way (runs.ts staleRun): take it over and finish it; one
            // process wins (the row lock and the re-checked condition), the others see it fresh
            const [taken] = rowsOf<{ id: string }>(await tx.execute(sql`
              update billing_runs set heartbeat_at = now() where id = ${existing.id} and ${staleRun(org.id)} returning id`));
            return taken?.id ?? null;
          }
          return (await createBillingRun(tx, org.id, null, period, 'schedule')).id;
        });
        if (runId) {
          started.push(runId);
          await executeBillingRun(db, org.id, runId);
        }
      }
      await inScope(db, { tenant: org.id }, (tx) => postPenalties(tx, org.id, today));
    } catch (err) {
      log(`billing scheduler: organisation ${org.id} failed`, err);
    }
  }
  return started;
}

export interface Scheduler { stop(): void }

/** Off under tests and with BILLING_SCHEDULER=0. */
export function schedulerEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.BILLING_SCHEDULER !== '0' && env.NODE_ENV !== 'test' && !env.VITEST;
}

export function startScheduler(db: Db, log: (msg: string, err?: unknown) => void, pattern = '7 * * * *'): Scheduler {
  const job = new Cron(pattern, { timezone: BILLING_TIMEZONE, protect: true }, async () => {
    await schedulerTick(db, new Date(), log);
  });
  return { stop: () => job.stop() };
}
