import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { inScope, type Db } from '../db/client.js';
import { memberships, sessions, users } from '../db/schema.js';
import { randomToken, sha256 } from './tokens.js';

export const SESSION_COOKIE = 'keja_session';

export const IDLE_TIMEOUT_MS = 2 * 60 * 60 * 1000;
export const LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export const REMEMBER_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** Writing last activity on every request would cost a write per read; a minute is precise enough for a 2 h idle timeout. */
export const TOUCH_AFTER_MS = 60 * 1000;

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  status: string;
  last_organization_id: string | null;
}

export const publicUser = (u: AuthUser) => ({ id: u.id, name: u.name, email: u.email, phone: u.phone, status: u.status });

export interface SessionRecord {
  id: string;
  active_organization_id: string | null;
  remember: boolean;
  last_activity_at: Date;
  expires_at: Date;
}

const userColumns = {
  id: users.id, name: users.name, email: users.email, phone: users.phone, status: users.status,
  last_organization_id: users.last_organization_id,
};

type Found = { session: SessionRecord; user: AuthUser };
/** A found session; `cached` when it came from this process's cache and must still be confirmed (see above). */
export type FoundSession = Found & { hash: string; cached: boolean };

/**
 * A short in-process cache of session lookups: a list request otherwise spends a round trip (and
 * about a sixth of its time) reading the same session row again. An entry lives SESSION_CACHE_MS
 * and is used only while the session needs no touch (TOUCH_AFTER_MS) and is not expired, so idle
 * timeout and lifetime hold exactly.
 *
 * A cached session is never trusted alone. Only routes marked `config: { tenantScoped: true }`
 * (app.ts: the ones whose handlers all run in withTenant) take it, and withTenant's opening round
 * trip checks that the session row still exists and its user is still active, in the same
 * transaction as the work: a session ended by any process (logout, password change or reset, a
 * disabled user, a row deleted by hand) is refused by every process at its next request. Every
 * other route (GET /user, tokens, organisations, password) reads the row.
 *
 * Every change of sessions or of a user's access in this process also goes through
 * forgetSessions(), which empties the cache and stops it filling for QUIET_MS (the change may be
 * uncommitted yet, and a lookup racing it could otherwise cache the old row).
 * SESSION_CACHE_MS=0 turns the cache off.
 */
export const SESSION_CACHE_MS = Number(process.env.SESSION_CACHE_MS ?? 5_000);
const QUIET_MS = 10_000;
const MAX_ENTRIES = 10_000;
const sessionCache = new WeakMap<Db, Map<string, { at: number; epoch: number; found: Found }>>();
let epoch = 0;
let quietUntil = 0;

/** Forget every cached session (see above); call it whenever sessions or a user's access change. */
export function forgetSessions(): void {
  epoch++;
  quietUntil = Date.now() + QUIET_MS;
  // WeakMap cannot be cleared: entries of older epochs are refused on read instead
}

/** Tests: end the quiet period at once, so the next lookup is cached (no waiting in tests). */
export function settleSessionCache(): void {
  quietUntil = 0;
}

const copy = (f: Found): Found => ({ session: { ...f.session }, user: { ...f.user } });

function cached(db: Db, id: string, now: Date): Found | null {
  if (SESSION_CACHE_MS <= 0) return null;
  const entry = sessionCache.get(db)?.get(id);
  if (!entry || entry.epoch !== epoch || Date.now() - entry.at >= SESSION_CACHE_MS) return null;
  const { session } = entry.found;
  if (now.getTime() - session.last_activity_at.getTime() > TOUCH_AFTER_MS || session.expires_at <= now) return null;
  return copy(entry.found);
}

function keep(db: Db, id: string, found: Found, startedEpoch: number) {
  if (SESSION_CACHE_MS <= 0 || startedEpoch !== epoch || Date.now() < quietUntil) return;
  let map = sessionCache.get(db);
  if (!map) sessionCache.set(db, (map = new Map()));
  if (map.size >= MAX_ENTRIES) map.clear();
  map.set(id, { at: Date.now(), epoch, found: copy(found) });
}

/**
 * The session behind a cookie value, or null when unknown, idle too long, past its lifetime or its
 * user is disabled. With `cache`, a recent lookup may answer instead of the database: the caller
 * must then confirm the session (sessionLiveSql) in the transaction that does the work.
 */
