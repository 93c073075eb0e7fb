import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { resourceByName } from '../../../resources/index.js';
import { getRecord } from '../crud/repository.js';
import { forbidden, invalidField, notFound } from '../errors.js';
import { withTenant } from '../tenancy.js';
import { waivePenalty } from '../domain/billing/adjust.js';
import { activateLease, endLease, giveNotice, leaseSettlement, previewEndLease } from '../domain/billing/lifecycle.js';
import { postPenalties } from '../domain/billing/penalties.js';
import { createBillingRun, executeBillingRun, getBillingRun, listBillingRuns, runView as rowView } from '../domain/billing/runs.js';
import { schedulerEnabled, startScheduler, type Scheduler } from '../domain/billing/scheduler.js';
import { latestBillable } from '../domain/billing/periods.js';
import { BillingRun, PenaltyResult } from '../../shared/money-report-shapes.js';
import { EndPreview, LeaseActivated, LeaseAnswer, LeaseEnded, LeaseSettlement, PenaltyWaived } from './answers.js';
import { recordRefund } from '../domain/billing/refund.js';
import { REFUND_LEASE } from '../../shared/permissions.js';

// format 'date': a real day, 1900–2199 (app.ts teaches the validator the product's calendar)
const IsoDate = Type.String({ format: 'date', description: 'YYYY-MM-DD' });
const Id = Type.Object({ id: Type.String({ maxLength: 64 }) });
const leases = resourceByName('leases')!;
// the stored status is one of BillingRun's four (the column is text)
const runView = (run: Parameters<typeof rowView>[0]) => rowView(run) as BillingRun;

/**
 * Billing (product.md 4.1–4.3): the lease lifecycle, billing runs with their progress, penalties
 * and their waiver. Each action is one transaction in the organisation's scope.
 */
