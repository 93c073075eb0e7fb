import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { logoBytes } from './logo.js';

/** How a tenant pays: the channel's kind and number (a paybill's shortcode, a till, a bank account). */
export interface PayTo {
  kind: string;
  name: string;
  number: string | null;
  bank_name: string | null;
}

/** What heads every document: the organisation as its settings describe it. */
export interface Letterhead {
  name: string;
  logo: Buffer | null;
  kra_pin: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  footer: string | null;
}

export async function loadLetterhead(tx: Db, organizationId: string): Promise<Letterhead> {
  const [o] = rowsOf<{ name: string; logo: string | null; kra_pin: string | null; address: string | null; phone: string | null; email: string | null; footer: string | null }>(await tx.execute(sql`
    select name, logo, kra_pin, address, phone, email, settings->>'statement_footer' as footer
    from organizations where id = ${organizationId}`));
  return {
    name: o?.name ?? '', logo: logoBytes(o?.logo), kra_pin: o?.kra_pin || null, address: o?.address || null,
    phone: o?.phone || null, email: o?.email || null, footer: o?.footer || null,
  };
}

/**
 * Where the tenant of a house pays: the property's payment channel, else the organisation's
 * default one (the settings' choice, else the channel flagged default). Null when there is none.
 */
export async function loadPayTo(tx: Db, organizationId: string, propertyId: string | null): Promise<PayTo | null> {
  const [c] = rowsOf<PayTo>(await tx.execute(sql`
    select c.kind, c.name, c.number, c.bank_name from payment_channels c
    where c.organization_id = ${organizationId} and c.id = coalesce(
      (select p.payment_channel_id from properties p where p.organization_id = ${organizationId} and p.id = ${propertyId}),
      (select nullif(o.settings->>'default_payment_channel_id', '') from organizations o where o.id = ${organizationId}),
      (select d.id from payment_channels d where d.organization_id = ${organizationId} and d.is_default order by d.id limit 1))`));
  return c ?? null;
}

/** The tenant's details a document prints. */
export interface TenantDetails {
  id: string;
  name: string;
  phone: string | null;
  email: string | null;
  kra_pin: string | null;
  id_number: string | null;
}

export async function loadTenant(tx: Db, organizationId: string, tenantId: string | null): Promise<TenantDetails | null> {
  if (!tenantId) return null;
  const [t] = rowsOf<TenantDetails>(await tx.execute(sql`
    select id, name, phone, email, kra_pin, id_number from tenants where organization_id = ${organizationId} and id = ${tenantId}`));
  return t ?? null;
}

/** A house as documents name it: number, property and the account code tenants type at M-Pesa. */
export interface HouseDetails {
  id: string;
  number: string;
  account_code: string;
  property_id: string | null;
  property: string | null;
}

export async function loadHouse(tx: Db, organizationId: string, houseId: string | null): Promise<HouseDetails | null> {
  if (!houseId) return null;
  const [h] = rowsOf<HouseDetails>(await tx.execute(sql`
    select h.id, h.number, h.account_code, h.property_id, p.name as property
    from houses h left join properties p on p.organization_id = h.organization_id and p.id = h.property_id
    where h.organization_id = ${organizationId} and h.id = ${houseId}`));
  return h ?? null;
}
