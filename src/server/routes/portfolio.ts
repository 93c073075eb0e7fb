import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { createBulkHouses, MAX_BULK_HOUSES, planBulkHouses } from '../domain/house-bulk.js';
import { orgInfo } from '../domain/reports/common.js';
import { toCsv, toPdf } from '../domain/reports/export.js';
import { rentRoll, rentRollTable } from '../domain/reports/rent-roll.js';
import { tenantBalance } from '../domain/reports/tenant-balance.js';
import { forbidden } from '../errors.js';
import { withTenant } from '../tenancy.js';
import { BulkPlan, RentRoll, TenantBalance } from '../../shared/report-shapes.js';
import { HousesAdded, withFiles } from './answers.js';

const Id = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
const Text = (maxLength: number) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));
const Amount = Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Number(), Type.Null()]));

const BulkBody = Type.Object({
  house_type_id: Type.String({ minLength: 1, maxLength: 64 }),
  prefix: Type.Optional(Type.String({ maxLength: 20 })),
  suffix: Type.Optional(Type.String({ maxLength: 10 })),
  from: Type.Integer({ minimum: 0, maximum: 99_999 }),
  to: Type.Integer({ minimum: 0, maximum: 99_999 }),
  pad: Type.Optional(Type.Integer({ minimum: 0, maximum: 6 })),
  block: Text(30),
  floor: Text(30),
  rent: Amount,
  deposit: Amount,
  code_prefix: Text(20),
}, { additionalProperties: false });

/**
 * Portfolio verbs beside the generic resources: a property's houses added in bulk, its rent
 * roll, a tenant's balance.
 *
 * Permissions: the bulk add is create.house (its preview too: only someone who may add houses
 * needs it). The rent roll is list.property; its money columns (deposit held, balance, arrears)
 * need list.statement as every statement does, and are left out (null, `money: false`) without
 * it; its CSV and PDF need export.statement as well, like every statement file. A tenant's
 * balance is money: list.statement.
 */
export async function portfolioRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post('/properties/:id/houses/bulk/preview', {
    schema: {
      tags: ['properties'],
      summary: `What adding houses in bulk would create: numbers, account codes, the type's rent, deposit and charges, and what stands in the way (create.house; nothing is written)`,
      params: Id, body: BulkBody, response: { 200: BulkPlan },
    },
  }, (req) => withTenant(req, 'create.house', async (tx, ctx) => {
    const { values: _values, ...plan } = await planBulkHouses(tx, ctx.organizationId, req.params.id, req.body);
    return plan;
  }, { readOnly: true }));

  app.post('/properties/:id/houses/bulk', {
    schema: {
      tags: ['properties'],
      summary: `Add houses numbered prefix + from..to (at most ${MAX_BULK_HOUSES}) to a property from a house type, in one transaction; 422 naming numbers or account codes already in use (create.house)`,
      params: Id, body: BulkBody, response: { 201: HousesAdded },
    },
  }, async (req, reply) => {
    const houses = await withTenant(req, 'create.house', (tx, ctx) => createBulkHouses(tx, ctx.organizationId, req.params.id, req.body));
    return reply.status(201).send({ count: houses.length, houses });
  });

  app.get('/properties/:id/rent-roll', {
    schema: {
      tags: ['properties'],
      summary: 'Rent roll: every house with tenant, lease dates, rent, deposit held, balance, arrears, status; totals and occupancy (list.property; money columns: list.statement; csv/pdf: export.statement)',
      params: Id,
      querystring: Type.Object({ format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('csv'), Type.Literal('pdf')])) }),
      response: { 200: withFiles(RentRoll) },
    },
  }, async (req, reply) => {
    const format = req.query.format ?? 'json';
    const { roll, org } = await withTenant(req, 'list.property', async (tx, ctx) => {
      if (format !== 'json' && !ctx.permissions.includes('export.statement')) throw forbidden();
      const money = ctx.permissions.includes('list.statement');
      return {
        roll: await rentRoll(tx, ctx.organizationId, req.params.id, { money }),
        org: format === 'pdf' ? await orgInfo(tx, ctx.organizationId) : null,
      };
    }, { readOnly: true });
    if (format === 'json') return roll;
    const table = rentRollTable(roll);
    if (format === 'csv') {
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${table.filename}.csv"`).send(`\uFEFF${toCsv(table)}`);
    }
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${table.filename}.pdf"`).send(await toPdf(table, org!));
  });

  app.get('/tenants/:id/balance', {
    schema: {
      tags: ['tenants'],
      summary: 'What the tenant owes now: open invoices less credit on account, and the overdue part (list.statement)',
      params: Id, response: { 200: TenantBalance },
    },
  }, (req) => withTenant(req, 'list.statement', (tx, ctx) => tenantBalance(tx, ctx.organizationId, req.params.id), { readOnly: true }));
}
