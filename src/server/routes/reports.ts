import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../db/client.js';
import { agingReport, agingTable } from '../domain/reports/aging.js';
import { asOfDate, orgInfo, period, type ReportTable } from '../domain/reports/common.js';
import { dashboard } from '../domain/reports/dashboard.js';
import { toCsv, toPdf } from '../domain/reports/export.js';
import { propertyStatement, propertyStatementTable } from '../domain/reports/property-statement.js';
import { monthOf, rentalIncomeTax, rentalIncomeTaxTable } from '../domain/reports/rental-income-tax.js';
import { tenantStatement, tenantStatementTable } from '../domain/reports/tenant-statement.js';
import { badRequest, forbidden } from '../errors.js';
import { withTenant } from '../tenancy.js';
import { statementPdf } from './documents.js';
import { AgingReport, Dashboard, PropertyStatement, RentalIncomeTax, TenantStatement } from '../../shared/money-report-shapes.js';
import { withFiles } from './answers.js';

const Id = Type.String({ minLength: 1, maxLength: 64 });
const Format = Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('csv'), Type.Literal('pdf')]));
const Period = { from: Type.Optional(Type.String({ maxLength: 10 })), to: Type.Optional(Type.String({ maxLength: 10 })), format: Format };

/**
 * Statements and reports. Reading one needs list.statement; a CSV or PDF download needs
 * export.statement as well (a file leaves the system). JSON by default.
 */
async function report<T>(
  req: FastifyRequest, reply: FastifyReply, format: string | undefined,
  build: (tx: Db, organizationId: string) => Promise<T>, table: (r: T) => ReportTable,
) {
  const fmt = format ?? 'json';
  if (!['json', 'csv', 'pdf'].includes(fmt)) throw badRequest('format is json, csv or pdf.');
  // a report only reads: its commit need not hold up the answer (client.ts inScope)
  const { data, org } = await withTenant(req, 'list.statement', async (tx, ctx) => {
    if (fmt !== 'json' && !ctx.permissions.includes('export.statement')) throw forbidden();
    return { data: await build(tx, ctx.organizationId), org: fmt === 'pdf' ? await orgInfo(tx, ctx.organizationId) : null };
  }, { readOnly: true });
  if (fmt === 'json') return data;
  const t = table(data);
  if (fmt === 'csv') {
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${t.filename}.csv"`).send(`\uFEFF${toCsv(t)}`);
  }
  const pdf = await toPdf(t, org!);
  return reply.type('application/pdf').header('content-disposition', `attachment; filename="${t.filename}.pdf"`).send(pdf);
}

export async function reportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/statements/user/:tenant_id', {
    schema: {
      tags: ['statements'], summary: 'Tenant statement: opening balance, debits and credits in date order with running balance, closing balance, deposit held, credit (list.statement; csv/pdf: export.statement)',
      params: Type.Object({ tenant_id: Id }),
      querystring: Type.Object({ lease_id: Type.Optional(Id), ...Period }),
      response: { 200: withFiles(TenantStatement) },
    },
  }, (req, reply) => (req.query.format === 'pdf' ? statementPdf(req, reply, req.params.tenant_id, req.query) : report(req, reply, req.query.format,
    (tx, org) => tenantStatement(tx, org, req.params.tenant_id, { lease_id: req.query.lease_id, ...period(req.query) }), tenantStatementTable)));

  app.get('/statements/property/:id', {
    schema: {
      tags: ['statements'], summary: 'Property statement (or, with owner_id, all of an owner’s properties): billed and collected per house, income, expenses, commission, aggregator share, due to owner',
      params: Type.Object({ id: Id }),
      querystring: Type.Object({ owner_id: Type.Optional(Id), ...Period }),
      response: { 200: withFiles(PropertyStatement) },
    },
  }, (req, reply) => report(req, reply, req.query.format,
    (tx, org) => propertyStatement(tx, org, {
      ...(req.query.owner_id ? { owner_id: req.query.owner_id } : { property_id: req.params.id }), ...period(req.query),
    }), propertyStatementTable));

  app.get('/statements/owner/:owner_id', {
    schema: {
      tags: ['statements'], summary: 'All of an owner’s properties in one statement',
      params: Type.Object({ owner_id: Id }), querystring: Type.Object(Period), response: { 200: withFiles(PropertyStatement) },
    },
  }, (req, reply) => report(req, reply, req.query.format,
    (tx, org) => propertyStatement(tx, org, { owner_id: req.params.owner_id, ...period(req.query) }), propertyStatementTable));

  app.get('/reports/aging-balances', {
    schema: {
      tags: ['statements'], summary: 'Aging balances as of a date per tenant: current, 1–30, 31–60, 61–90, 90+; credits apart; deposits excluded',
      querystring: Type.Object({ as_of: Type.Optional(Type.String({ maxLength: 10 })), property_id: Type.Optional(Id), owner_id: Type.Optional(Id), format: Format }),
      response: { 200: withFiles(AgingReport) },
    },
  }, (req, reply) => report(req, reply, req.query.format,
    (tx, org) => agingReport(tx, org, { as_of: asOfDate(req.query.as_of), property_id: req.query.property_id, owner_id: req.query.owner_id }), agingTable));

  app.get('/reports/rental-income-tax', {
    schema: {
      tags: ['statements'], summary: 'Monthly Rental Income tax per owner for a month: gross rent received from taxable charges, the rate in force, the tax due, the KRA PIN',
      querystring: Type.Object({ month: Type.Optional(Type.String({ maxLength: 7, description: 'YYYY-MM; default this month' })), owner_id: Type.Optional(Id), format: Format }),
      response: { 200: withFiles(RentalIncomeTax) },
    },
  }, (req, reply) => report(req, reply, req.query.format,
    (tx, org) => rentalIncomeTax(tx, org, { owner_id: req.query.owner_id, month: monthOf(req.query.month, req.server.today()) }), rentalIncomeTaxTable));

  app.get('/dashboard', {
    schema: { tags: ['statements'], summary: 'The dashboard’s figures in one call (membership is enough)', response: { 200: Dashboard } },
  }, (req) => withTenant(req, null, (tx, ctx) => dashboard(tx, ctx.organizationId, ctx.permissions), { readOnly: true }));
}
