import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { setActiveOrganization } from '../auth/sessions.js';
import { createOrganization, organizationOf, organizationsOf } from '../domain/organizations.js';
import { notFound } from '../errors.js';
import { requireUser } from '../plugins/auth.js';
import { Organization, OrganizationAnswer } from './account-schemas.js';

const Optional = (max: number) => Type.Optional(Type.Union([Type.String({ maxLength: max }), Type.Null()]));

export async function organizationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;

  app.post('/organisations', {
    schema: {
      tags: ['organisations'], summary: 'Create an organisation; the creator becomes its Administrator and it becomes active',
      body: Type.Object({
        name: Type.String({ minLength: 1, maxLength: 255, pattern: '\\S' }),
        email: Type.Optional(Type.Union([Type.String({ format: 'email', maxLength: 255 }), Type.Literal(''), Type.Null()])),
        phone: Optional(32), address: Optional(500), kra_pin: Optional(20),
      }, { additionalProperties: false }),
      response: { 201: OrganizationAnswer },
    },
  }, async (req, reply) => {
    const user = requireUser(req);
    // one transaction: an organisation is never left created but not active (or the reverse)
    const organization = await db.transaction(async (tx) => {
      const created = await createOrganization(tx, user.id, { ...req.body, email: req.body.email || null });
      await setActiveOrganization(tx, req, user.id, created.id);
      return created;
    });
    return reply.status(201).send({ organization });
  });

  app.get('/organisations', { schema: { tags: ['organisations'], summary: 'The organisations the user belongs to', response: { 200: Type.Array(Organization) } } }, async (req) => {
    const user = requireUser(req);
    return organizationsOf(db, user.id);
  });

  app.post('/organisations/:id/switch', {
    schema: { tags: ['organisations'], summary: 'Make an organisation the active one', params: Type.Object({ id: Type.String({ maxLength: 64 }) }), response: { 200: OrganizationAnswer } },
  }, async (req) => {
    const user = requireUser(req);
    const organization = await organizationOf(db, user.id, req.params.id);
    if (!organization) throw notFound('Organisation not found.');
    await setActiveOrganization(db, req, user.id, organization.id);
    return { organization };
  });
}
