import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const sent = Symbol('sent as the handler built it');

/**
 * Under the tests: a response schema must not change an answer. Fastify's serialiser writes only
 * the keys a schema names and coerces the values to its types, so a field the schema forgot (or a
 * number declared as a string) would silently vanish or change for the web app. Each JSON answer
 * is compared with what the handler returned; a difference is a 500 naming the route.
 */
export const answerCheckPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preSerialization', async (req, _reply, payload) => {
    (req as unknown as Record<symbol, string>)[sent] = JSON.stringify(payload);
    return payload;
  });
  app.addHook('onSend', async (req, reply, payload) => {
    const before = (req as unknown as Record<symbol, string | undefined>)[sent];
    if (before === undefined || typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
    const expected: unknown = JSON.parse(before);
    const served: unknown = JSON.parse(payload);
    if (!isDeepStrictEqual(served, expected)) {
      throw new Error(`The response schema of ${req.method} ${req.routeOptions.url} changed its answer:\nreturned ${before.slice(0, 2000)}\nserved   ${payload.slice(0, 2000)}`);
    }
    return payload;
  });
}, { name: 'answer-check' });
