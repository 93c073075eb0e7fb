import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { sql } from 'drizzle-orm';
import { ulid } from 'ulid';
import { recordAuthEvent } from '../auth/audit.js';
import { hashPassword, passwordProblems } from '../auth/passwords.js';
import { findUserByEmail, publicUser, setActiveOrganization, startSession } from '../auth/sessions.js';
import { inScope, rowsOf, type Db } from '../db/client.js';
import { users } from '../db/schema.js';
import { acceptInvitation, dropInvitation, INVITATION_GONE, invitationByToken, invitationsFor } from '../domain/invitations.js';
import { invalid, invalidField, notFound } from '../errors.js';
import { requireUser } from '../plugins/auth.js';

const tags = ['invitations'];
const Token = Type.String({ minLength: 1, maxLength: 200 });
const Organization = Type.Object({ id: Type.String(), name: Type.String() });
const Message = Type.Object({ message: Type.String() });
const Pending = Type.Object({ id: Type.String(), organization: Organization, expires_at: Type.String() });
const Joined = Type.Object({
  message: Type.String(), organization: Organization,
  /** Set when the link created the account (and logged it in); null for an existing account. */
  user: Type.Union([Type.Object({ id: Type.String(), name: Type.String(), email: Type.String() }), Type.Null()]),
});

/**
 * The invited person's side (issue 12): a logged-in user sees and answers the invitations
 * addressed to their email; a guest answers one with the emailed link's token. Nothing here
 * runs in an organisation's scope until the invitation names which one.
 */
export async function invitationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;

  /** The caller's own live invitation with this id (404 for anyone else's). */
  async function ownInvitation(userId: string, email: string, id: string) {
    const row = (await invitationsFor(db, userId, email)).find((r) => r.invitation.id === id);
    if (!row) throw notFound('Invitation not found.');
    return row.invitation;
  }

  app.get('/user/invitations', {
    schema: { tags, summary: 'The live invitations addressed to your email', response: { 200: Type.Array(Pending) } },
  }, async (req) => {
    const user = requireUser(req);
    const rows = await invitationsFor(db, user.id, user.email);
    return rows.map((r) => ({ id: r.invitation.id, organization: { id: r.invitation.organization_id, name: r.organization_name }, expires_at: r.invitation.expires_at.toISOString() }));
  });

  app.post('/user/invitations/:id/accept', {
    schema: { tags, summary: 'Accept an invitation: you become a member with the roles it names', params: Type.Object({ id: Type.String({ maxLength: 64 }) }), response: { 200: Type.Object({ organization: Organization }) } },
  }, async (req) => {
    const user = requireUser(req);
    const invitation = await ownInvitation(user.id, user.email, req.params.id);
    return inScope(db, { tenant: invitation.organization_id, user: user.id }, async (tx) => {
      await acceptInvitation(tx, invitation, user.id);
      return { organization: await organizationName(tx, invitation.organization_id) };
    });
  });

  app.post('/user/invitations/:id/decline', {
    schema: { tags, summary: 'Decline an invitation', params: Type.Object({ id: Type.String({ maxLength: 64 }) }), response: { 200: Message } },
  }, async (req) => {
    const user = requireUser(req);
    const invitation = await ownInvitation(user.id, user.email, req.params.id);
    await inScope(db, { tenant: invitation.organization_id, user: user.id }, (tx) => dropInvitation(tx, invitation.organization_id, invitation.id));
    return { message: 'The invitation is declined.' };
  });

  app.post('/invitations/lookup', {
    schema: {
      tags, summary: "What an invitation link is for, before answering it: the organisation, the email, whether it has an account",
      body: Type.Object({ token: Token }),
      response: { 200: Type.Object({ organization: Type.Object({ name: Type.String() }), email: Type.String(), name: Type.String(), account: Type.Boolean(), expires_at: Type.String() }) },
    },
  }, async (req) => {
    const found = await invitationByToken(db, req.body.token);
    if (!found) throw invalidField('token', INVITATION_GONE);
    // the link's holder controls the email, so telling them whether it has an account reveals nothing new
    const account = await findUserByEmail(db, found.invitation.email);
    return {
      organization: { name: found.organization }, email: found.invitation.email, name: found.invitation.name,
      account: !!account, expires_at: found.invitation.expires_at.toISOString(),
    };
  });

  app.post('/invitations/accept', {
    schema: {
      tags, summary: 'Accept an invitation with the emailed link; for an email without an account, name and password create it and log it in',
      body: Type.Object({
        token: Token,
        name: Type.Optional(Type.String({ maxLength: 255 })),
        password: Type.Optional(Type.String({ maxLength: 1024 })),
        password_confirmation: Type.Optional(Type.String({ maxLength: 1024 })),
      }),
      response: { 200: Joined },
    },
  }, async (req, reply) => {
    const found = await invitationByToken(db, req.body.token);
    if (!found) throw invalidField('token', INVITATION_GONE);
    const { invitation } = found;
    const existing = await findUserByEmail(db, invitation.email);
    const organization = { id: invitation.organization_id, name: found.organization };
    if (existing) {
      await inScope(db, { tenant: invitation.organization_id, user: existing.id }, (tx) => acceptInvitation(tx, invitation, existing.id));
      return { message: `You joined ${found.organization}. Log in to start.`, organization, user: null };
    }
    const name = req.body.name?.trim() ?? '';
    const errors: Record<string, string[]> = {};
    if (!name) errors.name = ['The name field is required.'];
    const problems = passwordProblems(req.body.password ?? '', req.body.password_confirmation ?? '');
    if (problems.length) errors.password = problems;
    if (Object.keys(errors).length) throw invalid(errors);
    const passwordHash = await hashPassword(req.body.password ?? '');
    const userId = ulid();
    const user = await inScope(db, { tenant: invitation.organization_id, user: userId }, async (tx) => {
      // the same email registering meanwhile: the unique index decides, this link then fails
      const [created] = await tx.insert(users).values({
        id: userId, name, email: invitation.email, phone: invitation.phone, password_hash: passwordHash, last_organization_id: invitation.organization_id,
      }).onConflictDoNothing().returning();
      if (!created) throw invalidField('token', INVITATION_GONE);
      await acceptInvitation(tx, invitation, userId);
      await startSession(tx, req, reply, created, false);
      await setActiveOrganization(tx, req, userId, invitation.organization_id);
      await recordAuthEvent(tx, req, 'register', { userId, email: invitation.email });
      return created;
    });
    const { id, name: userName, email } = publicUser(user);
    return { message: `You joined ${found.organization}.`, organization, user: { id, name: userName, email } };
  });

  app.post('/invitations/decline', {
    schema: { tags, summary: 'Decline an invitation with the emailed link', body: Type.Object({ token: Token }), response: { 200: Message } },
  }, async (req) => {
    const found = await invitationByToken(db, req.body.token);
    if (!found) throw invalidField('token', INVITATION_GONE);
    await inScope(db, { tenant: found.invitation.organization_id }, (tx) => dropInvitation(tx, found.invitation.organization_id, found.invitation.id));
    return { message: 'The invitation is declined.' };
  });
}

async function organizationName(tx: Db, organizationId: string) {
  const [row] = rowsOf<{ id: string; name: string }>(await tx.execute(sql`select id, name from organizations where id = ${organizationId}`));
  return row;
}
