import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PAYMENT_REQUEST_STATES, type PaymentRequestState } from '../../shared/payment-requests.js';
import { schedulerEnabled } from '../domain/billing/scheduler.js';
import { isLocalFake } from '../domain/daraja/client.js';
import { applyEarlyCallback } from '../domain/daraja/stk-callback.js';
import { startStkQueries, type StkQueries } from '../domain/daraja/stk-query.js';
import { draftRequest, listRequests, preparePush, readRequest, recordAnswer, sendPush } from '../domain/daraja/stk.js';
import { withTenant } from '../tenancy.js';

const Ulid = Type.String({ minLength: 1, maxLength: 64 });
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const Time = Type.String({ format: 'date-time' });
const Request = Type.Object({
  id: Type.String(),
  channel_id: Type.String(),
  tenant_id: Type.String(),
  lease_id: Nullable(Type.String()),
  invoice_id: Nullable(Type.String()),
  phone: Type.String({ description: '2547XXXXXXXX or 2541XXXXXXXX' }),
  amount: Type.String({ description: 'KES, whole shillings, e.g. "1500.00"' }),
  account_reference: Type.String({ description: 'The house’s account code, shown in the prompt' }),
  state: Type.Unsafe<PaymentRequestState>(Type.String({ enum: [...PAYMENT_REQUEST_STATES] })),
  merchant_request_id: Nullable(Type.String()),
  checkout_request_id: Nullable(Type.String()),
  result_code: Nullable(Type.String({ description: 'Safaricom’s ResultCode (or errorCode), as text' })),
  result_desc: Nullable(Type.String({ description: 'Safaricom’s own words' })),
  customer_message: Nullable(Type.String()),
  receipt: Nullable(Type.String({ description: 'The M-Pesa receipt number, once paid' })),
  payment_id: Nullable(Type.String()),
  requested_at: Time,
  answered_at: Nullable(Time),
  completed_at: Nullable(Time),
  queried_at: Nullable(Time),
});
const Draft = Type.Object({
  tenant_id: Type.String(), tenant_name: Type.String(), invoice_id: Nullable(Type.String()), invoice_number: Nullable(Type.String()),
  lease_id: Type.String(), balance: Type.String({ description: 'What is owed, exact' }),
  amount: Type.String({ description: 'The balance rounded up to whole shillings (at least 1)' }),
  phone: Type.String({ description: 'The tenant’s phone as Daraja takes it; empty when it is not a Kenyan mobile' }),
  channel_id: Type.String(), channel_name: Type.String(), account_reference: Type.String(),
});
const Who = Type.Object({
  tenant_id: Ulid,
  invoice_id: Type.Optional(Nullable(Ulid)),
  channel_id: Type.Optional(Nullable(Ulid)),
});
const Create = Type.Object({
  tenant_id: Ulid,
  invoice_id: Type.Optional(Nullable(Ulid)),
  channel_id: Type.Optional(Nullable(Ulid)),
  phone: Type.Optional(Nullable(Type.String({ maxLength: 25, description: 'Default: the tenant’s phone' }))),
  amount: Type.Optional(Nullable(Type.String({ maxLength: 20, pattern: '^\\s*\\d{1,9}(\\.\\d{1,2})?\\s*$', description: 'KES, whole shillings; default: the balance rounded up' }))),
}, { additionalProperties: false });
const ListQuery = Type.Object({ tenant_id: Type.Optional(Ulid), invoice_id: Type.Optional(Ulid) });

/**
 * "Request payment": an M-Pesa STK push to a tenant's phone (create.payment), its state
 * (show.payment / list.payment), and, in the background, the status query of a push whose
 * callback never came. Daraja is called between two short transactions, never inside one.
 */
export async function paymentRequestRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['payments'];
  const { config } = app;
  const opts = { appUrl: config.appUrl, demoFake: isLocalFake(config.demo, config.darajaUrl), darajaUrl: config.darajaUrl };

  let queries: StkQueries | null = null;
  app.addHook('onReady', async () => {
    if (!schedulerEnabled()) return;
    queries = startStkQueries(app.database.db, app.db, { ...opts, afterSeconds: config.stkQueryAfterSeconds }, (msg, err) => app.log.error({ err }, msg));
  });
  app.addHook('onClose', async () => queries?.stop());

  app.get('/payment-requests/draft', {
    schema: { tags, querystring: Who, response: { 200: Draft }, summary: 'What “Request payment” would ask for: the tenant’s phone, the balance (of the invoice, or the tenant’s), the channel and account code (create.payment)' },
  }, (req) => withTenant(req, 'create.payment', (tx, ctx) => draftRequest(tx, ctx.organizationId, req.query, opts), { readOnly: true }));

  app.post('/payment-requests', {
    schema: { tags, body: Create, response: { 201: Request }, summary: 'Send an M-Pesa STK push to the tenant’s phone; answers the request, sent or failed with Safaricom’s words (create.payment)' },
  }, async (req, reply) => {
    const push = await withTenant(req, 'create.payment', (tx, ctx) => preparePush(tx, ctx.organizationId, ctx.userId, req.body, opts));
    const answer = await sendPush(push);
    req.log.info({ request: push.requestId, outcome: answer.outcome, code: answer.code }, 'daraja stk push');
    await recordAnswer(app.db, push.organizationId, push.requestId, answer);
    if (answer.outcome === 'ok') await applyEarlyCallback(app.db, push.organizationId, push.requestId);
    const saved = await withTenant(req, 'create.payment', (tx, ctx) => readRequest(tx, ctx.organizationId, push.requestId), { readOnly: true });
    return reply.status(201).send(saved);
  });

  app.get('/payment-requests', {
    schema: { tags, querystring: ListQuery, response: { 200: Type.Object({ data: Type.Array(Request) }) }, summary: 'The newest payment requests (20), of a tenant or an invoice (list.payment)' },
  }, (req) => withTenant(req, 'list.payment', async (tx, ctx) => ({ data: await listRequests(tx, ctx.organizationId, req.query) }), { readOnly: true }));

  app.get('/payment-requests/:id', {
    schema: { tags, params: Type.Object({ id: Ulid }), response: { 200: Request }, summary: 'One payment request and its state (show.payment)' },
  }, (req) => withTenant(req, 'show.payment', (tx, ctx) => readRequest(tx, ctx.organizationId, req.params.id), { readOnly: true }));
}
