import type { FastifyInstance } from 'fastify';
import { resources } from '../../../resources/index.js';
import { recordTitle, type Resource } from '../../shared/resource.js';
import { inputSchema, recordSchema } from '../../shared/resource-schema.js';
import { validateRecord } from '../../shared/resource-validate.js';
import { badRequest, forbidden, HttpError, invalid } from '../errors.js';
import { PERMITTED, readInTenant, requestedOrganization, withTenant, type TenantContext } from '../tenancy.js';
import { parseListQuery } from './query-parser.js';
import { resourceHooks } from './hooks.js';
import { createRecord, deleteRecord, getRecord, listRecords, updateRecord } from './repository.js';
import { listStatement } from './list-statement.js';
import { registerExport } from './export.js';
import { served } from './record-answer.js';
import { TOTAL_ESTIMATED_HEADER } from '../../shared/list-total.js';
import type { Db } from '../db/client.js';
import type { Total } from './count.js';

const IdParams = { type: 'object', properties: { id: { type: 'string', maxLength: 64 } }, required: ['id'] } as const;
const ListQueryString = {
  type: 'object',
  properties: {
    filter: { type: 'string', description: 'JSON object: declared filters, q, <field>_gte / <field>_lte, arrays for one-of' },
    range: { type: 'string', description: 'JSON [start, end], inclusive, at most 1000 rows' },
    sort: { type: 'string', description: 'JSON ["field", "ASC" | "DESC"]' },
  },
} as const;
/** Bodies are judged by validateRecord (a 422 naming each field); the schema only documents them. */
const documentOnly = () => () => true;
/**
 * Answers are serializeRecord's output, sent as it is (JSON.stringify): the response schema
 * documents it for /api/docs without a serialiser compiled per route at every start (six routes
 * times every area) or any chance of it dropping a key.
 */
const asIs = () => (data: unknown) => JSON.stringify(data);

function contentRange(name: string, start: number, count: number, total: number): string {
  return count === 0 ? `${name} */${total}` : `${name} ${start}-${start + count - 1}/${total}`;
}

