import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { resourceByName } from '../../../resources/index.js';
import { findRow } from '../crud/repository.js';
import { AUDITED_RESOURCES } from '../domain/audit.js';
import { readHistory } from '../domain/history.js';
import { forbidden, notFound } from '../errors.js';
import { withTenant } from '../tenancy.js';

const Id = Type.Object({ id: Type.String({ maxLength: 64 }) });
const Message = Type.Object({ message: Type.String() });
const Change = Type.Object({
  field: Type.String({ description: 'a declared field or child table (lines, charges, allocations)' }),
  old: Type.Unknown({ description: 'as the API serves the field: money "1500.00", dates YYYY-MM-DD; null when it had none' }),
  new: Type.Unknown(),
});
const Entry = Type.Object({
  id: Type.String(),
  at: Type.String({ format: 'date-time' }),
  action: Type.String({ description: 'create, update, delete, issue, activate, notice, end, void, reverse, allocate, reallocate, assign, approve, waive_penalty, penalty, …' }),
  reason: Type.Union([Type.String(), Type.Null()]),
  user: Type.Union([Type.Object({ id: Type.String(), name: Type.String() }), Type.Null()], { description: 'null: the system (billing run, scheduler)' }),
  changes: Type.Array(Change),
  details: Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()], { description: 'what the action wrote beside the fields: payment_id and amount of an allocation, a deposit settlement, …' }),
});
const History = Type.Object({
  entries: Type.Array(Entry, { description: 'newest first' }),
  references: Type.Record(Type.String(), Type.String(), { description: 'id of every record the entries name → its title (invoice number, receipt number, name)' }),
});

/**
 * GET /{resource}/{id}/history for the audited money records (product.md 4.9): who changed the
 * record, when, how and why. Readable by whoever may see the record (show, list or edit); a
 * record of another organisation is 404, as everywhere.
 */
export async function historyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  for (const name of AUDITED_RESOURCES) {
    const resource = resourceByName(name)!;
    const m = resource.module;
    app.get(`/${name}/:id/history`, {
      schema: {
        tags: [name], summary: `The history of one of ${name}: who changed it, when, what and why (show.${m})`,
        params: Id, response: { 200: History, 403: Message, 404: Message },
      },
    }, (req) => withTenant(req, null, async (tx, ctx) => {
      if (![`show.${m}`, `list.${m}`, `edit.${m}`].some((p) => ctx.permissions.includes(p))) throw forbidden();
      if (!(await findRow(tx, resource, ctx.organizationId, req.params.id))) throw notFound();
      return readHistory(tx, ctx.organizationId, resource, req.params.id);
    }, { readOnly: true }));
  }
}
