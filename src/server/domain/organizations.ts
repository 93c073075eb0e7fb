import { and, asc, eq } from 'drizzle-orm';
import { ulid } from 'ulid';
import { ADMINISTRATOR, BUILT_IN_ROLES } from '../../shared/permissions.js';
import { inScope, type Db } from '../db/client.js';
import { memberships, organizations, roles, userRoles } from '../db/schema.js';

export interface NewOrganization {
  name: string;
  email?: string | null;
  phone?: string | null;
  address?: string | null;
  kra_pin?: string | null;
}

/** What clients see of an organisation: never its settings (they may hold secrets). */
export const organizationView = {
  id: organizations.id,
  name: organizations.name,
  email: organizations.email,
  phone: organizations.phone,
  address: organizations.address,
  kra_pin: organizations.kra_pin,
  logo: organizations.logo,
  currency: organizations.currency,
  locale: organizations.locale,
  timezone: organizations.timezone,
  created_at: organizations.created_at,
};

/** Creates an organisation with the five built-in roles; the creator becomes its Administrator. */
export async function createOrganization(db: Db, creatorId: string, input: NewOrganization) {
  const id = ulid();
  return inScope(db, { tenant: id, user: creatorId }, async (tx) => {
    const [organization] = await tx
      .insert(organizations)
      .values({ id, name: input.name.trim(), email: input.email ?? null, phone: input.phone ?? null, address: input.address ?? null, kra_pin: input.kra_pin ?? null })
      .returning(organizationView);
    const roleRows = BUILT_IN_ROLES.map((r) => ({
      organization_id: id, id: ulid(), name: r.name, description: r.description, permissions: [...r.permissions], built_in: true,
    }));
    await tx.insert(roles).values(roleRows);
    await tx.insert(memberships).values({ organization_id: id, user_id: creatorId });
    const admin = roleRows.find((r) => r.name === ADMINISTRATOR)!;
    await tx.insert(userRoles).values({ organization_id: id, user_id: creatorId, role_id: admin.id });
    return organization;
  });
}

/** The organisations a user belongs to (their own memberships are visible to them through RLS). */
export function organizationsOf(db: Db, userId: string) {
  return inScope(db, { user: userId }, (tx) =>
    tx
      .select(organizationView)
      .from(memberships)
      .innerJoin(organizations, eq(organizations.id, memberships.organization_id))
      .where(and(eq(memberships.user_id, userId), eq(memberships.status, 'active')))
      .orderBy(asc(organizations.name)),
  );
}

export async function organizationOf(db: Db, userId: string, organizationId: string) {
  const [row] = await inScope(db, { user: userId }, (tx) =>
    tx
      .select(organizationView)
      .from(memberships)
      .innerJoin(organizations, eq(organizations.id, memberships.organization_id))
      .where(and(eq(memberships.user_id, userId), eq(memberships.organization_id, organizationId), eq(memberships.status, 'active'))),
  );
  return row ?? null;
}

/** The user's roles in an organisation (inside its scope). */
export function rolesOf(tx: Db, organizationId: string, userId: string) {
  return tx
    .select({ id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.organization_id, userRoles.organization_id), eq(roles.id, userRoles.role_id)))
    .where(and(eq(userRoles.organization_id, organizationId), eq(userRoles.user_id, userId)))
    .orderBy(asc(roles.name));
}
