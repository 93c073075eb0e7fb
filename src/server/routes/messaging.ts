import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { messages } from '../../../resources/messages.js';
import { getRecord } from '../crud/repository.js';
import { planBulk, sendBulk, type BulkInput } from '../domain/messaging/bulk.js';
import { retryMessage, retryMessages } from '../domain/messaging/messages.js';
import { withTenant } from '../tenancy.js';
import { MessagePlan } from '../../shared/message-plan.js';
import { Message, MessagesRetried, MessagesSent } from './answers.js';

const Id = Type.Object({ id: Type.String({ maxLength: 64 }) });
const Ref = Type.String({ minLength: 1, maxLength: 64 });
const Bulk = Type.Object({
  // one object (not a union of three): the validator strips unknown keys branch by branch in a union
  audience: Type.Object({
    kind: Type.Union([Type.Literal('tenant'), Type.Literal('property'), Type.Literal('arrears')], { description: 'One tenant, the tenants of a property (running leases), or the tenants owing at least an amount' }),
    tenant_id: Type.Optional(Ref),
    property_id: Type.Optional(Ref),
    min_balance: Type.Optional(Type.String({ pattern: '^\\d{1,12}(\\.\\d{1,2})?$', description: 'arrears: KES, e.g. "1000.00"; default: any amount owed' })),
  }, { additionalProperties: false }),
  channel: Type.Union([Type.Literal('sms'), Type.Literal('email')]),
  template_id: Type.Optional(Type.Union([Ref, Type.Null()])),
  body: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()], { description: 'With placeholders; the template\'s body when absent' })),
  subject: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
  scheduled_at: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
}, { additionalProperties: false });

/** Messaging verbs beside the generic resource (docs/api.md "Domain endpoints"); the sending is the job queue's (jobs/). */
export async function messagingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post('/messages/:id/retry', {
    schema: { tags: ['messages'], summary: 'Send a failed message (or one refused for lack of credits) again (send.message)', params: Id, response: { 200: Message } },
  }, (req) => withTenant(req, 'send.message', async (tx, ctx) => {
    await retryMessage(tx, ctx.organizationId, req.params.id);
    return getRecord(tx, messages, ctx.organizationId, req.params.id);
  }));

  app.post('/messages/retry', {
    schema: {
      tags: ['messages'], summary: 'Queue many failed messages (or ones refused for lack of credits) again (send.message); the others are listed as skipped',
      body: Type.Object({ ids: Type.Array(Ref, { minItems: 1, maxItems: 500 }) }, { additionalProperties: false }),
      response: { 200: MessagesRetried },
    },
  }, (req) => withTenant(req, 'send.message', (tx, ctx) => retryMessages(tx, ctx.organizationId, (req.body as { ids: string[] }).ids)));

  app.post('/messages/preview', {
    schema: { tags: ['messages'], summary: 'Each recipient\'s message with the placeholders filled, and the credits a send would use (send.message)', body: Bulk, response: { 200: MessagePlan } },
  }, (req) => withTenant(req, 'send.message', (tx, ctx) => planBulk(tx, ctx.organizationId, req.body as BulkInput), { readOnly: true }));

  app.post('/messages/send', {
    schema: { tags: ['messages'], summary: 'One message per reachable tenant of the audience: due ones go out now within the SMS credit balance, the rest wait (send.message)', body: Bulk, response: { 201: MessagesSent } },
  }, async (req, reply) => {
    const result = await withTenant(req, 'send.message', (tx, ctx) => sendBulk(tx, ctx.organizationId, req.body as BulkInput));
    return reply.status(201).send(result);
  });
}
