import PgBoss from 'pg-boss';

// pg-boss's tables live in the same database, schema `pgboss`, created with the migrations (so a
// test database dumped once has them) rather than at each start. The application role writes jobs
// inside its own transactions (a message and its job commit together), so it may insert jobs
// and read the queue table pg-boss's insert joins; everything else stays the owner's.

export const JOB_SCHEMA = 'pgboss';

/** Every queue the server uses, with its pg-boss options (retries here are for a handler that crashed). */
export const QUEUES = {
  /** { organization_id, ids }: claim, send outside any transaction, record (domain/messaging/dispatch.ts). */
  send: { name: 'messages-send', retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 900 },
  /** { organization_id }: receipt numbers for payments a callback recorded, should its own numbering not have run (domain/payments/receipt-numbers.ts). */
  receiptNumbers: { name: 'receipt-numbers', retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 300 },
  /** The hourly tick of the reminder schedule (domain/messaging/reminders.ts). */
  remindersTick: { name: 'reminders-tick', retryLimit: 0, expireInSeconds: 600 },
  /** { organization_id, day }: one organisation's reminders of one day; its id makes it once per day. */
  reminders: { name: 'reminders-org', retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 900 },
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES]['name'];

type Run = (sql: string) => Promise<unknown>;
type Ask = (sql: string) => Promise<Array<Record<string, unknown>>>;

/** Creates pg-boss's schema when absent, the queues, and the application role's grants. Idempotent. */
export async function installJobSchema(run: Run, ask: Ask, appRole: string): Promise<void> {
  const [found] = await ask(`select to_regclass('${JOB_SCHEMA}.version') is not null as installed`);
  if (!found?.installed) await run(PgBoss.getConstructionPlans(JOB_SCHEMA));
  for (const q of Object.values(QUEUES)) {
    const { name, ...options } = q;
    const json = JSON.stringify({ policy: 'standard', ...options }).replace(/'/g, "''");
    await run(`select ${JOB_SCHEMA}.create_queue('${name}', '${json}'::json)`);
  }
  await run(`
    grant usage on schema ${JOB_SCHEMA} to ${appRole};
    grant select on ${JOB_SCHEMA}.queue to ${appRole};
    grant select, insert on ${JOB_SCHEMA}.job to ${appRole};`);
}
