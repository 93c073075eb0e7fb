import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { resourceByName } from '../../../resources/index.js';
import { getRecord } from '../crud/repository.js';
import { approveExpense } from '../domain/expenses.js';
import { assignPayment, reallocatePayment, reversePayment, voidInvoice } from '../domain/payments/payments.js';
import { withTenant } from '../tenancy.js';
import { creditInvoice } from '../domain/billing/credit.js';
import { invalidField } from '../errors.js';
import { parseMoney } from '../../shared/resource-values.js';
import { Expense, Invoice, InvoiceCredited, Payment } from './answers.js';
import { laterNote, noteOnHistory } from '../domain/closed-months.js';
import type { Db } from '../db/client.js';
import type { RecordValues } from '../../shared/resource.js';

/**
 * A void, reversal or credit of a record dated in a closed month counts today, in an open month:
 * the answer and the record's history say so (closed-months.ts).
 */
async function withPeriodNote(tx: Db, organizationId: string, today: string, resource: string, record: RecordValues, day: unknown, action: string, what: string) {
  const note = await laterNote(tx, organizationId, day, today, what);
  if (!note) return record;
  await noteOnHistory(tx, organizationId, resource, String(record.id), action, note);
  return { ...record, period_note: note };
}

const Id = Type.Object({ id: Type.String({ maxLength: 64 }) });
const Reason = Type.Object({ reason: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' }) }, { additionalProperties: false });
const Money = Type.String({ pattern: '^\\d{1,12}(\\.\\d{1,2})?$', description: 'KES, e.g. "1500.00"' });

/**
 * The money verbs beside the generic resources (docs/api.md "Domain endpoints"); each answers the
 * record as it is afterwards, and runs in one transaction with its audit row.
 */
export async function moneyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const payments = resourceByName('payments')!;
  const invoices = resourceByName('invoices')!;
  const expenses = resourceByName('expenses')!;

  app.post('/payments/:id/assign', {
    schema: {
      tags: ['payments'], summary: 'Assign an unmatched payment to a tenant (and lease); it is allocated at once (assign.payment)',
      params: Id,
      body: Type.Object({ tenant_id: Type.String({ minLength: 1, maxLength: 64 }), lease_id: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])) }, { additionalProperties: false }),
      response: { 200: Payment },
    },
  }, (req) => withTenant(req, 'assign.payment', async (tx, ctx) => {
    await assignPayment(tx, ctx.organizationId, ctx.userId, req.params.id, req.body);
    return getRecord(tx, payments, ctx.organizationId, req.params.id);
  }));

  app.post('/payments/:id/allocate', {
    schema: {
      tags: ['payments'], summary: 'Replace a payment’s allocations by hand; what is left is credit (edit.payment)',
      params: Id,
      body: Type.Object({
        allocations: Type.Array(Type.Object({ invoice_id: Type.String({ minLength: 1, maxLength: 64 }), amount: Money }, { additionalProperties: false }), { maxItems: 500 }),
      }, { additionalProperties: false }),
      response: { 200: Payment },
    },
  }, (req) => withTenant(req, 'edit.payment', async (tx, ctx) => {
    await reallocatePayment(tx, ctx.organizationId, ctx.userId, req.params.id, req.body.allocations);
    return getRecord(tx, payments, ctx.organizationId, req.params.id);
  }));

  app.post('/payments/:id/reverse', {
    schema: { tags: ['payments'], summary: 'Reverse a payment with a reason: its allocations are undone (reverse.payment)', params: Id, body: Reason, response: { 200: Payment } },
  }, (req) => withTenant(req, 'reverse.payment', async (tx, ctx) => {
    await reversePayment(tx, ctx.organizationId, ctx.userId, req.params.id, req.body.reason);
    const record = await getRecord(tx, payments, ctx.organizationId, req.params.id);
    return withPeriodNote(tx, ctx.organizationId, req.server.today(), 'payments', record, record.paid_at, 'reverse', 'reversal');
  }));

  app.post('/invoices/:id/void', {
    schema: { tags: ['invoices'], summary: 'Void an issued invoice with a reason; 409 while payments are allocated to it (void.invoice)', params: Id, body: Reason, response: { 200: Invoice } },
  }, (req) => withTenant(req, 'void.invoice', async (tx, ctx) => {
    await voidInvoice(tx, ctx.organizationId, ctx.userId, req.params.id, req.body.reason);
    const record = await getRecord(tx, invoices, ctx.organizationId, req.params.id);
    return withPeriodNote(tx, ctx.organizationId, req.server.today(), 'invoices', record, record.issue_date, 'void', 'void');
  }));

  app.post('/invoices/:id/credit', {
    schema: {
      tags: ['invoices'],
      summary: 'Credit an issued, partly paid or paid invoice (also after move-out) with a reason: a negative adjustment line; on a paid invoice what its payments no longer need becomes the tenant’s credit on account (void.invoice)',
      params: Id,
      body: Type.Object({ amount: Money, reason: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }) }, { additionalProperties: false }),
      response: { 200: InvoiceCredited },
    },
  }, (req) => withTenant(req, 'void.invoice', async (tx, ctx) => {
    const amount = parseMoney(req.body.amount);
    if (amount === null) throw invalidField('amount', 'An amount in KES, e.g. 1500.00.');
    const result = await creditInvoice(tx, ctx.organizationId, ctx.userId, req.params.id, amount, req.body.reason.trim());
    const invoice = await getRecord(tx, invoices, ctx.organizationId, req.params.id);
    const { period_note } = await withPeriodNote(tx, ctx.organizationId, req.server.today(), 'invoices', invoice, invoice.issue_date, 'credit', 'credit');
    return { ...result, invoice, ...(period_note ? { period_note: String(period_note) } : {}) };
  }));

  app.post('/expenses/:id/approve', {
    schema: { tags: ['expenses'], summary: 'Approve a pending expense (approve.expense)', params: Id, response: { 200: Expense } },
  }, (req) => withTenant(req, 'approve.expense', async (tx, ctx) => {
    await approveExpense(tx, ctx.organizationId, ctx.userId, req.params.id);
    return getRecord(tx, expenses, ctx.organizationId, req.params.id);
  }));
}
