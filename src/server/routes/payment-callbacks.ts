import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/client.js';
import { suggestTenant } from '../domain/daraja/suggest.js';
import { notFound } from '../errors.js';
import { withTenant } from '../tenancy.js';
import { Nullable } from '../../shared/schema-helpers.js';

const Id = Type.Object({ id: Type.String({ maxLength: 64 }) });
const Callback = Type.Object({
  id: Type.String(),
  channel_id: Type.String(),
  kind: Type.String({ description: 'c2b_confirmation or stk_callback' }),
  trans_id: Type.String({ description: 'c2b_confirmation: the M-Pesa receipt (TransID); stk_callback: the CheckoutRequestID' }),
  body: Type.String({ description: 'The body exactly as Safaricom sent it' }),
  status: Type.String({ description: 'received, recorded or failed' }),
  payment_id: Nullable(Type.String()),
  error: Nullable(Type.String()),
  received_at: Type.String({ format: 'date-time' }),
  processed_at: Nullable(Type.String({ format: 'date-time' })),
});
const Suggestion = Type.Object({
  suggestion: Type.Union([Type.Object({
    tenant_id: Type.String(), tenant_name: Type.String(), lease_id: Type.String(), house_id: Type.String(),
    account_code: Type.String(), distance: Type.Integer({ description: 'Edits between what was typed and the account code (1 or 2)' }),
  }), Type.Null()]),
});

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v == null ? null : new Date(String(v)).toISOString());

/**
 * What Safaricom sent for a payment (the raw C2B confirmation and STK callback, read-only) and, for an unmatched
 * one, the tenant whose account code is closest to what the payer typed.
 */
export async function paymentCallbackRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['payments'];

  app.get('/payments/:id/callbacks', {
    schema: { tags, summary: 'The raw Daraja callbacks that recorded this payment (show.payment)', params: Id, response: { 200: Type.Object({ data: Type.Array(Callback) }) } },
  }, (req) => withTenant(req, 'show.payment', async (tx, ctx) => {
    const rows = rowsOf<Record<string, unknown>>(await tx.execute(sql`
      select id, channel_id, kind, trans_id, body, status, payment_id, error, received_at, processed_at
      from payment_callbacks where organization_id = ${ctx.organizationId} and payment_id = ${req.params.id}
      order by received_at, id`));
    return { data: rows.map((r) => ({ ...r, received_at: iso(r.received_at), processed_at: iso(r.processed_at) })) as never };
  }, { readOnly: true }));

  app.get('/payments/:id/suggestion', {
    schema: { tags, summary: 'For an unmatched payment: the tenant whose house account code is one or two edits from what was typed (assign.payment)', params: Id, response: { 200: Suggestion } },
  }, (req) => withTenant(req, 'assign.payment', async (tx, ctx) => {
    const [p] = rowsOf<{ status: string; account_reference: string | null }>(await tx.execute(sql`
      select status, account_reference from payments where organization_id = ${ctx.organizationId} and id = ${req.params.id}`));
    if (!p) throw notFound();
    if (p.status !== 'unmatched') return { suggestion: null };
    const s = await suggestTenant(tx, ctx.organizationId, p.account_reference);
    if (!s) return { suggestion: null };
    const [tenant] = rowsOf<{ name: string }>(await tx.execute(sql`select name from tenants where organization_id = ${ctx.organizationId} and id = ${s.tenant_id}`));
    return { suggestion: { ...s, tenant_name: tenant?.name ?? '' } };
  }, { readOnly: true }));
}
