import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ulid } from 'ulid';
import { users as usersResource } from '../../../resources/users.js';
import { ADMINISTRATOR } from '../../shared/permissions.js';
import type { RecordValues } from '../../shared/resource.js';
import { validateRecord } from '../../shared/resource-validate.js';
import { forgetSessions } from '../auth/sessions.js';
import { randomToken, sha256 } from '../auth/tokens.js';
import { rowsOf, type Db } from '../db/client.js';
import { memberships, organizations, passwordResets, roles, sessions, userRoles, users } from '../db/schema.js';
import { conflict, forbidden, invalid, notFound } from '../errors.js';
import { withTenant, type TenantContext } from '../tenancy.js';
import { parseListQuery, type Condition, type ListQuery } from './query-parser.js';
import { checkReferences } from './repository.js';
import { EXPORT_PAGE, registerExport, type Cursor } from './export.js';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const SORT_COLUMNS: Record<string, SQL> = { name: sql`u.name`, email: sql`u.email`, id: sql`u.id` };

function conditionSql(c: Condition, organizationId: string): SQL {
  if (c.kind === 'search') {
    const pattern = `%${c.text.replace(/[\\%_]/g, (x) => `\\${x}`)}%`;
    return sql`(u.name ilike ${pattern} or u.email ilike ${pattern})`;
  }
  if (c.kind !== 'eq') return sql`true`;
  const values = c.values.map(String);
  // one of no values (filter={"id":[]}, react-admin's getMany of nothing): no row, not `in ()`
  if (!values.length) return sql`false`;
  if (c.field === 'id') return sql`u.id in (${sql.join(values.map((v) => sql`${v}`), sql`, `)})`;
  if (c.field === 'status') return sql`m.status in (${sql.join(values.map((v) => sql`${v}`), sql`, `)})`;
  if (c.field === 'role_ids') {
    return sql`exists (select 1 from user_roles x where x.organization_id = ${organizationId} and x.user_id = u.id and x.role_id in (${sql.join(values.map((v) => sql`${v}`), sql`, `)}))`;
  }
  return sql`true`;
}

const selectMembers = (organizationId: string, where: SQL) => sql`
  select u.id, u.name, u.email, u.phone, m.status, m.created_at, u.updated_at,
    coalesce((select array_agg(ur.role_id order by ur.role_id) from user_roles ur
      where ur.organization_id = m.organization_id and ur.user_id = m.user_id), '{}') as role_ids
  from memberships m join users u on u.id = m.user_id
  where m.organization_id = ${organizationId} and ${where}`;

const view = (r: RecordValues) => ({
  id: r.id, name: r.name, email: r.email, phone: r.phone ?? null, status: r.status, role_ids: r.role_ids ?? [],
  created_at: r.created_at instanceof Date ? r.created_at.toISOString() : r.created_at,
});

/** A page of members after `last` in the list's order (name, email or id, then id): the CSV export's source. */
async function memberPage(tx: Db, organizationId: string, q: ListQuery, last: Cursor | null) {
  const where = q.conditions.length ? sql.join(q.conditions.map((c) => conditionSql(c, organizationId)), sql` and `) : sql`true`;
  const column = SORT_COLUMNS[q.sort.field] ?? sql`u.name`;
  const asc = q.sort.order === 'ASC';
  const dir = asc ? sql`asc` : sql`desc`;
  const past = asc ? sql`>` : sql`<`;
  const after = last ? sql`and (${column} ${past} ${String(last.value)} or (${column} = ${String(last.value)} and u.id ${past} ${last.id}))` : sql``;
  const rows = rowsOf<RecordValues & { id: string }>(await tx.execute(sql`${selectMembers(organizationId, where)} ${after}
    order by ${column} ${dir}, u.id ${dir} limit ${EXPORT_PAGE}`));
  return rows.map((r) => ({ ...view(r), id: String(r.id) }));
}

async function member(tx: Db, organizationId: string, id: string): Promise<RecordValues> {
  const [row] = rowsOf<RecordValues>(await tx.execute(selectMembers(organizationId, sql`u.id = ${id}`)));
  if (!row) throw notFound();
  return view(row);
}

