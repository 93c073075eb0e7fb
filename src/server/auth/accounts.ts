// The account records behind the auth endpoints (routes/auth.ts): users, password-reset and
// invitation links, access tokens. The routes decide and answer; the SQL lives here.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { ulid } from 'ulid';
import type { Db } from '../db/client.js';
import { passwordResets, personalAccessTokens, users } from '../db/schema.js';
import { sha256 } from './tokens.js';

/** A new user, or null when the email is taken (the unique index decides a race). */
export async function insertUser(tx: Db, values: { name: string; email: string; passwordHash: string }) {
  const [created] = await tx.insert(users).values({ id: ulid(), name: values.name, email: values.email, password_hash: values.passwordHash })
    .onConflictDoNothing().returning();
  return created ?? null;
}

/** One login attempt at a time per email and address, across processes, until the transaction ends. */
export async function lockLoginAttempts(tx: Db, ip: string): Promise<void> {
  // per address, not per email and address: the address's budget across emails is counted too
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`login ${ip}`}, 0))`);
}

/** One live reset link per user: a new request replaces the old one. */
export async function replaceResetLink(tx: Db, userId: string, token: string, ttlMs: number): Promise<void> {
  await tx.delete(passwordResets).where(and(eq(passwordResets.user_id, userId), eq(passwordResets.purpose, 'reset')));
  await tx.insert(passwordResets).values({
    id: ulid(), user_id: userId, token_hash: sha256(token), purpose: 'reset', expires_at: new Date(Date.now() + ttlMs),
  });
}

/** The live reset (or invitation) record for a token and email, or null. */
export async function liveResetLink(db: Db, token: string, email: string) {
  const [row] = await db
    .select({ id: passwordResets.id, user_id: passwordResets.user_id, email: users.email })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.user_id))
    .where(and(eq(passwordResets.token_hash, sha256(token)), isNull(passwordResets.used_at), gt(passwordResets.expires_at, new Date())));
  return row && row.email === email.trim().toLowerCase() ? row : null;
}

/** Marks a link used; false when another request used it first. */
export async function useResetLink(tx: Db, id: string): Promise<boolean> {
  const used = await tx.update(passwordResets).set({ used_at: new Date() })
    .where(and(eq(passwordResets.id, id), isNull(passwordResets.used_at)))
    .returning({ id: passwordResets.id });
  return used.length > 0;
}

export async function passwordHashOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ password_hash: users.password_hash }).from(users).where(eq(users.id, userId));
  return row?.password_hash ?? null;
}

export async function setPassword(tx: Db, userId: string, passwordHash: string): Promise<void> {
  await tx.update(users).set({ password_hash: passwordHash, password_changed_at: new Date(), updated_at: new Date() }).where(eq(users.id, userId));
}

/** Every personal access token of the user (a recovered account keeps nothing its holder minted). */
export async function revokeAccessTokens(tx: Db, userId: string): Promise<void> {
  await tx.delete(personalAccessTokens).where(eq(personalAccessTokens.user_id, userId));
}
