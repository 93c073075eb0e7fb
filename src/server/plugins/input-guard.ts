import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BAD_TEXT_MESSAGE, findBadText } from '../../shared/text-guard.js';
import { badRequest, invalidField } from '../errors.js';

/**
 * Every route's input, before its schema or handler sees it: no text that cannot be stored (a NUL
 * or broken Unicode; text-guard.ts) in a path parameter or query parameter (400 naming it) or
 * anywhere in a JSON body (422 naming the field, as validateRecord would). One check for every
 * route, so a handler that forgets cannot turn it into a database error.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (req) => {
    for (const [part, value] of [['path parameter', req.params], ['query parameter', req.query]] as const) {
      const bad = findBadText(value);
      if (bad !== null) throw badRequest(`The ${part} ${bad || '(unnamed)'}: ${BAD_TEXT_MESSAGE}`);
    }
    const bad = findBadText(req.body);
    if (bad !== null) throw invalidField(bad || 'body', BAD_TEXT_MESSAGE);
  });
}, { name: 'keja-input-guard' });