/** Active members holding the Administrator role, other than `exceptUserId`. */
async function otherAdministrators(tx: Db, organizationId: string, exceptUserId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await tx.execute(sql`
    select count(*)::int as n from user_roles ur
    join roles r on r.organization_id = ur.organization_id and r.id = ur.role_id
    join memberships m on m.organization_id = ur.organization_id and m.user_id = ur.user_id
    where ur.organization_id = ${organizationId} and r.name = ${ADMINISTRATOR} and r.built_in and m.status = 'active' and ur.user_id <> ${exceptUserId}`));
  return row.n;
}

async function isAdministratorRole(tx: Db, organizationId: string, roleIds: string[]): Promise<boolean> {
  if (!roleIds.length) return false;
  const rows = await tx.select({ id: roles.id }).from(roles)
    .where(and(eq(roles.organization_id, organizationId), eq(roles.name, ADMINISTRATOR), eq(roles.built_in, true)));
  return rows.some((r) => roleIds.includes(r.id));
}

async function setRoles(tx: Db, organizationId: string, userId: string, roleIds: string[]) {
  await tx.delete(userRoles).where(and(eq(userRoles.organization_id, organizationId), eq(userRoles.user_id, userId)));
  if (roleIds.length) await tx.insert(userRoles).values([...new Set(roleIds)].map((role_id) => ({ organization_id: organizationId, user_id: userId, role_id })));
}

/** Losing the last active Administrator would lock everyone out of users, roles and settings. */
async function keepAnAdministrator(tx: Db, ctx: TenantContext, userId: string, stillAdmin: boolean) {
  if (stillAdmin) return;
  const current = await member(tx, ctx.organizationId, userId);
  if (!(await isAdministratorRole(tx, ctx.organizationId, current.role_ids as string[]))) return;
  if ((await otherAdministrators(tx, ctx.organizationId, userId)) === 0) {
    throw conflict('This is the last active Administrator: give the role to someone else first.');
  }
}

