import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { eq } from 'drizzle-orm';
import { createAccessToken, listAccessTokens, revokeAccessToken } from '../auth/access-tokens.js';
import { verifyPassword } from '../auth/passwords.js';
import { users } from '../db/schema.js';
import { invalidField, notFound } from '../errors.js';
import { requireUser } from '../plugins/auth.js';
import { AccessToken, NewAccessToken, NoContent } from './account-schemas.js';

/** The caller's own personal access tokens. */
export async function tokenRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;

  app.get('/user/tokens', { schema: { tags: ['tokens'], summary: 'List your personal access tokens', response: { 200: Type.Array(AccessToken) } } }, async (req) => {
    const user = requireUser(req);
    return listAccessTokens(db, user.id);
  });

  app.post('/user/tokens', {
    schema: {
      tags: ['tokens'],
      summary: 'Create a personal access token; the plain text is shown once',
      description: 'Asks for the account password: a token outlives the session and a password change, so a stolen session cookie alone must not be enough to mint one. A password reset revokes every token.',
      body: Type.Object({
        name: Type.String({ minLength: 1, maxLength: 255 }),
        password: Type.String({ maxLength: 1024 }),
        expires_at: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
      }),
      response: { 201: NewAccessToken },
    },
  }, async (req, reply) => {
    const user = requireUser(req);
    const [row] = await db.select({ password_hash: users.password_hash }).from(users).where(eq(users.id, user.id));
    if (!(await verifyPassword(row?.password_hash, req.body.password))) throw invalidField('password', 'The password is incorrect.');
    const expiresAt = req.body.expires_at ? new Date(req.body.expires_at) : null;
    if (expiresAt && expiresAt <= new Date()) throw invalidField('expires_at', 'The expires at field must be a date in the future.');
    return reply.status(201).send(await createAccessToken(db, user.id, req.body.name.trim(), expiresAt));
  });

  app.delete('/user/tokens/:id', {
    schema: { tags: ['tokens'], summary: 'Revoke one of your tokens', params: Type.Object({ id: Type.String({ maxLength: 64 }) }), response: { 204: NoContent } },
  }, async (req, reply) => {
    const user = requireUser(req);
    if (!(await revokeAccessToken(db, user.id, req.params.id))) throw notFound('Token not found.');
    return reply.status(204).send();
  });
}
