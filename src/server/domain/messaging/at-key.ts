import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { decryptSecret, encryptSecret, isEncrypted } from '../secret-box.js';

// The Africa's Talking API key is kept like the Daraja keys (secret-box.ts): encrypted in the
// settings document, bound to its organisation, write-only in the API (settings.ts shows only
// whether it is set). A key saved in plain text before this is still read as it is, and the
// server encrypts any such key when it starts.

const PURPOSE = 'settings.africastalking_api_key';

export const sealAtKey = (plain: string, organizationId: string): string => encryptSecret(plain, organizationId, PURPOSE);

/** Why a stored key cannot be used (shown on every SMS it fails, and on the test SMS). */
export const UNREADABLE_AT_KEY = "The Africa's Talking API key saved in Settings › SMS cannot be read by this server (it was saved under another APP_KEY): enter the key again and save.";

/** The key in clear, and whether one is stored that does not decrypt with this server's APP_KEY. */
export function readAtKey(stored: string | null | undefined, organizationId: string): { apiKey: string | null; unreadable: boolean } {
  const apiKey = openAtKey(stored, organizationId);
  return { apiKey, unreadable: !!stored && apiKey === null };
}

/** The key in clear, or null (none stored, or one that does not decrypt with this app key). */
export function openAtKey(stored: string | null | undefined, organizationId: string): string | null {
  if (!stored) return null;
  return isEncrypted(stored) ? decryptSecret(stored, organizationId, PURPOSE) : stored;
}

/** At start, with the owner's connection: every key still stored in plain text is encrypted. Returns how many. */
export async function sealPlainAtKeys(owner: Db): Promise<number> {
  const plain = rowsOf<{ id: string; key: string }>(await owner.execute(sql`
    select id, settings->>'africastalking_api_key' as key from organizations
    where coalesce(settings->>'africastalking_api_key', '') <> '' and settings->>'africastalking_api_key' not like 'v1.%'`));
  for (const { id, key } of plain) {
    if (isEncrypted(key)) continue;
    // only if still the same plain value (another process may be doing the same)
    await owner.execute(sql`
      update organizations set settings = jsonb_set(settings, '{africastalking_api_key}', to_jsonb(${sealAtKey(key, id)}::text))
      where id = ${id} and settings->>'africastalking_api_key' = ${key}`);
  }
  return plain.length;
}
