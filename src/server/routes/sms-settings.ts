import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { parsePhone } from '../../shared/resource-values.js';
import { deliveryReportUrl, reportSecret, rotateReportSecret } from '../domain/messaging/delivery-reports.js';
import { messagingServices } from '../domain/messaging/services.js';
import { sendTestSms, smsSettings } from '../domain/messaging/test-sms.js';
import { invalidField } from '../errors.js';
import { withTenant } from '../tenancy.js';

const ReportUrl = Type.Object({ delivery_report_url: Type.String({ description: "Paste into Africa's Talking › SMS › SMS Callback URLs › Delivery Reports" }) });
const TestBody = Type.Object({ to: Type.String({ maxLength: 40, description: 'The phone to send to, e.g. +254712345678 or 0712 345678' }) }, { additionalProperties: false });
const TestAnswer = Type.Object({
  ok: Type.Boolean(),
  outcome: Type.Union([Type.Literal('accepted'), Type.Literal('logged'), Type.Literal('refused'), Type.Literal('unavailable')]),
  message: Type.String({ description: 'What happened, in plain words' }),
  permanent: Type.Boolean({ description: 'A refusal that resending as it is cannot fix (bad key, sender ID, number)' }),
  provider_status: Type.Union([Type.String(), Type.Null()]),
  provider_id: Type.Union([Type.String(), Type.Null()]),
  cost: Type.Union([Type.String(), Type.Null()]),
});

/**
 * Settings › SMS beyond the settings record (edit.setting): the delivery-report URL (its secret
 * is the only thing proving a report came from the provider, so only those who may edit settings
 * see or rotate it) and a test SMS through the saved driver, sent after the transaction that read
 * the settings has ended.
 */
export async function smsSettingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['settings'];
  const { appUrl } = app.config;

  app.get('/settings/sms/delivery-report-url', {
    schema: { tags, summary: "The URL Africa's Talking posts delivery reports to (edit.setting)", response: { 200: ReportUrl } },
  }, (req) => withTenant(req, 'edit.setting', async (tx, ctx) => ({ delivery_report_url: deliveryReportUrl(appUrl, await reportSecret(tx, ctx.organizationId)) })));

  app.post('/settings/sms/rotate-report-secret', {
    schema: { tags, summary: 'A new delivery-report URL: the old one answers 404 at once (edit.setting)', response: { 200: ReportUrl } },
  }, (req) => withTenant(req, 'edit.setting', async (tx, ctx) => ({ delivery_report_url: deliveryReportUrl(appUrl, await rotateReportSecret(tx, ctx.organizationId)) })));

  app.post('/settings/test-sms', {
    schema: {
      tags, body: TestBody, response: { 200: TestAnswer },
      summary: "Send one test SMS through the saved SMS settings and say what the provider answered (edit.setting); a provider's refusal is 200 with ok false",
    },
  }, async (req) => {
    const to = parsePhone(req.body.to);
    const saved = await withTenant(req, 'edit.setting', async (tx, ctx) => {
      if (!to) throw invalidField('to', 'Enter a valid phone number, e.g. 0712 345678 or +254712345678.');
      return smsSettings(tx, ctx.organizationId);
    });
    const services = messagingServices();
    if (!services) return { ok: false, outcome: 'unavailable' as const, message: 'Sending is not set up on this server.', permanent: false, provider_status: null, provider_id: null, cost: null };
    return sendTestSms(services, saved, to!);
  });
}