export async function billingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['billing'];
  /** Runs answered 202 and still going: the app waits for them when it closes. */
  const running = new Set<Promise<unknown>>();

  app.post('/leases/:id/activate', {
    schema: { tags, summary: 'Activate a draft lease; bills its first (prorated) period at once', params: Id, response: { 200: LeaseActivated } },
  }, async (req) => withTenant(req, 'edit.lease', async (tx, ctx) => {
    const { invoice, period_note } = await activateLease(tx, ctx.organizationId, ctx.userId, req.params.id, req.server.today());
    return {
      lease: await getRecord(tx, leases, ctx.organizationId, req.params.id),
      invoice: invoice && { id: invoice.id, number: invoice.number, period_start: invoice.period_start },
      ...(period_note ? { period_note } : {}),
    };
  }));

  app.post('/leases/:id/notice', {
    schema: {
      tags, summary: 'Put an active lease on notice', params: Id,
      body: Type.Object({ notice_date: IsoDate, move_out_date: IsoDate }, { additionalProperties: false }),
      response: { 200: LeaseAnswer },
    },
  }, async (req) => withTenant(req, 'edit.lease', async (tx, ctx) => {
    await giveNotice(tx, ctx.organizationId, ctx.userId, req.params.id, req.body);
    return { lease: await getRecord(tx, leases, ctx.organizationId, req.params.id) };
  }));

  // amounts are decimal strings (a number is taken too); the domain checks them and names the field
  const Money = Type.Union([Type.String({ maxLength: 20 }), Type.Number()]);
  const Refund = Type.Object({
    amount: Type.Optional(Money), method: Type.String({ maxLength: 20 }), reference: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
    date: Type.String({ maxLength: 10, description: 'YYYY-MM-DD' }),
  }, { additionalProperties: false, description: 'The refund paid out to the tenant (refund.lease); amount defaults to everything refundable' });
  const EndBody = Type.Object({
    move_out_date: Type.Optional(IsoDate), apply_deposit_to_arrears: Type.Optional(Type.Boolean()),
    deductions: Type.Optional(Type.Array(Type.Object({
      category: Type.String({ maxLength: 20 }), description: Type.String({ maxLength: 200 }), amount: Money,
    }, { additionalProperties: false }), { maxItems: 50, description: 'Itemised deductions charged against the deposit (each a deduction line)' })),
    refund: Type.Optional(Refund),
  }, { additionalProperties: false });
  /** Paying money out needs its own permission on top of ending the lease. */
  const mayRefund = (body: { refund?: unknown } | undefined, permissions: string[]) => {
    if (body?.refund && !permissions.includes(REFUND_LEASE)) throw forbidden();
  };

  app.post('/leases/:id/end', {
    schema: {
      tags, summary: 'End a lease: stops billing, voids untouched future invoices, prorates the last period, charges the deductions and settles the deposit (with refund: records its payout, refund.lease)', params: Id,
      body: EndBody,
      response: { 200: LeaseEnded },
    },
  }, async (req) => withTenant(req, 'edit.lease', async (tx, ctx) => {
    mayRefund(req.body, ctx.permissions);
    const result = await endLease(tx, ctx.organizationId, ctx.userId, req.params.id, req.body ?? {});
    return { lease: await getRecord(tx, leases, ctx.organizationId, req.params.id), ...result };
  }));

  app.post('/leases/:id/refund', {
    schema: {
      tags, summary: 'Record the deposit refund paid out to the tenant of an ended lease (refund.lease); 422 naming refund.amount when more than is refundable',
      params: Id, body: Refund, response: { 200: LeaseSettlement },
    },
  }, async (req) => withTenant(req, REFUND_LEASE, async (tx, ctx) => {
    await recordRefund(tx, ctx.organizationId, ctx.userId, req.params.id, req.body);
    const settlement = await leaseSettlement(tx, ctx.organizationId, req.params.id);
    if (!settlement) throw notFound();
    return settlement;
  }));

  app.post('/leases/:id/end-preview', {
    schema: { tags, summary: 'What ending the lease would do (the settlement, the voided invoices), changing nothing', params: Id, body: EndBody, response: { 200: EndPreview } },
  }, async (req) => withTenant(req, 'edit.lease', (tx, ctx) => previewEndLease(tx, ctx.organizationId, ctx.userId, req.params.id, req.body ?? {})));

  app.get('/leases/:id/settlement', {
    schema: { tags, summary: 'How the deposit was settled at the move-out (404 before the lease ended)', params: Id, response: { 200: LeaseSettlement } },
  }, async (req) => withTenant(req, 'list.lease', async (tx, ctx) => {
    await getRecord(tx, leases, ctx.organizationId, req.params.id);
    const settlement = await leaseSettlement(tx, ctx.organizationId, req.params.id);
    if (!settlement) throw notFound();
    return settlement;
  }));

  app.post('/billing-runs', {
    schema: {
      tags, summary: 'Start a billing run for a month (202; poll GET /billing-runs/{id})',
      body: Type.Object({ period: Type.String({ maxLength: 7, description: 'YYYY-MM, at most a year ahead' }) }, { additionalProperties: false }),
      response: { 202: BillingRun },
    },
  }, async (req, reply) => {
    const latest = latestBillable(req.server.today()).slice(0, 7);
    if (req.body.period > latest && /^\d{4}-\d{2}$/.test(req.body.period)) {
      throw invalidField('period', `A billing run may be at most a year ahead: choose a month up to ${latest}.`);
    }
    const run = await withTenant(req, 'run.billing', (tx, ctx) => createBillingRun(tx, ctx.organizationId, ctx.userId, req.body.period));
    const work = executeBillingRun(app.db, run.organization_id, run.id)
      .catch((err) => req.log.error({ err, run: run.id }, 'billing run failed'))
      .finally(() => running.delete(work));
    running.add(work);
    return reply.status(202).send(runView(run));
  });

  const canSeeRuns = (permissions: string[]) => permissions.includes('run.billing') || permissions.includes('list.invoice');

  app.get('/billing-runs', { schema: { tags, summary: 'Billing runs, newest first', response: { 200: Type.Array(BillingRun) } } }, async (req) => withTenant(req, null, async (tx, ctx) => {
    if (!canSeeRuns(ctx.permissions)) throw forbidden();
    return (await listBillingRuns(tx, ctx.organizationId)).map(runView);
  }));

  app.get('/billing-runs/:id', { schema: { tags, summary: 'A billing run: progress and summary', params: Id, response: { 200: BillingRun } } }, async (req) => withTenant(req, null, async (tx, ctx) => {
    if (!canSeeRuns(ctx.permissions)) throw forbidden();
    return runView(await getBillingRun(tx, ctx.organizationId, req.params.id));
  }));

  app.post('/penalties/run', {
    schema: {
      tags, summary: 'Post the penalties due as of a date (default today, Nairobi)',
      body: Type.Optional(Type.Object({ as_of: Type.Optional(IsoDate) }, { additionalProperties: false })),
      response: { 200: PenaltyResult },
    },
  }, async (req) => {
    const latest = latestBillable(req.server.today());
    if (req.body?.as_of && req.body.as_of > latest) throw invalidField('as_of', `Penalties may be posted at most a year ahead: choose a date up to ${latest}.`);
    return withTenant(req, 'run.billing', (tx, ctx) => postPenalties(tx, ctx.organizationId, req.body?.as_of ?? req.server.today(), ctx.userId));
  });

  app.post('/invoices/:id/lines/:lineId/waive', {
    schema: {
      tags, summary: 'Waive a penalty line with a reason',
      params: Type.Object({ id: Type.String({ maxLength: 64 }), lineId: Type.String({ maxLength: 64 }) }),
      body: Type.Object({ reason: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' }) }, { additionalProperties: false }),
      response: { 200: PenaltyWaived },
    },
  }, async (req) => withTenant(req, 'void.invoice', (tx, ctx) => waivePenalty(tx, ctx.organizationId, ctx.userId, req.params.id, req.params.lineId, req.body.reason)));

  let scheduler: Scheduler | null = null;
  app.addHook('onReady', async () => {
    if (!schedulerEnabled()) return;
    scheduler = startScheduler(app.db, (msg, err) => app.log.error({ err }, msg));
  });
  app.addHook('onClose', async () => {
    scheduler?.stop();
    await Promise.allSettled([...running]);
  });
}
