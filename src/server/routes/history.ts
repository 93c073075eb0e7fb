import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { resourceByName } from '../../../resources/index.js';
import { findRow } from '../crud/repository.js';
import { AUDITED_RESOURCES } from '../domain/audit.js';
import { readHistory } from '../domain/history.js';
import { forbidden, notFound } from '../errors.js';
import { withTenant } from '../tenancy.js';
import { RecordHistory } from '../../shared/report-shapes.js';

const Id = Type.Object({ id: Type.String({ maxLength: 64 }) });
const Message = Type.Object({ message: Type.String() });
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
        params: Id, response: { 200: RecordHistory, 403: Message, 404: Message },
      },
    }, (req) => withTenant(req, null, async (tx, ctx) => {
      if (![`show.${m}`, `list.${m}`, `edit.${m}`].some((p) => ctx.permissions.includes(p))) throw forbidden();
      if (!(await findRow(tx, resource, ctx.organizationId, req.params.id))) throw notFound();
      return readHistory(tx, ctx.organizationId, resource, req.params.id);
    }, { readOnly: true }));
  }
}
