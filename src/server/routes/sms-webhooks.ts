import type { FastifyError, FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { receiveDeliveryReport } from '../domain/messaging/delivery-reports.js';

/** A report is a few hundred bytes; anything past this is refused before it is read. */
const BODY_LIMIT = 8 * 1024;

const Answer = Type.Object({ ok: Type.Boolean(), message: Type.String() });
const Secret = Type.Object({ secret: Type.String({ maxLength: 200 }) });

/**
 * Africa's Talking delivery reports (docs/api.md): no session, no CSRF (auth.ts exempts
 * /webhooks/); the secret path segment names the organisation. The body is read as text and
 * parsed by the domain, so whatever a caller sends is a 4xx, never a 500.
 */
export async function smsWebhookRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, body, done) => done(null, body));
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) req.log.error({ err }, 'delivery report failed');
    return reply.status(status).send({ ok: false, message: status === 500 ? 'Temporary failure.' : `Rejected: ${err.message}` });
  });

  app.post('/webhooks/sms/:secret/delivery-reports', {
    schema: {
      tags: ['webhooks'], params: Secret, response: { 200: Answer, 400: Answer, 404: Answer, 413: Answer, 415: Answer },
      summary: "Africa's Talking delivery report (form-encoded id, status, phoneNumber, networkCode, failureReason, retryCount): marks the message delivered or failed; a replay changes nothing",
    },
  }, async (req, reply) => {
    const r = await receiveDeliveryReport(app.db, req.params.secret, typeof req.body === 'string' ? req.body : '');
    return reply.status(r.status).send(r.body);
  });
}
