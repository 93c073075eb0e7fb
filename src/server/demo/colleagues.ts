// Step: the administrator's colleagues.
import { eq } from 'drizzle-orm';
import { ulid } from 'ulid';
import { users as usersResource } from '../../../resources/index.js';
import { validateRecord } from '../../shared/resource-validate.js';
import { checkReferences } from '../crud/repository.js';
import { memberships, roles, userRoles, users } from '../db/schema.js';
import { COLLEAGUES } from './data/people.js';
import type { DemoContext } from './context.js';

/** Colleagues who have already accepted their invitations: users row, active membership, roles; no password yet. */
export async function addColleagues(ctx: DemoContext) {
  const roleRows = await ctx.tx.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.organization_id, ctx.organizationId));
  for (const c of COLLEAGUES) {
    const role = roleRows.find((x) => x.name === c.role);
    if (!role) throw new Error(`demo data: no built-in role ${c.role}`);
    const input = { name: c.name, email: c.email, phone: ctx.phone(), status: 'active', role_ids: [role.id] };
    const { values, errors } = validateRecord(usersResource, input, 'create');
    await checkReferences(ctx.tx, usersResource.fields, values, ctx.organizationId, errors);
    if (Object.keys(errors).length) throw new Error(`demo data: users is not valid: ${JSON.stringify(errors)}`);
    const id = ulid();
    await ctx.tx.insert(users).values({ id, name: String(values.name), email: String(values.email), phone: (values.phone as string) ?? null });
    await ctx.tx.insert(memberships).values({ organization_id: ctx.organizationId, user_id: id, status: 'active' });
    await ctx.tx.insert(userRoles).values({ organization_id: ctx.organizationId, user_id: id, role_id: role.id });
    ctx.colleagues.set(c.role, id);
    ctx.colleaguePhones.set(c.role, String(values.phone));
  }
}
