import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope, type Database } from '../../../src/server/db/client.js';
import { QUEUES } from '../../../src/server/jobs/install.js';
import { Jobs } from '../../../src/server/jobs/jobs.js';
import { onPostgres, testDatabase } from '../helpers.js';

// The job queue's background workers: one poller a queue takes up to `workers` jobs at a time and
// runs them together; a job that throws fails alone; a backlog is worked through without waiting
// out the polling interval. PGlite only: a background worker takes any job of its queue, and the
// test files of a PostgreSQL run share one database (another file's jobs would be taken here).

const QUEUE = QUEUES.remindersTick.name; // retryLimit 0: a failed job stays failed, no retry to wait for
let database: Database;
const started: Jobs[] = [];

beforeAll(async () => {
  if (onPostgres()) return;
  database = await testDatabase();
});
afterAll(async () => {
  for (const jobs of started) await jobs.stop();
  await database?.close();
});

async function sendJobs(jobs: Jobs, n: number): Promise<string[]> {
  const ids: string[] = [];
  await inScope(database.db, {}, async (tx) => {
    for (let i = 0; i < n; i++) ids.push((await jobs.send(tx, QUEUE, { n: i }))!);
  });
  return ids;
}

async function states(jobs: Jobs, ids: string[]) {
  return Promise.all(ids.map(async (id) => {
    const job = await jobs.boss.getJobById<{ n: number }>(QUEUE, id, { includeArchive: true });
    return { n: job?.data.n, state: job?.state, output: job?.output };
  }));
}

async function until(what: () => Promise<boolean>, label: string) {
  for (let i = 0; i < 400; i++) {
    if (await what()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${label}`);
}

describe.skipIf(onPostgres())('background workers (PGlite)', () => {
  it('run a queue\'s jobs together, up to `workers` at once; each ends alone, as it ends, and one that throws fails alone', async () => {
    // a long interval: what runs here runs because a fetch found it, not because a poll came round
    const jobs = new Jobs(database, { workers: 3, pollingIntervalSeconds: 30 });
    const ids: string[] = [];
    let running = 0;
    let most = 0;
    const release: Array<() => void> = [];
    jobs.handle(QUEUE, async (data) => {
      running += 1;
      most = Math.max(most, running);
      // each job waits until three are running: they only all finish if they ran together
      await new Promise<void>((resolve) => { release.push(resolve); if (release.length === 3) release.splice(0).forEach((r) => r()); });
      // job 2 goes on only once job 0 is recorded completed: a job's end does not wait for its batch
      if (data.n === 2) await until(async () => (await states(jobs, [ids[0]]))[0].state === 'completed', 'job 0 completed while job 2 runs');
      running -= 1;
      if (data.n === 1) throw new Error('job 1 breaks');
    });
    ids.push(...await sendJobs(jobs, 3));
    await jobs.start();
    started.push(jobs);
    await until(async () => (await states(jobs, ids)).every((s) => s.state === 'completed' || s.state === 'failed'), 'the three jobs to end');
    expect(most).toBe(3);
    expect(await states(jobs, ids)).toEqual([
      { n: 0, state: 'completed', output: null },
      { n: 1, state: 'failed', output: { message: 'job 1 breaks' } },
      { n: 2, state: 'completed', output: null },
    ]);
    await jobs.stop();
  });

  it('work through a backlog batch after batch without waiting out the polling interval', async () => {
    const jobs = new Jobs(database, { workers: 2, pollingIntervalSeconds: 30 });
    const ran: number[] = [];
    jobs.handle(QUEUE, async (data) => {
      ran.push(Number(data.n));
    });
    // sent before the workers start, so no send wakes them: only the full batches' look-again does
    const ids = await sendJobs(jobs, 9);
    await jobs.start();
    started.push(jobs);
    // five fetches of at most two; with each after the 30 s interval this would take two minutes
    await until(async () => ran.length === 9, 'nine jobs to run');
    expect(ran.sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    await until(async () => (await states(jobs, ids)).every((s) => s.state === 'completed'), 'nine jobs completed');
    await jobs.stop();
  });
});
