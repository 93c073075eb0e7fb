import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { callbackSecret, callbackUrls, rotateCallbackSecret } from '../domain/payment-channels.js';
import { withTenant } from '../tenancy.js';

const Id = Type.Object({ id: Type.String({ maxLength: 64 }) });
const Urls = Type.Object({ confirmation_url: Type.String(), validation_url: Type.String() });
const UrlsAndKeys = Type.Object({
  confirmation_url: Type.String(),
  validation_url: Type.String(),
  keys_set: Type.Object({ daraja_consumer_key: Type.Boolean(), daraja_consumer_secret: Type.Boolean(), daraja_passkey: Type.Boolean() }, { description: 'Which Daraja keys are stored (never the keys)' }),
});

/**
 * The Daraja C2B URLs of a channel carry its callback secret, so only those who may edit the
 * channel see them (edit.payment_channel), and they may rotate the secret when it has leaked.
 */
export async function paymentChannelRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['payment-channels'];

  app.get('/payment-channels/:id/callback-urls', {
    schema: { tags, summary: 'The confirmation and validation URLs to register with Daraja, and which Daraja keys are stored (edit.payment_channel)', params: Id, response: { 200: UrlsAndKeys } },
  }, (req) => withTenant(req, 'edit.payment_channel', async (tx, ctx) => {
    const stored = await callbackSecret(tx, ctx.organizationId, req.params.id);
    // a channel written before secrets were made on create gets its first one now
    const secret = stored.secret || await rotateCallbackSecret(tx, ctx.organizationId, req.params.id);
    return { ...callbackUrls(app.config.appUrl, req.params.id, secret), keys_set: stored.keysSet };
  }));

  app.post('/payment-channels/:id/rotate-secret', {
    schema: { tags, summary: 'A new callback secret: the old URLs stop working at once (edit.payment_channel)', params: Id, response: { 200: Urls } },
  }, (req) => withTenant(req, 'edit.payment_channel', async (tx, ctx) => {
    const secret = await rotateCallbackSecret(tx, ctx.organizationId, req.params.id);
    return callbackUrls(app.config.appUrl, req.params.id, secret);
  }));
}
