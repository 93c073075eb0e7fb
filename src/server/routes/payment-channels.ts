import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/client.js';
import { channelCall } from '../domain/daraja/channel-calls.js';
import { darajaBase, darajaToken, isLocalFake, registerUrls, simulateC2b, type DarajaResult } from '../domain/daraja/client.js';
import { isUsableSecret, refusedWordIn } from '../domain/daraja/url-rules.js';
import { callbackSecret, callbackUrls, rotateCallbackSecret } from '../domain/payment-channels.js';
import { conflict, invalid, notFound } from '../errors.js';
import { withTenant } from '../tenancy.js';

const Id = Type.Object({ id: Type.String({ maxLength: 64 }) });
const Urls = Type.Object({ confirmation_url: Type.String(), validation_url: Type.String() });
const UrlsAndKeys = Type.Object({
  confirmation_url: Type.String(),
  validation_url: Type.String(),
  keys_set: Type.Object({ daraja_consumer_key: Type.Boolean(), daraja_consumer_secret: Type.Boolean(), daraja_passkey: Type.Boolean() }, { description: 'Which Daraja keys are stored (never the keys)' }),
  can_simulate: Type.Boolean({ description: 'Demo mode against the local fake Daraja: POST /payment-channels/{id}/simulate works' }),
});
const Outcome = Type.Union([Type.Literal('ok'), Type.Literal('already_registered'), Type.Literal('bad_keys'), Type.Literal('unreachable'), Type.Literal('refused')]);
const Registered = Type.Object({
  outcome: Outcome,
  code: Type.Union([Type.String(), Type.Null()], { description: 'Safaricom’s ResponseCode or errorCode' }),
  description: Type.Union([Type.String(), Type.Null()], { description: 'Safaricom’s own words' }),
  confirmation_url: Type.String(),
  validation_url: Type.String(),
});
const Simulated = Type.Object({
  outcome: Outcome,
  code: Type.Union([Type.String(), Type.Null()]),
  description: Type.Union([Type.String(), Type.Null()]),
  payment_id: Type.Union([Type.String(), Type.Null()], { description: 'The payment the confirmation recorded' }),
});
const SimulateBody = Type.Object({
  amount: Type.String({ pattern: '^\\d{1,9}(\\.\\d{1,2})?$', description: 'KES, e.g. "1500" or "1500.50"' }),
  account: Type.String({ minLength: 1, maxLength: 20, description: 'The account number the payer types (a house account code)' }),
}, { additionalProperties: false });

/**
 * The Daraja C2B URLs of a channel carry its callback secret, so only those who may edit the
 * channel see them (edit.payment_channel), and they may rotate the secret when it has leaked,
 * register the URLs with Safaricom, and, in demo mode against the local fake, simulate a payment.
 * Daraja is called outside any transaction: the channel is read first, then the call is made.
 */
