import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { isEmail } from '../../shared/resource-values.js';
import type { Db } from '../db/client.js';
import type { DocumentFile } from '../domain/documents/document-file.js';
import { recordEmail, sendDocument } from '../domain/documents/email.js';
import { invoiceDocument } from '../domain/documents/invoice.js';
import { loadLetterhead } from '../domain/documents/letterhead.js';
import { receiptDocument } from '../domain/documents/receipt.js';
import { statementDocument } from '../domain/documents/statement.js';
import { period } from '../domain/reports/common.js';
import { forbidden, invalid } from '../errors.js';
import { withTenant, type TenantContext } from '../tenancy.js';
import { Message } from './account-schemas.js';

const Id = Type.String({ minLength: 1, maxLength: 64 });
const EmailBody = Type.Optional(Type.Object({
  to: Type.Optional(Type.String({ maxLength: 254, description: "default: the tenant's email" })),
}, { additionalProperties: false }));
const Sent = Type.Object({
  id: Type.String({ description: 'the email message recorded (messages area)' }),
  status: Type.Union([Type.Literal('sent'), Type.Literal('failed')]),
  to: Type.String(),
  error: Type.Union([Type.String(), Type.Null()]),
});
const StatementQuery = Type.Object({ lease_id: Type.Optional(Id), from: Type.Optional(Type.String({ maxLength: 10 })), to: Type.Optional(Type.String({ maxLength: 10 })) });

type Build = (tx: Db, ctx: TenantContext) => Promise<DocumentFile>;

/** May the caller see this kind of record (any of show, list or edit, as its screen needs)? */
const mayView = (ctx: TenantContext, module: string) => [`show.${module}`, `list.${module}`, `edit.${module}`].some((p) => ctx.permissions.includes(p));

function checkView(ctx: TenantContext, module: string) {
  if (module === 'statement') {
    if (!ctx.permissions.includes('list.statement') || !ctx.permissions.includes('export.statement')) throw forbidden();
  } else if (!mayView(ctx, module)) throw forbidden();
}

export async function sendPdf(reply: FastifyReply, doc: DocumentFile) {
  return reply.type('application/pdf').header('content-disposition', `attachment; filename="${doc.filename}"`).send(doc.pdf);
}

async function download(req: FastifyRequest, reply: FastifyReply, module: string, build: Build) {
  const doc = await withTenant(req, null, (tx, ctx) => {
    checkView(ctx, module);
    return build(tx, ctx);
  }, { readOnly: true });
  return sendPdf(reply, doc);
}

/**
 * Renders the document in a read-only transaction, sends it once that has ended (never a provider
 * call inside a transaction), then records the email as a message, sent or failed. Needs the
 * permission to view the record and send.message. 422 when there is no address to send to.
 */
async function email(req: FastifyRequest, module: string, body: { to?: string } | undefined, build: Build) {
  const { doc, org } = await withTenant(req, null, async (tx, ctx) => {
    checkView(ctx, module);
    if (!ctx.permissions.includes('send.message')) throw forbidden();
    return { doc: await build(tx, ctx), org: await loadLetterhead(tx, ctx.organizationId) };
  }, { readOnly: true });
  const to = (body?.to ?? doc.tenant?.email ?? '').trim();
  if (!to) throw invalid({ to: ['This tenant has no email address: add one to the tenant, or give an address.'] });
  if (!isEmail(to)) throw invalid({ to: ['Enter a valid email address.'] });
  const result = await sendDocument(req.server.mailer, doc, to, org.name);
  if (!result.ok) req.log.error({ error: result.error }, 'document email failed');
  return withTenant(req, null, (tx, ctx) => recordEmail(tx, ctx.organizationId, doc, to, org.name, result));
}

/** The tenant statement's PDF (also served by GET /statements/user/{id}?format=pdf). */
export function statementPdf(req: FastifyRequest, reply: FastifyReply, tenantId: string, q: { lease_id?: string; from?: string; to?: string }) {
  return download(req, reply, 'statement', (tx, ctx) => statementDocument(tx, ctx.organizationId, tenantId, { lease_id: q.lease_id, ...period(q) }));
}

/**
 * The tenant's documents as PDFs (invoice, receipt, statement), to download or to email to the
 * tenant with the PDF attached. The tenant statement's PDF is also GET /statements/user/{id}?format=pdf.
 */
export async function documentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const pdfResponse = { 200: { content: { 'application/pdf': { schema: { type: 'string', format: 'binary', description: 'as an attachment' } } } }, 403: Message, 404: Message };

  app.get('/invoices/:id/pdf', {
    schema: { tags: ['invoices'], summary: 'The invoice as a PDF: letterhead, tenant, house and account code, paybill, lines, totals, balance, due date (show.invoice)', params: Type.Object({ id: Id }), response: pdfResponse },
  }, (req, reply) => download(req, reply, 'invoice', (tx, ctx) => invoiceDocument(tx, ctx.organizationId, req.params.id)));

  app.get('/payments/:id/pdf', {
    schema: { tags: ['payments'], summary: 'The payment’s receipt as a PDF: amount, M-Pesa code, allocation to invoices, balance after (show.payment)', params: Type.Object({ id: Id }), response: pdfResponse },
  }, (req, reply) => download(req, reply, 'payment', (tx, ctx) => receiptDocument(tx, ctx.organizationId, req.params.id)));

  app.get('/statements/user/:tenant_id/pdf', {
    schema: { tags: ['statements'], summary: 'The tenant statement as a PDF (list.statement and export.statement)', params: Type.Object({ tenant_id: Id }), querystring: StatementQuery, response: pdfResponse },
  }, (req, reply) => statementPdf(req, reply, req.params.tenant_id, req.query));

  const emailSchema = (tag: string, what: string, extra: object = {}) => ({
    tags: [tag], summary: `Email ${what} to the tenant with the PDF attached (view permission and send.message); 422 without an address`,
    body: EmailBody, response: { 200: Sent, 403: Message, 404: Message, 422: Type.Unknown() }, ...extra,
  });
  app.post('/invoices/:id/email', { schema: { ...emailSchema('invoices', 'the invoice'), params: Type.Object({ id: Id }) } },
    (req) => email(req, 'invoice', req.body, (tx, ctx) => invoiceDocument(tx, ctx.organizationId, req.params.id)));
  app.post('/payments/:id/email', { schema: { ...emailSchema('payments', 'the receipt'), params: Type.Object({ id: Id }) } },
    (req) => email(req, 'payment', req.body, (tx, ctx) => receiptDocument(tx, ctx.organizationId, req.params.id)));
  app.post('/statements/user/:tenant_id/email', { schema: { ...emailSchema('statements', 'the statement'), params: Type.Object({ tenant_id: Id }), querystring: StatementQuery } },
    (req) => email(req, 'statement', req.body, (tx, ctx) => statementDocument(tx, ctx.organizationId, req.params.tenant_id, { lease_id: req.query.lease_id, ...period(req.query) })));
}
