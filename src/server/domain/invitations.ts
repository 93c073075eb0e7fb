import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ulid } from 'ulid';
import type { RecordValues } from '../../shared/resource.js';
import { randomToken, sha256 } from '../auth/tokens.js';
import { inScope, rowsOf, type Db } from '../db/client.js';
import { invitations, memberships, organizations, roles, userRoles, users } from '../db/schema.js';
import { invalid, notFound } from '../errors.js';
import type { TenantContext } from '../tenancy.js';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const INVITATION_GONE = 'This invitation is no longer valid: it was withdrawn, already answered or has expired. Ask for a new one.';

type InvitationRow = typeof invitations.$inferSelect;

/**
 * An invitation as the users list shows it: only what the inviter typed, status `invited` (or
 * `expired`), so the answer is the same whether or not the email has an account anywhere.
 */
export const invitationView = (i: InvitationRow): RecordValues => ({
  id: i.id, name: i.name, email: i.email, phone: i.phone ?? null,
  status: i.expires_at.getTime() > Date.now() ? 'invited' : 'expired',
  role_ids: [...i.role_ids].sort(), created_at: i.created_at.toISOString(), expires_at: i.expires_at.toISOString(),
});

/** The organisation's invitation with this id, or null. */
export async function findInvitation(tx: Db, organizationId: string, id: string): Promise<InvitationRow | null> {
  const [row] = await tx.select().from(invitations).where(and(eq(invitations.organization_id, organizationId), eq(invitations.id, id)));
  return row ?? null;
}

export interface NewInvitation {
  email: string;
  name: string;
  phone: string | null;
  roleIds: string[];
}

/** What the invitation email needs; the token exists only here and in the email. */
export interface InvitationMail {
  token: string;
  email: string;
  name: string;
  organization: string;
  inviter: string;
}

async function mailFor(tx: Db, row: InvitationRow, token: string, inviterId: string): Promise<InvitationMail> {
  const [org] = await tx.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, row.organization_id));
  const [inviter] = await tx.select({ name: users.name }).from(users).where(eq(users.id, inviterId));
  return { token, email: row.email, name: row.name, organization: org?.name ?? '', inviter: inviter?.name ?? '' };
}

/**
 * Invites an email: it never looks the email's account up (the inviter learns nothing about it,
 * not even through timing). Refused only for what the inviter can already see: a member of this
 * organisation with that email, or an invitation to it still pending.
 */
export async function createInvitation(tx: Db, ctx: TenantContext, input: NewInvitation) {
  const [member] = rowsOf<{ id: string }>(await tx.execute(sql`select u.id from memberships m join users u on u.id = m.user_id
    where m.organization_id = ${ctx.organizationId} and u.email = ${input.email}`));
  if (member) throw invalid({ email: ['This person is already a member of the organisation.'] });
  const [pending] = await tx.select({ id: invitations.id }).from(invitations)
    .where(and(eq(invitations.organization_id, ctx.organizationId), eq(invitations.email, input.email)));
  if (pending) throw invalid({ email: ['This email is already invited: send the invitation again from the list, or revoke it.'] });
  const token = randomToken();
  const [row] = await tx.insert(invitations).values({
    organization_id: ctx.organizationId, id: ulid(), email: input.email, name: input.name, phone: input.phone,
    role_ids: [...new Set(input.roleIds)], token_hash: sha256(token), invited_by: ctx.userId,
    expires_at: new Date(Date.now() + INVITATION_TTL_MS),
  }).returning();
  return { record: invitationView(row), mail: await mailFor(tx, row, token, ctx.userId) };
}

/** A new link and seven more days; the old link stops working. */
export async function resendInvitation(tx: Db, ctx: TenantContext, id: string) {
  const token = randomToken();
  const [row] = await tx.update(invitations)
    .set({ token_hash: sha256(token), expires_at: new Date(Date.now() + INVITATION_TTL_MS), invited_by: ctx.userId })
    .where(and(eq(invitations.organization_id, ctx.organizationId), eq(invitations.id, id))).returning();
  if (!row) throw notFound();
  return { record: invitationView(row), mail: await mailFor(tx, row, token, ctx.userId) };
}

/** The live invitation a link's token opens, with its organisation's name: a guest has no organisation, the token is their scope (secure.ts). */
export async function invitationByToken(db: Db, token: string) {
  const hash = sha256(token);
  const [row] = await inScope(db, { invitation: hash }, (tx) => tx.select({ invitation: invitations, organization: organizations.name }).from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organization_id))
    .where(and(eq(invitations.token_hash, hash), sql`${invitations.expires_at} > now()`)));
  return row ?? null;
}

/** The live invitations addressed to a logged-in user's email (the user's scope shows no others). */
export function invitationsFor(db: Db, userId: string, email: string) {
  return inScope(db, { user: userId }, (tx) => tx.select({ invitation: invitations, organization_name: organizations.name })
    .from(invitations).innerJoin(organizations, eq(organizations.id, invitations.organization_id))
    .where(and(eq(invitations.email, email), sql`${invitations.expires_at} > now()`))
    .orderBy(organizations.name));
}

/**
 * Makes the user a member with the invitation's roles (those still existing) and uses the
 * invitation up. Deleting it first (with returning) settles a race between two acceptances.
 */
export async function acceptInvitation(tx: Db, invitation: InvitationRow, userId: string) {
  const used = await tx.delete(invitations)
    .where(and(eq(invitations.organization_id, invitation.organization_id), eq(invitations.id, invitation.id), sql`${invitations.expires_at} > now()`))
    .returning({ id: invitations.id });
  if (!used.length) throw invalid({ token: [INVITATION_GONE] });
  const [already] = await tx.select({ user_id: memberships.user_id }).from(memberships)
    .where(and(eq(memberships.organization_id, invitation.organization_id), eq(memberships.user_id, userId)));
  if (already) return;
  await tx.insert(memberships).values({ organization_id: invitation.organization_id, user_id: userId, status: 'active' });
  if (!invitation.role_ids.length) return;
  const live = await tx.select({ id: roles.id }).from(roles)
    .where(and(eq(roles.organization_id, invitation.organization_id), inArray(roles.id, invitation.role_ids)));
  if (live.length) await tx.insert(userRoles).values(live.map((r) => ({ organization_id: invitation.organization_id, user_id: userId, role_id: r.id })));
}

export async function dropInvitation(tx: Db, organizationId: string, id: string) {
  await tx.delete(invitations).where(and(eq(invitations.organization_id, organizationId), eq(invitations.id, id)));
}

/** Not awaited by the caller: a mail failure is logged, never an answer that differs. */
export function sendInvitation(req: FastifyRequest, mail: InvitationMail) {
  const app = req.server;
  const link = `${app.config.appUrl}/auth/invitation?token=${encodeURIComponent(mail.token)}`;
  const text = `Hello ${mail.name},\n\n${mail.inviter} invited you to join ${mail.organization} on Keja.\n\nOpen this link to accept or decline (it works for 7 days, once). If you have no Keja account yet, it lets you create one:\n\n${link}\n\nIf you did not expect this invitation, ignore this email: nothing changes until you accept.\n`;
  app.mailer.send({ to: mail.email, subject: `Invitation to join ${mail.organization} on Keja`, text })
    .catch((err) => req.log.error({ err }, 'invitation mail failed'));
}