export async function paymentChannelRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['payment-channels'];
  const { config } = app;
  // a simulated payment only ever goes to a fake on this machine, and only in demo mode
  const canSimulate = isLocalFake(config.demo, config.darajaUrl);

  app.get('/payment-channels/:id/callback-urls', {
    schema: { tags, summary: 'The confirmation and validation URLs to register with Daraja, and which Daraja keys are stored (edit.payment_channel)', params: Id, response: { 200: UrlsAndKeys } },
  }, (req) => withTenant(req, 'edit.payment_channel', async (tx, ctx) => {
    const stored = await callbackSecret(tx, ctx.organizationId, req.params.id);
    // a channel written before secrets were made on create, or before the URL-word rule, gets a usable one now
    const secret = isUsableSecret(stored.secret) ? stored.secret : await rotateCallbackSecret(tx, ctx.organizationId, req.params.id);
    return { ...callbackUrls(config.appUrl, secret), keys_set: stored.keysSet, can_simulate: canSimulate };
  }));

  app.post('/payment-channels/:id/rotate-secret', {
    schema: { tags, summary: 'A new callback secret: the old URLs stop working at once (edit.payment_channel)', params: Id, response: { 200: Urls } },
  }, (req) => withTenant(req, 'edit.payment_channel', async (tx, ctx) => {
    const secret = await rotateCallbackSecret(tx, ctx.organizationId, req.params.id);
    return callbackUrls(config.appUrl, secret);
  }));

  app.post('/payment-channels/:id/register-urls', {
    schema: {
      tags, params: Id, response: { 200: Registered },
      summary: 'Register the channel’s C2B URLs with Daraja using its stored keys (sandbox or production per channel); answers Safaricom’s reply (edit.payment_channel)',
    },
  }, async (req) => {
    const call = await withTenant(req, 'edit.payment_channel', (tx, ctx) => channelCall(tx, ctx.organizationId, req.params.id, config.appUrl));
    if (!call.consumerKey || !call.consumerSecret) {
      throw invalid({ [call.consumerKey ? 'daraja_consumer_secret' : 'daraja_consumer_key']: ['Store the Daraja consumer key and secret first.'] });
    }
    // the secret never spells a refused word; the server's own address (APP_URL) might
    const refused = refusedWordIn(call.confirmationUrl);
    if (refused) throw conflict(`Safaricom refuses URLs containing “${refused}”, and this server’s address (APP_URL) contains it: serve Keja at an address without it, then register.`);
    const base = darajaBase(config.darajaUrl, call.environment);
    const urls = { confirmation_url: call.confirmationUrl, validation_url: call.validationUrl };
    const token = await darajaToken(base, call.consumerKey, call.consumerSecret);
    if (!('token' in token)) return { ...token, ...urls };
    const result = await registerUrls(base, token.token, {
      ShortCode: call.shortCode, ResponseType: 'Completed', ConfirmationURL: call.confirmationUrl, ValidationURL: call.validationUrl,
    });
    req.log.info({ channel: req.params.id, outcome: result.outcome, code: result.code }, 'daraja register urls');
    return { ...result, ...urls };
  });

  app.post('/payment-channels/:id/simulate', {
    schema: {
      tags, params: Id, body: SimulateBody, response: { 200: Simulated },
      summary: 'Demo mode only, against the local fake Daraja: a customer pays this paybill; the fake calls Keja’s own C2B URLs (create.payment)',
    },
  }, async (req) => {
    if (!canSimulate) throw notFound();
    const call = await withTenant(req, 'create.payment', (tx, ctx) => channelCall(tx, ctx.organizationId, req.params.id, config.appUrl));
    const base = config.darajaUrl!;
    const started = new Date();
    const token = await darajaToken(base, call.consumerKey ?? 'demo', call.consumerSecret ?? 'demo');
    const none = { payment_id: null };
    if (!('token' in token)) return { ...token, ...none };
    // a sandbox forgets nothing but may be re-registered before each simulation (integrations.md A2)
    const registered: DarajaResult = await registerUrls(base, token.token, {
      ShortCode: call.shortCode, ResponseType: 'Completed', ConfirmationURL: call.confirmationUrl, ValidationURL: call.validationUrl,
    });
    if (registered.outcome !== 'ok' && registered.outcome !== 'already_registered') return { ...registered, ...none };
    const result = await simulateC2b(base, token.token, {
      ShortCode: call.shortCode, CommandID: 'CustomerPayBillOnline', Amount: req.body.amount, Msisdn: '254708374149', BillRefNumber: req.body.account,
    });
    // the fake delivers before it answers: the newest confirmation on this channel since the call is ours
    const paymentId = await withTenant(req, 'create.payment', async (tx, ctx) => {
      const [row] = rowsOf<{ payment_id: string | null }>(await tx.execute(sql`
        select payment_id from payment_callbacks
        where organization_id = ${ctx.organizationId} and channel_id = ${req.params.id} and received_at >= ${started.toISOString()}
        order by received_at desc limit 1`));
      return row?.payment_id ?? null;
    }, { readOnly: true });
    return { ...result, payment_id: paymentId };
  });
}
