import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ulid } from 'ulid';
import type { Db } from '../db/client.js';
import { authEvents } from '../db/schema.js';

export type AuthEvent =
  | 'login.succeeded' | 'login.failed' | 'logout' | 'register' | 'register.taken'
  | 'reset.requested' | 'reset.done' | 'password.changed';

export async function recordAuthEvent(
  db: Db,
  req: FastifyRequest,
  event: AuthEvent,
  who: { userId?: string | null; email?: string | null; details?: Record<string, unknown> } = {},
): Promise<void> {
  await db.insert(authEvents).values({
    id: ulid(),
    event,
    user_id: who.userId ?? null,
    email: who.email?.trim().toLowerCase() ?? null,
    ip: req.ip,
    user_agent: req.headers['user-agent']?.slice(0, 500) ?? null,
    details: who.details ?? null,
  });
}

/**
 * How many `event`s match in the last window, and when the oldest of them leaves it. The audit
 * log is the rate limiter's store: it is in the database (shared by every process) and written anyway.
 * `resetBy` events (a successful login) clear the count, as Laravel's limiter does.
 */
export async function recentEvents(
  db: Db,
  match: { event: AuthEvent; email?: string; ip: string; resetBy?: AuthEvent },
  windowSeconds: number,
): Promise<{ count: number; retryAfter: number }> {
  const since = sql`now() - make_interval(secs => ${windowSeconds})`;
  const conditions = [eq(authEvents.event, match.event), eq(authEvents.ip, match.ip), gt(authEvents.at, since)];
  if (match.email !== undefined) conditions.push(eq(authEvents.email, match.email.trim().toLowerCase()));
  if (match.resetBy) {
    conditions.push(sql`${authEvents.at} > coalesce((select max(r.at) from auth_events r where r.event = ${match.resetBy}
      and r.ip = ${match.ip} ${match.email !== undefined ? sql`and r.email = ${match.email.trim().toLowerCase()}` : sql``}), '-infinity')`);
  }
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      retryAfter: sql<number>`coalesce(extract(epoch from (min(${authEvents.at}) + make_interval(secs => ${windowSeconds}) - now())), 0)::float8`,
    })
    .from(authEvents)
    .where(and(...conditions));
  return { count: row.count, retryAfter: Math.ceil(row.retryAfter) };
}