/** The organisation's members (docs/api.md dialect); creating one invites them by email. */
export async function userRoutes(app: FastifyInstance) {
  const tags = ['users'];

  app.get('/users', { schema: { tags, summary: "The organisation's members" } }, async (req, reply) => {
    const q = parseListQuery(usersResource, req.query as Record<string, unknown>);
    return withTenant(req, null, async (tx, ctx) => {
      if (!ctx.permissions.includes('list.user') && !(q.many && ctx.permissions.includes('show.user'))) throw forbidden();
      const where = q.conditions.length ? sql.join(q.conditions.map((c) => conditionSql(c, ctx.organizationId)), sql` and `) : sql`true`;
      const dir = q.sort.order === 'ASC' ? sql`asc` : sql`desc`;
      const [start, end] = q.range;
      const rows = rowsOf<RecordValues>(await tx.execute(sql`${selectMembers(ctx.organizationId, where)}
        order by ${SORT_COLUMNS[q.sort.field] ?? sql`u.name`} ${dir}, u.id ${dir} limit ${end - start + 1} offset ${start}`));
      const [{ n }] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from memberships m join users u on u.id = m.user_id where m.organization_id = ${ctx.organizationId} and ${where}`));
      reply.header('Content-Range', rows.length ? `users ${start}-${start + rows.length - 1}/${n}` : `users */${n}`);
      return rows.map(view);
    });
  });

  registerExport(app, usersResource, { page: memberPage });

  app.get('/users/:id', { schema: { tags, summary: 'One member' } }, (req) =>
    withTenant(req, null, async (tx, ctx) => {
      if (!ctx.permissions.includes('show.user') && !ctx.permissions.includes('edit.user')) throw forbidden();
      return member(tx, ctx.organizationId, (req.params as { id: string }).id);
    }));

  app.post('/users', { schema: { tags, summary: 'Invite a member by email', body: { type: 'object', additionalProperties: true } } }, async (req, reply) => {
    const invitation = await withTenant(req, 'create.user', async (tx, ctx) => {
      const { values, errors } = validateRecord(usersResource, req.body, 'create');
      await checkReferences(tx, usersResource.fields, values, ctx.organizationId, errors);
      if (Object.keys(errors).length) throw invalid(errors);
      const email = String(values.email);
      const [existing] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.email, email));
      let userId: string;
      let token: string | null = null;
      if (existing) {
        const [already] = await tx.select({ user_id: memberships.user_id }).from(memberships)
          .where(and(eq(memberships.organization_id, ctx.organizationId), eq(memberships.user_id, existing.id)));
        if (already) throw invalid({ email: ['This person is already a member of the organisation.'] });
        userId = existing.id;
      } else {
        userId = ulid();
        await tx.insert(users).values({ id: userId, name: String(values.name), email, phone: (values.phone as string) ?? null });
        token = randomToken();
        await tx.insert(passwordResets).values({ id: ulid(), user_id: userId, token_hash: sha256(token), purpose: 'invitation', expires_at: new Date(Date.now() + INVITATION_TTL_MS) });
      }
      await tx.insert(memberships).values({ organization_id: ctx.organizationId, user_id: userId, status: String(values.status ?? 'active') as 'active' });
      await setRoles(tx, ctx.organizationId, userId, (values.role_ids as string[]) ?? []);
      const [org] = await tx.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, ctx.organizationId));
      return { record: await member(tx, ctx.organizationId, userId), token, email, name: existing?.name ?? String(values.name), organization: org.name };
    });
    sendInvitation(req, invitation);
    return reply.status(201).send(invitation.record);
  });

  app.put('/users/:id', { schema: { tags, summary: "Change a member's roles or status", body: { type: 'object', additionalProperties: true } } }, (req) =>
    withTenant(req, 'edit.user', async (tx, ctx) => {
      const id = (req.params as { id: string }).id;
      await member(tx, ctx.organizationId, id);
      const { values, errors } = validateRecord(usersResource, req.body, 'update');
      await checkReferences(tx, usersResource.fields, values, ctx.organizationId, errors);
      if (Object.keys(errors).length) throw invalid(errors);
      // name, email and phone belong to the person's account (which other organisations share): they change them themselves
      if (values.status === 'disabled' && id === ctx.userId) throw invalid({ status: ['You cannot disable yourself.'] });
      const roleIds = values.role_ids as string[] | undefined;
      const stillAdmin = values.status !== 'disabled' && (roleIds === undefined || (await isAdministratorRole(tx, ctx.organizationId, roleIds)));
      await keepAnAdministrator(tx, ctx, id, stillAdmin);
      if (roleIds !== undefined) await setRoles(tx, ctx.organizationId, id, roleIds);
      if (values.status) {
        await tx.update(memberships).set({ status: values.status as 'active' | 'disabled' })
          .where(and(eq(memberships.organization_id, ctx.organizationId), eq(memberships.user_id, id)));
        // disabling ends the sessions working in this organisation
        if (values.status === 'disabled') {
          forgetSessions();
          await tx.delete(sessions).where(and(eq(sessions.user_id, id), eq(sessions.active_organization_id, ctx.organizationId)));
        }
      }
      return member(tx, ctx.organizationId, id);
    }));

  app.delete('/users/:id', { schema: { tags, summary: 'Remove a member from the organisation' } }, (req) =>
    withTenant(req, 'delete.user', async (tx, ctx) => {
      const id = (req.params as { id: string }).id;
      const record = await member(tx, ctx.organizationId, id);
      if (id === ctx.userId) throw conflict('You cannot remove yourself from the organisation.');
      await keepAnAdministrator(tx, ctx, id, false);
      await tx.delete(memberships).where(and(eq(memberships.organization_id, ctx.organizationId), eq(memberships.user_id, id)));
      forgetSessions();
      await tx.delete(sessions).where(and(eq(sessions.user_id, id), eq(sessions.active_organization_id, ctx.organizationId)));
      return record;
    }));
}

function sendInvitation(req: FastifyRequest, inv: { token: string | null; email: string; name: string; organization: string }) {
  const app = req.server;
  const text = inv.token
    ? `Hello ${inv.name},\n\nYou have been invited to ${inv.organization} on Keja. Choose your password here (the link works for 7 days):\n\n${app.config.appUrl}/auth/callback?token=${encodeURIComponent(inv.token)}&email=${encodeURIComponent(inv.email)}\n`
    : `Hello ${inv.name},\n\nYou now have access to ${inv.organization} on Keja. Log in as usual at ${app.config.appUrl}/auth/login and switch to it from the organisation menu.\n`;
  app.mailer.send({ to: inv.email, subject: `You have been invited to ${inv.organization} on Keja`, text })
    .catch((err) => req.log.error({ err }, 'invitation mail failed'));
}
