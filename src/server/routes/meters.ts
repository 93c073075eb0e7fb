import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { meterWalk } from '../domain/meters.js';
import { notFound } from '../errors.js';
import { withTenant } from '../tenancy.js';

/** The caretaker's walk round a property's meters, beside the generic meters and readings. */
export async function meterRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/readings/walk', {
    schema: {
      tags: ['readings'],
      summary: 'A property\'s active meters in house order, each with its latest reading and its recent consumptions (newest first, at most 6), for typing the next readings (list.reading); 404 for a property of no one\'s here',
      querystring: Type.Object({ property_id: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false }),
    },
  }, (req) => withTenant(req, 'list.reading', async (tx, ctx) => {
    const walk = await meterWalk(tx, ctx.organizationId, req.query.property_id);
    if (!walk) throw notFound();
    return walk;
  }, { readOnly: true }));
}
