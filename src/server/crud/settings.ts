import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ORGANIZATION_COLUMNS, settings } from '../../../resources/settings.js';
import type { RecordValues } from '../../shared/resource.js';
import { serializeRecord, toColumns, validateRecord } from '../../shared/resource-validate.js';
import type { Db } from '../db/client.js';
import { organizations } from '../db/schema.js';
import { forbidden, invalid } from '../errors.js';
import { withTenant } from '../tenancy.js';
import { checkReferences } from './repository.js';
import { makeDefaultChannel } from '../domain/payment-channels.js';
import { recordAudit } from '../domain/audit.js';
import { sealAtKey } from '../domain/messaging/at-key.js';
import { Settings } from '../routes/answers.js';

const columnKeys = new Set<string>(ORGANIZATION_COLUMNS);

/** The organisation's settings as stored: profile columns plus the settings document, defaults filled. */
async function readSettings(tx: Db, organizationId: string): Promise<RecordValues> {
  const [org] = await tx.select().from(organizations).where(eq(organizations.id, organizationId));
  const stored = (org.settings ?? {}) as RecordValues;
  const row: RecordValues = { id: organizationId, created_at: org.created_at, updated_at: org.updated_at };
  for (const f of settings.fields) {
    const value = columnKeys.has(f.key) ? (org as RecordValues)[f.key] : stored[f.key];
    row[f.key] = value ?? f.default ?? null;
  }
  return row;
}

/** What clients see: secrets dropped, with a flag saying whether each one is set. */
function settingsView(row: RecordValues): RecordValues {
  const out = serializeRecord(settings, row);
  for (const f of settings.fields.filter((x) => x.writeOnly)) out[`${f.key}_set`] = !!row[f.key];
  return out;
}

const filled = (v: unknown) => typeof v === 'string' && v.trim() !== '';

/**
 * An SMS driver that needs an account is refused without one, naming each missing field: saved
 * silently, every message would fail later with no one the wiser. A secret left empty in the
 * request keeps the stored one, so it counts as present when one is stored.
 */
export function smsDriverErrors(values: RecordValues, stored: RecordValues): Record<string, string[]> {
  const driver = 'sms_driver' in values ? values.sms_driver : stored.sms_driver;
  if (driver !== 'africastalking') return {};
  const errors: Record<string, string[]> = {};
  const username = 'africastalking_username' in values ? values.africastalking_username : stored.africastalking_username;
  if (!filled(username)) errors.africastalking_username = ["Africa's Talking needs your account's username (shown on its dashboard, e.g. jirani)."];
  if (!filled(values.africastalking_api_key) && !filled(stored.africastalking_api_key)) {
    errors.africastalking_api_key = ["Africa's Talking needs your account's API key (Settings › API Key on its dashboard)."];
  }
  return errors;
}

/** GET/PUT /settings: one record per organisation; secrets are write-only. */
export async function settingsRoutes(app: FastifyInstance) {
  app.get('/settings', { schema: { tags: ['settings'], summary: "The organisation's settings (secrets never returned)", response: { 200: Settings } } }, (req) =>
    withTenant(req, null, async (tx, ctx) => {
      if (!ctx.permissions.includes('show.setting') && !ctx.permissions.includes('edit.setting')) throw forbidden();
      return settingsView(await readSettings(tx, ctx.organizationId));
    }));

  app.put('/settings', { schema: { tags: ['settings'], summary: "Change the organisation's settings", body: { type: 'object', additionalProperties: true }, response: { 200: Settings } } }, (req) =>
    withTenant(req, 'edit.setting', async (tx, ctx) => {
      const { values, errors } = validateRecord(settings, req.body, 'update');
      await checkReferences(tx, settings.fields, values, ctx.organizationId, errors);
      if (Object.keys(errors).length) throw invalid(errors);
      const [org] = await tx.select({ settings: organizations.settings }).from(organizations).where(eq(organizations.id, ctx.organizationId)).for('update');
      const before = settingsView(await readSettings(tx, ctx.organizationId));
      const smsErrors = smsDriverErrors(values, (org.settings ?? {}) as RecordValues);
      if (Object.keys(smsErrors).length) throw invalid(smsErrors);
      const document = { ...(org.settings as RecordValues) };
      const columns: RecordValues = {};
      for (const f of settings.fields) {
        if (!(f.key in values)) continue;
        // an empty secret keeps the stored one (the form never shows it)
        if (f.writeOnly && (values[f.key] === null || values[f.key] === '')) continue;
        let value = toColumns([f], values)[f.key];
        if (f.key === 'africastalking_api_key' && typeof value === 'string') value = sealAtKey(value.trim(), ctx.organizationId);
        if (columnKeys.has(f.key)) columns[f.key] = value;
        else document[f.key] = value;
      }
      await tx.update(organizations).set({ ...columns, settings: document, updated_at: new Date() }).where(eq(organizations.id, ctx.organizationId));
      // the default channel is also a flag on the channels: keep the two saying the same
      const chosen = (document.default_payment_channel_id as string | null | undefined) ?? null;
      if ('default_payment_channel_id' in values && chosen !== ((org.settings as RecordValues)?.default_payment_channel_id ?? null)) {
        await makeDefaultChannel(tx, ctx.organizationId, chosen);
      }
      const after = settingsView(await readSettings(tx, ctx.organizationId));
      // in the audit log like every record (secrets are not in the view, only whether they are set)
      if (JSON.stringify({ ...before, updated_at: null }) !== JSON.stringify({ ...after, updated_at: null })) {
        await recordAudit(tx, { organizationId: ctx.organizationId, resource: 'settings', recordId: ctx.organizationId, action: 'update', before, after });
      }
      return after;
    }));
}
