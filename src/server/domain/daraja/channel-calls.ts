import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { invalid, notFound } from '../../errors.js';
import { callbackUrls, darajaPurpose, rotateCallbackSecret, stkCallbackUrl } from '../payment-channels.js';
import { decryptSecret } from '../secret-box.js';
import { isUsableSecret } from './url-rules.js';

/** What a call to Daraja for a channel needs, read (and the keys decrypted) inside the request's transaction. */
export interface ChannelCall {
  shortCode: string;
  environment: string;
  consumerKey: string | null;
  consumerSecret: string | null;
  confirmationUrl: string;
  validationUrl: string;
  kind: 'mpesa_paybill' | 'mpesa_till';
  /** the channel's own number (a till's PartyB) */
  number: string;
  passkey: string | null;
  /** where Daraja sends the STK push's result: the same secret, its own path */
  stkCallbackUrl: string;
}

/**
 * A paybill or till of this organisation with its number and its C2B URLs (a secret made before
 * the URL-word rule is replaced first: those URLs never worked). 404 for another organisation's,
 * 422 on the field that is missing. stk: the shortcode an STK push names (a till's store number).
 */
export async function channelCall(tx: Db, organizationId: string, channelId: string, appUrl: string, stk = false): Promise<ChannelCall> {
  const [row] = rowsOf<Record<string, string | null>>(await tx.execute(sql`
    select kind, number, daraja_environment, daraja_consumer_key, daraja_consumer_secret, daraja_passkey, daraja_store_number, callback_secret
    from payment_channels where organization_id = ${organizationId} and id = ${channelId}`));
  if (!row) throw notFound();
  if (row.kind !== 'mpesa_paybill' && row.kind !== 'mpesa_till') throw invalid({ kind: ['Only an M-Pesa paybill or till has Daraja URLs.'] });
  const number = (row.number ?? '').replace(/\s/g, '');
  if (!/^\d{5,7}$/.test(number)) throw invalid({ number: ['Enter the paybill or till number (5 to 7 digits) first.'] });
  // C2B registers the till's own number; an STK push on a till names its store (head-office) number
  const shortCode = number;
  const secret = isUsableSecret(row.callback_secret) ? row.callback_secret : await rotateCallbackSecret(tx, organizationId, channelId);
  const urls = callbackUrls(appUrl, secret);
  const key = (field: string) => (row[field] ? decryptSecret(row[field]!, organizationId, darajaPurpose(field)) : null);
  const store = (row.daraja_store_number ?? '').replace(/\s/g, '');
  return {
    shortCode: stk && row.kind === 'mpesa_till' && store ? store : shortCode,
    environment: row.daraja_environment ?? 'production',
    consumerKey: key('daraja_consumer_key'),
    consumerSecret: key('daraja_consumer_secret'),
    confirmationUrl: urls.confirmation_url,
    validationUrl: urls.validation_url,
    kind: row.kind as ChannelCall['kind'],
    number,
    passkey: key('daraja_passkey'),
    stkCallbackUrl: stkCallbackUrl(appUrl, secret),
  };
}
