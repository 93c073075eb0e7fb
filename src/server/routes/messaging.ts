import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { messages } from '../../../resources/messages.js';
import { getRecord } from '../crud/repository.js';
import { schedulerEnabled } from '../domain/billing/scheduler.js';
import { retryMessage } from '../domain/messaging/messages.js';
import { startMessageSender, type MessageSender } from '../domain/messaging/scheduler.js';
import { messagingServices } from '../domain/messaging/services.js';
import { withTenant } from '../tenancy.js';

const Id = Type.Object({ id: Type.String({ maxLength: 64 }) });

/** Messaging verbs beside the generic resource (docs/api.md "Domain endpoints") and the scheduled sender. */
export async function messagingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post('/messages/:id/retry', {
    schema: { tags: ['messages'], summary: 'Send a failed message (or one refused for lack of credits) again (send.message)', params: Id },
  }, (req) => withTenant(req, 'send.message', async (tx, ctx) => {
    await retryMessage(tx, ctx.organizationId, req.params.id);
    return getRecord(tx, messages, ctx.organizationId, req.params.id);
  }));

  let sender: MessageSender | null = null;
  app.addHook('onReady', async () => {
    const services = messagingServices();
    if (!schedulerEnabled() || !services) return;
    sender = startMessageSender(app.db, services);
  });
  app.addHook('onClose', async () => {
    sender?.stop();
  });
}
