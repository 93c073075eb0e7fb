// Bulk send of 10,000 SMS end to end (issue 10): the real app on PostgreSQL with its job queue
// workers (JOB_WORKERS, 4), the organisation on the Africa's Talking driver pointed at the fake AT
// over HTTP. The 10,000 personalised messages and their jobs are written in one transaction, as
// POST /messages/send writes them; the clock runs from that commit until every message is sent.
// Reported: messages per second end to end, and the share of the workers' time spent outside the
// provider call (claiming, recording, the queue), Σ provider time ÷ (wall time × workers) being
// the rest.
//
// `npm run bench -- bulk-send` or `npx tsx bench/bulk-send.ts`. Environment:
// BENCH_BULK_DATABASE_URL (postgres://postgres@127.0.0.1:5432/keja_bench_bulk, created if missing),
// BENCH_BULK_MESSAGES (10000; BENCH_SHORT=1: 1000), JOB_WORKERS (4).
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { ensureDatabase } from './ensure-database.js';
import { ulid } from 'ulid';
import { startFakeAfricasTalking, FAKE_AT_API_KEY, FAKE_AT_USERNAME } from '../src/dev/fake-africastalking.js';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { inScope, openDatabase, rowsOf } from '../src/server/db/client.js';
import { batchSends, enqueueSend } from '../src/server/domain/messaging/enqueue.js';
import { configureMessaging, messagingServices } from '../src/server/domain/messaging/services.js';
import { seedOrganization } from '../tests/server/domain/billing/seed.js';

const url = process.env.BENCH_BULK_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/keja_bench_bulk';
const TOTAL = Number(process.env.BENCH_BULK_MESSAGES || (process.env.BENCH_SHORT === '1' ? 1000 : 10_000));
const WORKERS = Number(process.env.JOB_WORKERS || 4);

export interface BulkSendFigures {
  messages: number; seconds: number; perSecond: number; outsideShare: number; requests: number;
  /** Messages that ended neither sent nor delivered (a broken run, not a slow one). */
  failed: number;
}

export async function benchBulkSend(log: (line: string) => void = console.log): Promise<BulkSendFigures> {
  await ensureDatabase(url);
  const fake = await startFakeAfricasTalking();
  const database = await openDatabase({ databaseUrl: url });
  const org = await seedOrganization(database.db, 1, { start: '2026-01-01', charge: 500 });
  await database.db.execute(sql`update organizations set settings = settings || ${JSON.stringify({ sms_driver: 'africastalking', africastalking_username: FAKE_AT_USERNAME, africastalking_api_key: FAKE_AT_API_KEY })}::jsonb where id = ${org}`);
  await database.db.execute(sql`insert into sms_credits (organization_id, id, kind, credits, date) values (${org}, ${ulid()}, 'top_up', ${TOTAL * 2}, '2026-05-01')`);
  const config = loadConfig({}, { databaseUrl: url, appKey: 'bench-app-key-0123456789', logLevel: 'error', webDir: '/nonexistent', africasTalkingUrl: fake.url, jobWorkers: WORKERS, demo: false });
  const app = await buildApp({ config, database }, { logger: false });
  // the provider's share: every AT request timed where the worker waits for it
  let providerMs = 0;
  const services = messagingServices()!;
  const at = services.smsDrivers.africastalking;
  configureMessaging({
    ...services,
    smsDrivers: {
      ...services.smsDrivers,
      africastalking: (account) => {
        const d = at(account);
        return { ...d, sendBatch: async (list) => {
          const t0 = performance.now();
          try { return await d.sendBatch!(list); } finally { providerMs += performance.now() - t0; }
        } };
      },
    },
  });
  await inScope(database.app, { tenant: org }, (tx) => batchSends(tx, async () => {
    const ids: string[] = [];
    const values = [];
    for (let i = 0; i < TOTAL; i++) {
      const id = ulid();
      ids.push(id);
      values.push(sql`(${org}, ${id}, 'sms', 'number', ${`+2547${String(10_000_000 + i).slice(-8)}`}, ${`Habari mpangaji ${i}, maji yatakatika kesho asubuhi saa tatu.`}, 'queued', 1, 1)`);
      if (values.length === 1000 || i === TOTAL - 1) {
        await tx.execute(sql`insert into messages (organization_id, id, channel, recipient_type, "to", body, status, segments, credits) values ${sql.join(values, sql`, `)}`);
        values.length = 0;
      }
    }
    await enqueueSend(tx, org, ids);
  }));
  const t0 = performance.now();
  app.jobs.nudge();
  for (;;) {
    const [row] = rowsOf<{ open: number }>(await database.db.execute(sql`
      select count(*)::int as open from messages where organization_id = ${org} and status in ('queued', 'sending')`));
    if (!Number(row.open)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const seconds = (performance.now() - t0) / 1000;
  const statuses = rowsOf<{ status: string; n: number }>(await database.db.execute(sql`select status, count(*)::int as n from messages where organization_id = ${org} group by status`));
  await app.close();
  await database.close();
  await fake.close();
  const outsideShare = 1 - providerMs / 1000 / (seconds * WORKERS);
  const failed = statuses.filter((x) => x.status !== 'sent' && x.status !== 'delivered').reduce((t, x) => t + Number(x.n), 0);
  const figures = { messages: TOTAL, seconds, perSecond: TOTAL / seconds, outsideShare, requests: fake.requests, failed };
  log('');
  log(`Bulk send, ${TOTAL} personalised SMS to the fake Africa's Talking, ${WORKERS} workers`);
  log(`  ${figures.perSecond.toFixed(0)} messages/s end to end (${seconds.toFixed(1)} s from the commit to the last result; ${fake.requests} provider requests; ${statuses.map((s) => `${s.n} ${s.status}`).join(', ')})`);
  log(`  time outside the provider call: ${(outsideShare * 100).toFixed(0)} % of the workers' time (provider ${(providerMs / 1000).toFixed(1)} s of ${(seconds * WORKERS).toFixed(1)} worker-seconds)`);
  return figures;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchBulkSend().then(() => process.exit(0), (err) => { console.error(err); process.exit(1); });
}