/** The generic API of one stored area (docs/api.md "Resources"), all from its declaration. */
export function registerResource(app: FastifyInstance, resource: Resource) {
  const base = `/${resource.name}`;
  const m = resource.module;
  const tags = [resource.name];
  const input = inputSchema(resource);
  const record = served(recordSchema(resource));
  const records = { type: 'array', items: record };

  app.get(base, { schema: { tags, summary: `List ${resource.name}`, querystring: ListQueryString, response: { 200: records } }, serializerCompiler: asIs }, async (req, reply) => {
    const query = parseListQuery(resource, req.query as Record<string, unknown>);
    const anyOf = query.many ? [`list.${m}`, `show.${m}`] : [`list.${m}`];
    const range = (count: number, { total, estimated }: Total) => {
      reply.header('Content-Range', contentRange(resource.name, query.range[0], count, total));
      // an estimated total keeps Content-Range's shape and says so (shared/list-total.ts)
      if (estimated) reply.header(TOTAL_ESTIMATED_HEADER, 'true');
    };
    const inTenant = <T>(work: (tx: Db, ctx: TenantContext) => Promise<T>) => withTenant(req, null, work, { readOnly: true });
    // on PostgreSQL the page travels with the membership check: one round trip, like a bare query,
    // and comes back as its JSON, sent as it is (readInTenant answers null, having sent nothing,
    // where it cannot: PGlite)
    const organizationId = requestedOrganization(req);
    const prefetch = organizationId && req.auth.user ? listStatement(resource, organizationId, query, PERMITTED) : null;
    const once = prefetch ? await readInTenant(req, anyOf, prefetch) : null;
    if (prefetch && once) {
      const page = await prefetch.finish(once, (work) => inTenant((tx) => work(tx)));
      range(page.count, page);
      reply.type('application/json; charset=utf-8');
      return page.body;
    }
    return inTenant(async (tx, ctx) => {
      if (!anyOf.some((p) => ctx.permissions.includes(p))) throw forbidden();
      const { rows, ...total } = await listRecords(tx, resource, ctx.organizationId, query);
      range(rows.length, total);
      return rows;
    });
  });

  registerExport(app, resource);

  app.get(`${base}/:id`, { schema: { tags, summary: `One of ${resource.name}`, params: IdParams, response: { 200: record } }, serializerCompiler: asIs }, async (req) => {
    const { id } = req.params as { id: string };
    return withTenant(req, null, async (tx, ctx) => {
      if (!ctx.permissions.includes(`show.${m}`) && !ctx.permissions.includes(`edit.${m}`)) throw forbidden();
      return getRecord(tx, resource, ctx.organizationId, id);
    }, { readOnly: true });
  });

  app.post(base, { schema: { tags, summary: `Create one of ${resource.name}`, body: input, response: { 201: record } }, validatorCompiler: documentOnly, serializerCompiler: asIs }, async (req, reply) => {
    const record = await withTenant(req, `create.${m}`, async (tx, ctx) => {
      const { values, errors } = validateRecord(resource, req.body, 'create');
      if (Object.keys(errors).length) throw invalid(errors);
      return createRecord(tx, resource, ctx.organizationId, values, ctx);
    });
    return reply.status(201).send(record);
  });

  app.put(`${base}/:id`, { schema: { tags, summary: `Update one of ${resource.name}`, params: IdParams, body: input, response: { 200: record } }, validatorCompiler: documentOnly, serializerCompiler: asIs }, async (req) => {
    const { id } = req.params as { id: string };
    return withTenant(req, `edit.${m}`, async (tx, ctx) => {
      const { values, errors } = validateRecord(resource, req.body, 'update');
      if (Object.keys(errors).length) throw invalid(errors);
      return updateRecord(tx, resource, ctx.organizationId, id, values, ctx);
    });
  });

  // Bulk delete (the list's selection): all in one transaction, so a refused record (409, named)
  // leaves every other selected record in place.
  app.delete(base, {
    schema: { tags, summary: `Delete several of ${resource.name} at once, or none`, querystring: { type: 'object', properties: { filter: ListQueryString.properties.filter }, required: ['filter'] }, response: { 200: records } },
    serializerCompiler: asIs,
  }, async (req) => {
    const query = parseListQuery(resource, req.query as Record<string, unknown>);
    const ids = query.conditions.find((c) => c.kind === 'eq' && c.field === 'id');
    if (!ids || ids.kind !== 'eq' || query.conditions.length !== 1 || !ids.values.length) {
      throw badRequest('A bulk delete takes filter={"id":[…]} and nothing else.');
    }
    return withTenant(req, `delete.${m}`, async (tx, ctx) => {
      const deleted = [];
      for (const id of new Set(ids.values.map(String))) {
        // its title first: a refusal by the database leaves the transaction unable to read
        const title = recordTitle(resource, await getRecord(tx, resource, ctx.organizationId, id));
        try {
          deleted.push(await deleteRecord(tx, resource, ctx.organizationId, id, ctx));
        } catch (err) {
          if (!(err instanceof HttpError) || err.statusCode !== 409) throw err;
          throw new HttpError(409, `${title}: ${err.message} Nothing was deleted.`);
        }
      }
      return deleted;
    });
  });

  app.delete(`${base}/:id`, { schema: { tags, summary: `Delete one of ${resource.name}`, params: IdParams, response: { 200: record } }, serializerCompiler: asIs }, async (req) => {
    const { id } = req.params as { id: string };
    return withTenant(req, `delete.${m}`, (tx, ctx) => deleteRecord(tx, resource, ctx.organizationId, id, ctx));
  });
}

export async function crudRoutes(app: FastifyInstance) {
  for (const resource of resources) {
    if (resource.storage === 'table' || resourceHooks[resource.name]?.table) registerResource(app, resource);
  }
}
