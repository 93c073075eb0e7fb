import { sql } from 'drizzle-orm';
import { inScope, rowsOf, type Database } from '../db/client.js';
import { todayIn } from '../domain/billing/scheduler.js';
import { sendMessages, sweepMessages } from '../domain/messaging/dispatch.js';
import { runReminders } from '../domain/messaging/reminders.js';
import { messagingServices } from '../domain/messaging/services.js';
import { finishCallbackPayment } from '../domain/payments/receipt-numbers.js';
import { QUEUES } from './install.js';
import { Jobs } from './jobs.js';
import { stableJobId } from './stable-id.js';

// The server's jobs: what each queue does, the reminder schedule and the message sweep. Started
// with the app (app.ts), stopped before the database closes. Under the tests nothing runs in the
// background: they call jobs.drain() (and remindersTick) themselves.

/** Reminders go out from this hour of the organisation's day (not at midnight). */
export const REMINDER_HOUR = 8;

export interface ServerJobsOptions {
  database: Database;
  log: { error(obj: object, msg: string): void; info(obj: object, msg: string): void };
  /** Jobs each queue runs at once in the background; 0: none (tests). */
  workers: number;
  /** The reminder tick (pg-boss cron, hourly) and the sweep timer. */
  background: boolean;
  sweepSeconds?: number;
  /** An organisation's day and hour now (the app's clock; tests set the day). */
  clock: (timezone: string) => { day: string; hour: number };
}

export interface ServerJobs {
  jobs: Jobs;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The hourly tick: each organisation whose day has reached REMINDER_HOUR gets its day's reminder job, once (its id). */
  remindersTick(only?: string[]): Promise<number>;
  sweep(): Promise<{ unknown: number; requeued: number }>;
}

export function localClock(today?: () => string) {
  return (timezone: string) => {
    if (today) return { day: today(), hour: 12 };
    const hour = Number(new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: timezone }).format(new Date()));
    return { day: todayIn(timezone), hour };
  };
}

export function createServerJobs(opts: ServerJobsOptions): ServerJobs {
  const { database } = opts;
  const jobs = new Jobs(database, {
    workers: opts.workers,
    log: opts.log,
    schedules: opts.background ? [{ queue: QUEUES.remindersTick.name, cron: '5 * * * *' }] : [],
  });
  const str = (v: unknown) => (typeof v === 'string' ? v : '');

  jobs.handle(QUEUES.send.name, async (data) => {
    const services = messagingServices();
    const ids = Array.isArray(data.ids) ? data.ids.filter((x): x is string => typeof x === 'string') : [];
    if (!services || !str(data.organization_id)) return;
    await sendMessages(database.app, services, str(data.organization_id), ids);
  });

  jobs.handle(QUEUES.receiptNumbers.name, async (data) => {
    if (!str(data.organization_id) || !str(data.payment_id)) return;
    if (!(await finishCallbackPayment(database.app, str(data.organization_id), str(data.payment_id), true))) throw new Error('payment not numbered yet');
  });

  const remindersTick = async (only?: string[]) => {
    const orgs = rowsOf<{ id: string; timezone: string | null }>(await database.db.execute(sql`
      select id, timezone from organizations ${only ? sql`where id = any(${`{${only.join(',')}}`}::text[])` : sql``} order by id`));
    let queued = 0;
    for (const org of orgs) {
      let now: { day: string; hour: number };
      try {
        now = opts.clock(org.timezone || 'Africa/Nairobi');
      } catch {
        now = opts.clock('Africa/Nairobi');
      }
      if (now.hour < REMINDER_HOUR) continue;
      const id = await jobs.sendNow(QUEUES.reminders.name, { organization_id: org.id, day: now.day }, { id: stableJobId(`reminders:${org.id}:${now.day}`) });
      if (id) queued += 1;
    }
    return queued;
  };
  jobs.handle(QUEUES.remindersTick.name, async () => {
    await remindersTick();
  });
  jobs.handle(QUEUES.reminders.name, async (data) => {
    const org = str(data.organization_id);
    const day = str(data.day);
    if (!org || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return;
    const run = await inScope(database.app, { tenant: org }, (tx) => runReminders(tx, org, day));
    if (run.written || run.no_phone) opts.log.info({ organization: org, day, ...run }, 'reminders written');
  });

  const sweep = () => sweepMessages(database.db, database.app);
  let timer: NodeJS.Timeout | null = null;
  return {
    jobs,
    remindersTick,
    sweep,
    async start() {
      await jobs.start();
      if (!opts.background) return;
      const every = Math.max(1, opts.sweepSeconds ?? 60) * 1000;
      const run = () => void sweep().catch((err: unknown) => opts.log.error({ err }, 'message sweep failed'));
      setTimeout(run, Math.min(every, 2000)).unref();
      timer = setInterval(run, every);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await jobs.stop();
    },
  };
}
