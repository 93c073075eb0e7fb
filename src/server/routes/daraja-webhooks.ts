import type { FastifyError, FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { REJECT } from '../domain/daraja/c2b-payload.js';
import { receiveConfirmation, receiveValidation } from '../domain/daraja/c2b.js';
import { receiveStkCallback } from '../domain/daraja/stk-callback.js';

/** A C2B or STK callback body is well under 1 KiB; anything past this is refused before it is read. */
const BODY_LIMIT = 16 * 1024;

const Answer = Type.Object({
  ResultCode: Type.Union([Type.Integer(), Type.String()], { description: '0 accepts; C2B00012 unknown account, C2B00013 bad amount, C2B00015 wrong shortcode, C2B00016 anything else' }),
  ResultDesc: Type.String(),
});
const Secret = Type.Object({ secret: Type.String({ maxLength: 200 }) });
const response = { 200: Answer, 400: Answer, 404: Answer, 413: Answer, 415: Answer };

/**
 * Daraja C2B and STK push callbacks (docs/api.md): no session and no CSRF (auth.ts exempts /webhooks/), the
 * secret path segment authenticates. Every answer, refusals included, is in Daraja's shape
 * ({ResultCode, ResultDesc}); whatever a caller sends (not JSON, truncated, huge, wrong types,
 * NUL characters) gets a 4xx, never a 500. The body is read as text here and parsed by
 * domain/daraja/c2b-payload.ts, so a parse failure is the domain's refusal, not Fastify's.
 */
export async function darajaWebhookRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, body, done) => done(null, body));
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) req.log.error({ err }, 'daraja callback failed');
    return reply.status(status).send({ ResultCode: REJECT.other, ResultDesc: status === 500 ? 'Temporary failure.' : `Rejected: ${err.message}` });
  });
  const text = (body: unknown) => (typeof body === 'string' ? body : '');
  const tags = ['webhooks'];

  app.post('/webhooks/c2b/:secret/confirmation', {
    schema: { tags, summary: 'Daraja C2B confirmation: records one payment per TransID (a replay answers 0 and changes nothing)', params: Secret, response },
  }, async (req, reply) => {
    const r = await receiveConfirmation(app.db, req.params.secret, text(req.body));
    return reply.status(r.status as 200).send(r.body);
  });

  app.post('/webhooks/c2b/:secret/validation', {
    schema: { tags, summary: 'Daraja C2B validation: accepts known accounts; unknown ones per the channel’s setting (C2B00012)', params: Secret, response },
  }, async (req, reply) => {
    const r = await receiveValidation(app.db, req.params.secret, text(req.body));
    return reply.status(r.status as 200).send(r.body);
  });

  app.post('/webhooks/stk/:secret', {
    schema: { tags, summary: 'Daraja STK push callback: the request’s result; on ResultCode 0 one payment per M-Pesa receipt, shared with the C2B confirmation of the same money', params: Secret, response },
  }, async (req, reply) => {
    const r = await receiveStkCallback(app.db, req.params.secret, text(req.body));
    return reply.status(r.status as 200).send(r.body);
  });
}
