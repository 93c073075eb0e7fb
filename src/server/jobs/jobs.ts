import PgBoss from 'pg-boss';
import type { Database, Db } from '../db/client.js';
import { bossExecutor, txExecutor } from './adapter.js';
import { JOB_SCHEMA, type QueueName } from './install.js';

// The durable job queue (pg-boss 10, docs/stack.md): jobs live in the same database as the rows
// that cause them and are sent inside the same transaction (send(tx, …)), so a rolled-back write
// leaves no job and a committed one always has its job, even if the process dies right after.
// Handlers are registered by name; start() runs them in the background (the server), drain()
// runs whatever is due, here and now, until nothing is left (tests, scripts).

/**
 * Marks the jobs this OS process queued. drain() runs only those: test files share one PostgreSQL
 * database (npm run test:pg), and one file's drain must not send another file's messages.
 */
export const JOB_ORIGIN = `${process.pid}-${Math.random().toString(36).slice(2, 10)}`;

export type JobHandler = (data: Record<string, unknown>, job: { id: string; name: string }) => Promise<void>;

export interface SendOptions {
  /** Not before this time (a scheduled message, a retry's backoff). */
  startAfter?: Date;
  /** A job with this id already present makes this send a no-op (pg-boss inserts ON CONFLICT DO NOTHING). */
  id?: string;
}

export interface JobsOptions {
  /** Jobs a queue runs at once in the background (0: none; drain() still runs jobs). */
  workers?: number;
  /** pg-boss's cron schedules (the reminder tick) and its maintenance. */
  schedules?: Array<{ queue: QueueName; cron: string }>;
  log?: { error(obj: object, msg: string): void };
  pollingIntervalSeconds?: number;
}

export class Jobs {
  readonly boss: PgBoss;
  private readonly handlers = new Map<QueueName, JobHandler>();
  private readonly workerIds: string[] = [];
  private started = false;

  constructor(database: Database, private readonly options: JobsOptions = {}) {
    const db = bossExecutor(database);
    const common = { schema: JOB_SCHEMA, migrate: false, supervise: (options.workers ?? 0) > 0, schedule: !!options.schedules?.length };
    this.boss = db ? new PgBoss({ ...common, db }) : new PgBoss({ ...common, connectionString: database.url, max: 4 });
    this.boss.on('error', (err) => options.log?.error({ err }, 'job queue error'));
  }

  /** The function that runs a queue's jobs (one job at a time per worker; a throw fails the job, pg-boss retries it). */
  handle(queue: QueueName, handler: JobHandler): void {
    this.handlers.set(queue, handler);
  }

  async start(): Promise<void> {
    if (this.started) return;
    await this.boss.start();
    this.started = true;
    for (const s of this.options.schedules ?? []) await this.boss.schedule(s.queue, s.cron);
    const workers = this.options.workers ?? 0;
    if (workers < 1) return;
    // One poller a queue, taking up to `workers` jobs at a time and running them together: the same
    // concurrency as `workers` pollers, which cost an idle server 16 polls a second for 4 queues.
    for (const [queue, handler] of this.handlers) {
      let workerId = '';
      workerId = await this.boss.work<Record<string, unknown>>(queue, { batchSize: workers, pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 1 }, async (jobs) => {
        // each job completes or fails (pg-boss retries it) alone, as it ends, not with its batch:
        // pg-boss's own completion of the batch then finds none still active
        await Promise.all(jobs.map(async (job) => {
          try {
            await handler(job.data ?? {}, { id: job.id, name: job.name });
            await this.boss.complete(queue, job.id);
          } catch (err) {
            await this.boss.fail(queue, job.id, failure(err));
          }
        }));
        // a full batch: more may be waiting, so look again at once rather than after the interval
        if (jobs.length === workers) this.boss.notifyWorker(workerId);
      });
      this.workerIds.push(workerId);
    }
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, timeout: 20_000, wait: true, close: true });
  }

  /** Inserts a job in the caller's transaction: it exists exactly when that transaction commits. */
  async send(tx: Db, queue: QueueName, data: Record<string, unknown>, options: SendOptions = {}): Promise<string | null> {
    const id = await this.boss.send(queue, { ...data, origin: JOB_ORIGIN }, {
      db: txExecutor(tx),
      ...(options.id ? { id: options.id } : {}),
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    });
    // after the caller's commit, a worker looks at once instead of at its next poll
    if (this.workerIds.length && !options.startAfter) setTimeout(() => this.nudge(), 20).unref();
    return id;
  }

  /** Inserts a job on its own (not tied to a business write: the reminder tick). */
  async sendNow(queue: QueueName, data: Record<string, unknown>, options: SendOptions = {}): Promise<string | null> {
    return this.boss.send(queue, { ...data, origin: JOB_ORIGIN }, { ...(options.id ? { id: options.id } : {}), ...(options.startAfter ? { startAfter: options.startAfter } : {}) });
  }

  /** Wakes the background workers (a job was just committed). */
  nudge(): void {
    for (const id of this.workerIds) this.boss.notifyWorker(id);
  }

  /**
   * Runs every due job of the given queues (all by default) that this process queued, here and
   * now, until none is left,
   * jobs added meanwhile included; returns how many ran. A failing job is failed (pg-boss
   * schedules its retry) and the error is returned with the others rather than thrown.
   */
  async drain(queues: QueueName[] = [...this.handlers.keys()]): Promise<{ ran: number; errors: unknown[] }> {
    let ran = 0;
    const errors: unknown[] = [];
    for (;;) {
      let found = 0;
      for (const queue of queues) {
        const handler = this.handlers.get(queue);
        if (!handler) continue;
        const jobs = await this.fetchMine(queue);
        for (const job of jobs ?? []) {
          found += 1;
          try {
            await handler(job.data ?? {}, { id: job.id, name: job.name });
            await this.boss.complete(queue, job.id);
          } catch (err) {
            errors.push(err);
            await this.boss.fail(queue, job.id, failure(err));
          }
        }
      }
      ran += found;
      if (!found) return { ran, errors };
    }
  }

  /** pg-boss's fetch (plans.js fetchNextJob), limited to this process's jobs. */
  private async fetchMine(queue: QueueName): Promise<Array<{ id: string; name: string; data: Record<string, unknown> | null }>> {
    const { rows } = await this.boss.getDb().executeSql(`
      with next as (
        select id from ${JOB_SCHEMA}.job
        where name = $1 and state < 'active' and start_after < now() and data->>'origin' = $2
        order by priority desc, created_on, id limit 20 for update skip locked)
      update ${JOB_SCHEMA}.job j set state = 'active', started_on = now(),
        retry_count = case when started_on is not null then retry_count + 1 else retry_count end
      from next where j.name = $1 and j.id = next.id
      returning j.id, j.name, j.data`, [queue, JOB_ORIGIN]);
    return rows as Array<{ id: string; name: string; data: Record<string, unknown> | null }>;
  }

  /** Jobs of a queue not yet finished (created, retry or active), due or not. */
  async pending(queue: QueueName): Promise<number> {
    return this.boss.getQueueSize(queue, { before: 'completed' });
  }
}

/** What a failed job keeps of its error (pg-boss stores it as the job's output). */
function failure(err: unknown): { message: string } {
  return { message: err instanceof Error ? err.message : String(err) };
}
