import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { resourceByName } from '../../../resources/index.js';
import { getRecord } from '../crud/repository.js';
import { approveRemittance, voidRemittance } from '../domain/remittances.js';
import { invalidField } from '../errors.js';
import { withTenant } from '../tenancy.js';
import { Remittance } from './answers.js';
import { laterNote, noteOnHistory } from '../domain/closed-months.js';

const Id = Type.Object({ id: Type.String({ maxLength: 64 }) });
const Reason = Type.Object({ reason: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' }) }, { additionalProperties: false });

/** The owner remittances' verbs beside their generic resource; each answers the record as it is afterwards. */
export async function ownerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const remittances = resourceByName('remittances')!;

  app.post('/remittances/:id/approve', {
    schema: {
      tags: ['remittances'],
      summary: 'Approve a draft remittance: it counts on the owner’s statement from its date (approve.remittance). More than is due: 422 naming overpayment_confirmed unless the draft or confirm_overpayment confirms it',
      description: 'Body (optional): {"confirm_overpayment": true}.',
      params: Id, response: { 200: Remittance },
    },
  }, (req) => withTenant(req, 'approve.remittance', async (tx, ctx) => {
    // the body is optional (a plain approval sends none), so it is read here rather than declared
    const body = req.body as { confirm_overpayment?: unknown } | null | undefined;
    const confirm = body && typeof body === 'object' ? body.confirm_overpayment : undefined;
    if (confirm !== undefined && typeof confirm !== 'boolean') throw invalidField('confirm_overpayment', 'true or false.');
    await approveRemittance(tx, ctx.organizationId, ctx.userId, req.params.id, confirm === true);
    return getRecord(tx, remittances, ctx.organizationId, req.params.id);
  }));

  app.post('/remittances/:id/void', {
    schema: {
      tags: ['remittances'], summary: 'Void a remittance with a reason; an approved one stops counting on the day it is voided (approve.remittance)',
      params: Id, body: Reason, response: { 200: Remittance },
    },
  }, (req) => withTenant(req, 'approve.remittance', async (tx, ctx) => {
    await voidRemittance(tx, ctx.organizationId, ctx.userId, req.params.id, req.body.reason, req.server.today());
    const record = await getRecord(tx, remittances, ctx.organizationId, req.params.id);
    // an approved payout dated in a closed month stops counting today (closed-months.ts)
    const note = record.approved_at ? await laterNote(tx, ctx.organizationId, record.date, req.server.today(), 'void') : null;
    if (!note) return record;
    await noteOnHistory(tx, ctx.organizationId, 'remittances', req.params.id, 'void', note);
    return { ...record, period_note: note };
  }));
}
