import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { CLOSE_PERIOD, REOPEN_PERIOD } from '../../shared/permissions.js';
import { closeMonth, listPeriods, reopenMonth } from '../domain/closed-months.js';
import { withTenant } from '../tenancy.js';
import { PeriodsView } from '../../shared/money-report-shapes.js';

const Month = Type.String({ maxLength: 7, description: 'YYYY-MM' });
const Message = Type.Object({ message: Type.String() });

/**
 * Month close (issue 13): GET /periods for any member (the forms mark closed months where dates
 * are chosen); closing needs close.period, reopening reopen.period with a reason. Both audited.
 */
export async function periodRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['periods'];

  app.get('/periods', {
    schema: { tags, summary: 'The months of the books, closed and open, newest first (membership is enough)', response: { 200: PeriodsView } },
  }, (req) => withTenant(req, null, (tx, ctx) => listPeriods(tx, ctx.organizationId, req.server.today()), { readOnly: true }));

  app.post('/periods/close', {
    schema: {
      tags, summary: 'Close a month that has ended, the one after the latest closed (close.period): nothing dated in it changes after',
      body: Type.Object({ month: Month }, { additionalProperties: false }), response: { 200: PeriodsView, 403: Message, 409: Message },
    },
  }, (req) => withTenant(req, CLOSE_PERIOD, (tx, ctx) => closeMonth(tx, ctx.organizationId, ctx.userId, req.body.month, req.server.today())));

  app.post('/periods/reopen', {
    schema: {
      tags, summary: 'Reopen the latest closed month with a reason (reopen.period)',
      body: Type.Object({ month: Month, reason: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' }) }, { additionalProperties: false }),
      response: { 200: PeriodsView, 403: Message, 409: Message },
    },
  }, (req) => withTenant(req, REOPEN_PERIOD, (tx, ctx) => reopenMonth(tx, ctx.organizationId, ctx.userId, req.body.month, req.body.reason.trim(), req.server.today())));
}
