import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../../db/client.js';
import { QUEUES } from '../../jobs/install.js';
import { currentJobs } from '../../jobs/registry.js';

/** Why a logged message never reached the phone (shown with it). */
export const LOGGED_NOTE = 'Written to the server log, not delivered: the SMS driver in Settings › SMS is "log".';

/** Messages per job. */
export const JOB_SIZE = 100;

const sendCollector = new AsyncLocalStorage<Map<string, { org: string; ids: string[]; startAfter?: Date }>>();

/**
 * Queues the job that sends these messages, in the caller's transaction (at their scheduled time
 * when given). Inside batchSends() the ids are gathered and queued together at the end.
 */
export async function enqueueSend(tx: Db, organizationId: string, ids: string[], startAfter?: Date | null): Promise<void> {
  if (!ids.length) return;
  const future = startAfter && startAfter.getTime() > Date.now() ? startAfter : undefined;
  const batch = sendCollector.getStore();
  if (batch) {
    const key = `${organizationId}|${future?.toISOString() ?? ''}`;
    const entry = batch.get(key) ?? { org: organizationId, ids: [], startAfter: future };
    entry.ids.push(...ids);
    batch.set(key, entry);
    return;
  }
  const jobs = currentJobs();
  if (!jobs) return;
  for (let i = 0; i < ids.length; i += JOB_SIZE) {
    await jobs.send(tx, QUEUES.send.name, { organization_id: organizationId, ids: ids.slice(i, i + JOB_SIZE) }, { startAfter: future });
  }
}

/** Runs fn with every enqueueSend of it gathered into jobs of JOB_SIZE (a bulk send: 20 jobs, not 2,000). */
export async function batchSends<T>(tx: Db, fn: () => Promise<T>): Promise<T> {
  const batch = new Map<string, { org: string; ids: string[]; startAfter?: Date }>();
  const result = await sendCollector.run(batch, fn);
  for (const entry of batch.values()) await enqueueSend(tx, entry.org, entry.ids, entry.startAfter);
  return result;
}