export async function findSession(db: Db, raw: string, now = new Date(), options: { cache?: boolean } = {}): Promise<FoundSession | null> {
  const id = sha256(raw);
  const hit = options.cache ? cached(db, id, now) : null;
  if (hit) return { ...hit, hash: id, cached: true };
  const startedEpoch = epoch;
  const [row] = await db
    .select({
      session: {
        id: sessions.id, active_organization_id: sessions.active_organization_id, remember: sessions.remember,
        last_activity_at: sessions.last_activity_at, expires_at: sessions.expires_at,
      },
      user: userColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(eq(sessions.id, id));
  if (!row) return null;
  const idle = now.getTime() - row.session.last_activity_at.getTime() > IDLE_TIMEOUT_MS;
  if (idle || row.session.expires_at <= now || row.user.status !== 'active') {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (now.getTime() - row.session.last_activity_at.getTime() > TOUCH_AFTER_MS) {
    await db.update(sessions).set({ last_activity_at: now }).where(eq(sessions.id, id));
    row.session.last_activity_at = now;
  }
  keep(db, id, row, startedEpoch);
  return { ...row, hash: id, cached: false };
}

/**
 * True while the session (by its stored hash) still exists, is within its lifetime and belongs to
 * an active user: a boolean SQL expression, to ride in a request's first query (tenancy.ts).
 */
export function sessionLiveSql(hash: string, userId: string) {
  return sql`exists (select 1 from ${sessions} s join ${users} u on u.id = s.user_id
    where s.id = ${hash} and s.user_id = ${userId} and u.status = 'active' and s.expires_at > now())`;
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select({ ...userColumns, password_hash: users.password_hash }).from(users).where(eq(users.email, email.trim().toLowerCase()));
  return row ?? null;
}

export async function findUser(db: Db, id: string): Promise<AuthUser | null> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id));
  return row ?? null;
}

/** The organisation a new session starts in: the last one used if still a member, else the oldest membership. */
async function startingOrganization(db: Db, user: AuthUser): Promise<string | null> {
  // memberships are a tenant table: a user sees their own only in a scope naming them
  const rows = await inScope(db, { user: user.id }, (tx) => tx
    .select({ organization_id: memberships.organization_id })
    .from(memberships)
    .where(and(eq(memberships.user_id, user.id), eq(memberships.status, 'active')))
    .orderBy(sql`${memberships.organization_id} = ${user.last_organization_id ?? ''} desc`, memberships.created_at));
  return rows[0]?.organization_id ?? null;
}

/**
 * Cookies are Secure when this request came over https or the public address is https: behind a
 * TLS-terminating proxy without TRUST_PROXY the request itself looks like plain http.
 */
const secureCookies = (req: FastifyRequest) => req.protocol === 'https' || req.server.config.appUrl.startsWith('https://');

export function cookieOptions(req: FastifyRequest, maxAgeMs?: number) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secureCookies(req),
    ...(maxAgeMs ? { maxAge: Math.floor(maxAgeMs / 1000) } : {}),
  };
}

/** Sets the XSRF-TOKEN cookie bound to this session id (readable by scripts, as Sanctum's). */
export function issueCsrf(req: FastifyRequest, reply: FastifyReply, sid: string): string {
  return req.server.csrf.issue(req, reply, sid, { secure: secureCookies(req) });
}

/** A fresh guest session id: nothing is stored until someone logs in. */
export function startGuest(req: FastifyRequest, reply: FastifyReply): string {
  const sid = randomToken();
  reply.setCookie(SESSION_COOKIE, sid, cookieOptions(req));
  req.cookies[SESSION_COOKIE] = sid;
  issueCsrf(req, reply, sid);
  return sid;
}

/** Logs a user in: the old session (if any) is destroyed and a new id issued (ASVS 7.2.4). */
export async function startSession(db: Db, req: FastifyRequest, reply: FastifyReply, user: AuthUser, remember: boolean): Promise<void> {
  forgetSessions();
  const old = req.cookies[SESSION_COOKIE];
  if (old) await db.delete(sessions).where(eq(sessions.id, sha256(old)));
  const sid = randomToken();
  const now = new Date();
  const lifetime = remember ? REMEMBER_LIFETIME_MS : LIFETIME_MS;
  await db.insert(sessions).values({
    id: sha256(sid),
    user_id: user.id,
    active_organization_id: await startingOrganization(db, user),
    remember,
    ip: req.ip,
    user_agent: req.headers['user-agent']?.slice(0, 500) ?? null,
    created_at: now,
    last_activity_at: now,
    expires_at: new Date(now.getTime() + lifetime),
  });
  reply.setCookie(SESSION_COOKIE, sid, cookieOptions(req, remember ? lifetime : undefined));
  req.cookies[SESSION_COOKIE] = sid;
  issueCsrf(req, reply, sid);
}

export async function endSession(db: Db, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  forgetSessions();
  const old = req.cookies[SESSION_COOKIE];
  if (old) await db.delete(sessions).where(eq(sessions.id, sha256(old)));
  startGuest(req, reply);
}

/** Ends every session of a user, but the one given (password change keeps the current one). */
export async function endUserSessions(db: Db, userId: string, exceptRawSid?: string): Promise<void> {
  forgetSessions();
  const where = exceptRawSid
    ? and(eq(sessions.user_id, userId), ne(sessions.id, sha256(exceptRawSid)))
    : eq(sessions.user_id, userId);
  await db.delete(sessions).where(where);
}

export async function setActiveOrganization(db: Db, req: FastifyRequest, userId: string, organizationId: string): Promise<void> {
  forgetSessions();
  const raw = req.cookies[SESSION_COOKIE];
  if (raw && req.auth.via === 'session') {
    await db.update(sessions).set({ active_organization_id: organizationId }).where(eq(sessions.id, sha256(raw)));
    req.auth.activeOrganizationId = organizationId;
  }
  await db.update(users).set({ last_organization_id: organizationId }).where(eq(users.id, userId));
}
