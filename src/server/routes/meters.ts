import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from 'typebox';
import { meterWalk } from '../domain/meters.js';
import { notFound } from '../errors.js';
import { withTenant } from '../tenancy.js';

/** The caretaker's walk round a property's meters, beside the generic meters and readings. */
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const MeterWalk = Type.Object({
  property: Type.Object({ id: Type.String(), name: Type.String() }),
  meters: Type.Array(Type.Object({
    meter_id: Type.String(), number: Type.String(), utility: Type.String(), unit: Type.String(), house_id: Type.String(), house_number: Type.String(),
    last: Nullable(Type.Object({ id: Type.String(), date: Type.String(), value: Type.String(), invoice_id: Nullable(Type.String()) }, { description: 'the latest reading: what the next one counts from' })),
    recent: Type.Array(Type.String(), { description: 'the consumptions of its latest readings, newest first (at most 6)' }),
  })),
});

export async function meterRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/readings/walk', {
    schema: {
      tags: ['readings'],
      summary: 'A property\'s active meters in house order, each with its latest reading and its recent consumptions (newest first, at most 6), for typing the next readings (list.reading); 404 for a property of no one\'s here',
      querystring: Type.Object({ property_id: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false }),
      response: { 200: MeterWalk },
    },
  }, (req) => withTenant(req, 'list.reading', async (tx, ctx) => {
    const walk = await meterWalk(tx, ctx.organizationId, req.query.property_id);
    if (!walk) throw notFound();
    return walk;
  }, { readOnly: true }));
}
