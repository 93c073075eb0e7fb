import { sql } from 'drizzle-orm';
import type { RecordValues } from '../../shared/resource.js';
import { rowsOf, type Db } from '../db/client.js';
import { notFound } from '../errors.js';
import { recordAudit } from './audit.js';
import { currentUser } from './payments/allocation.js';
import { newCallbackSecret } from './daraja/url-rules.js';
import { encryptSecret } from './secret-box.js';

/** Daraja keys: encrypted at rest (secret-box.ts), write-only in the API. */
export const DARAJA_SECRETS = ['daraja_consumer_key', 'daraja_consumer_secret', 'daraja_passkey'] as const;
export const darajaPurpose = (field: string) => `payment-channels.${field}`;

export { newCallbackSecret };

/**
 * The C2B URLs: the secret alone names the channel (it is unique), so no id (a ULID may spell
 * EXEC or CMD) and no refused word (daraja/url-rules.ts) is in the path; only appUrl could hold one.
 */
export function callbackUrls(appUrl: string, secret: string) {
  const base = `${appUrl}/api/v1/webhooks/c2b/${encodeURIComponent(secret)}`;
  return { confirmation_url: `${base}/confirmation`, validation_url: `${base}/validation` };
}

/** The STK push callback URL (sent with each push, never registered): the channel's secret again, under /webhooks/stk/. */
export const stkCallbackUrl = (appUrl: string, secret: string) => `${appUrl}/api/v1/webhooks/stk/${encodeURIComponent(secret)}`;

/** Serialises default changes in one organisation, so two at once never leave two defaults. */
const lockDefault = (tx: Db, organizationId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`default-channel:${organizationId}`}, 0))`);

/** settings.default_payment_channel_id follows the channel marked default (and the other way, settings.ts). */
async function setSettingsDefault(tx: Db, organizationId: string, channelId: string | null, onlyIfNow?: string) {
  await tx.execute(sql`
    update organizations set settings = jsonb_set(coalesce(settings, '{}'::jsonb), '{default_payment_channel_id}', ${channelId === null ? sql`'null'::jsonb` : sql`to_jsonb(${channelId}::text)`})
    where id = ${organizationId} ${onlyIfNow ? sql`and settings->>'default_payment_channel_id' = ${onlyIfNow}` : sql``}`);
}

/**
 * Makes `channelId` the organisation's only default channel (null: none), in the caller's
 * transaction: the old default is unset first, under a lock, then the flag and the settings follow.
 */
export async function makeDefaultChannel(tx: Db, organizationId: string, channelId: string | null) {
  await lockDefault(tx, organizationId);
  await tx.execute(sql`
    update payment_channels set is_default = false, updated_at = now()
    where organization_id = ${organizationId} and is_default and id is distinct from ${channelId}`);
  if (channelId) {
    await tx.execute(sql`
      update payment_channels set is_default = true, updated_at = now()
      where organization_id = ${organizationId} and id = ${channelId} and not is_default`);
  }
  await setSettingsDefault(tx, organizationId, channelId);
}

/**
 * Payment channels: the callback secret is the server's (made on create, changed only by
 * rotating it); Daraja keys are stored encrypted; at most one channel is the default, and
 * choosing a new one unsets the old one in the same transaction.
 */
export const paymentChannelHooks = {
  async beforeWrite(tx: Db, organizationId: string, values: RecordValues, existing: RecordValues | null) {
    if (!existing) values.callback_secret = newCallbackSecret();
    for (const key of DARAJA_SECRETS) {
      const v = values[key];
      if (typeof v === 'string' && v !== '') values[key] = encryptSecret(v, organizationId, darajaPurpose(key));
    }
    if (values.is_default === true && existing?.is_default !== true) {
      await lockDefault(tx, organizationId);
      await tx.execute(sql`
        update payment_channels set is_default = false, updated_at = now()
        where organization_id = ${organizationId} and is_default and id is distinct from ${existing ? String(existing.id) : null}`);
    }
  },
  async afterWrite(tx: Db, organizationId: string, id: string, existing: RecordValues | null) {
    const [row] = rowsOf<{ is_default: boolean }>(await tx.execute(sql`select is_default from payment_channels where organization_id = ${organizationId} and id = ${id}`));
    if (row?.is_default && existing?.is_default !== true) await setSettingsDefault(tx, organizationId, id);
    else if (!row?.is_default && existing?.is_default === true) await setSettingsDefault(tx, organizationId, null, id);
  },
  async beforeDelete(tx: Db, organizationId: string, existing: RecordValues) {
    if (existing.is_default === true) await setSettingsDefault(tx, organizationId, null, String(existing.id));
  },
};

/** A new callback secret (the old URLs stop working at once); audited without the secrets. */
export async function rotateCallbackSecret(tx: Db, organizationId: string, channelId: string): Promise<string> {
  const secret = newCallbackSecret();
  const [row] = rowsOf<{ id: string }>(await tx.execute(sql`
    update payment_channels set callback_secret = ${secret}, updated_at = now()
    where organization_id = ${organizationId} and id = ${channelId} returning id`));
  if (!row) throw notFound();
  await recordAudit(tx, { organizationId, userId: await currentUser(tx), resource: 'payment-channels', recordId: channelId, action: 'rotate_secret' });
  return secret;
}

/** The stored callback secret of a channel and which Daraja keys it holds (404 when not this organisation's). */
export async function callbackSecret(tx: Db, organizationId: string, channelId: string): Promise<{ secret: string; keysSet: Record<(typeof DARAJA_SECRETS)[number], boolean> }> {
  const [row] = rowsOf<Record<string, string | null>>(await tx.execute(sql`
    select callback_secret, daraja_consumer_key, daraja_consumer_secret, daraja_passkey
    from payment_channels where organization_id = ${organizationId} and id = ${channelId}`));
  if (!row) throw notFound();
  return {
    secret: row.callback_secret ?? '',
    keysSet: { daraja_consumer_key: !!row.daraja_consumer_key, daraja_consumer_secret: !!row.daraja_consumer_secret, daraja_passkey: !!row.daraja_passkey },
  };
}
