import { and, desc, eq } from 'drizzle-orm';
import { ulid } from 'ulid';
import type { Db } from '../db/client.js';
import { personalAccessTokens, users } from '../db/schema.js';
import type { AuthUser } from './sessions.js';
import { randomToken, safeEqual, sha256 } from './tokens.js';

// Personal access tokens, Sanctum style: `Bearer <id>|<secret>`, only sha256(secret) stored.

export const tokenView = {
  id: personalAccessTokens.id,
  name: personalAccessTokens.name,
  abilities: personalAccessTokens.abilities,
  last_used_at: personalAccessTokens.last_used_at,
  expires_at: personalAccessTokens.expires_at,
  created_at: personalAccessTokens.created_at,
};

export async function createAccessToken(db: Db, userId: string, name: string, expiresAt: Date | null) {
  const id = ulid();
  const secret = randomToken(30);
  const [token] = await db
    .insert(personalAccessTokens)
    .values({ id, user_id: userId, name, token_hash: sha256(secret), expires_at: expiresAt })
    .returning(tokenView);
  return { token, plain_text_token: `${id}|${secret}` };
}

export function listAccessTokens(db: Db, userId: string) {
  return db.select(tokenView).from(personalAccessTokens).where(eq(personalAccessTokens.user_id, userId)).orderBy(desc(personalAccessTokens.created_at));
}

export async function revokeAccessToken(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(personalAccessTokens)
    .where(and(eq(personalAccessTokens.id, id), eq(personalAccessTokens.user_id, userId)))
    .returning({ id: personalAccessTokens.id });
  return rows.length > 0;
}

/** The user behind a bearer value, or null (unknown, wrong secret, expired, user disabled). */
export async function authenticateBearer(db: Db, bearer: string, now = new Date()): Promise<{ user: AuthUser; tokenId: string } | null> {
  const bar = bearer.indexOf('|');
  if (bar < 1) return null;
  const id = bearer.slice(0, bar);
  const secret = bearer.slice(bar + 1);
  const [row] = await db
    .select({
      token_hash: personalAccessTokens.token_hash,
      expires_at: personalAccessTokens.expires_at,
      user: {
        id: users.id, name: users.name, email: users.email, phone: users.phone, status: users.status,
        last_organization_id: users.last_organization_id,
      },
    })
    .from(personalAccessTokens)
    .innerJoin(users, eq(users.id, personalAccessTokens.user_id))
    .where(eq(personalAccessTokens.id, id));
  if (!row || !safeEqual(row.token_hash, sha256(secret))) return null;
  if (row.expires_at && row.expires_at <= now) return null;
  if (row.user.status !== 'active') return null;
  await db.update(personalAccessTokens).set({ last_used_at: now }).where(eq(personalAccessTokens.id, id));
  return { user: row.user, tokenId: id };
}
