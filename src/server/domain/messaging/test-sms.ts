import { sql } from 'drizzle-orm';
import { readAtKey, UNREADABLE_AT_KEY } from './at-key.js';
import { rowsOf, type Db } from '../../db/client.js';
import type { MessagingServices } from './services.js';
import { SmsSendError, type SmsAccount } from './sms-driver.js';

// Settings › SMS "Send a test SMS": the saved settings are read in a transaction, then the
// provider is called after it has ended (never inside one), and its answer is put in plain words.

export interface SmsSettings {
  name: string;
  driver: string | null;
  account: SmsAccount;
  /** A key is stored that this server cannot read (another APP_KEY). */
  keyUnreadable?: boolean;
}

export async function smsSettings(tx: Db, organizationId: string): Promise<SmsSettings> {
  const [row] = rowsOf<{ name: string; driver: string | null; sender: string | null; username: string | null; key: string | null }>(await tx.execute(sql`
    select name, settings->>'sms_driver' as driver, settings->>'sms_sender_id' as sender,
      settings->>'africastalking_username' as username, settings->>'africastalking_api_key' as key
    from organizations where id = ${organizationId}`));
  const key = readAtKey(row.key, organizationId);
  return { name: row.name, driver: row.driver, account: { senderId: row.sender || null, username: row.username, apiKey: key.apiKey }, keyUnreadable: key.unreadable };
}

export type TestSmsOutcome = 'accepted' | 'logged' | 'refused' | 'unavailable';

export interface TestSmsAnswer {
  ok: boolean;
  outcome: TestSmsOutcome;
  /** What happened, in plain words. */
  message: string;
  /** Set on a refusal: retrying as it is cannot help (a bad key, sender ID or number). */
  permanent: boolean;
  provider_status: string | null;
  provider_id: string | null;
  cost: string | null;
}

const answer = (outcome: TestSmsOutcome, message: string, extra: Partial<TestSmsAnswer> = {}): TestSmsAnswer => ({
  ok: outcome === 'accepted' || outcome === 'logged', outcome, message, permanent: false, provider_status: null, provider_id: null, cost: null, ...extra,
});

export const testSmsBody = (organization: string) => `Keja test SMS from ${organization}: messages from Keja reach this phone.`.slice(0, 160);

/** Sends one test SMS through the organisation's saved driver. Call it outside any transaction. */
export async function sendTestSms(services: MessagingServices, saved: SmsSettings, to: string): Promise<TestSmsAnswer> {
  const driverName = saved.driver || services.defaultSmsDriver;
  const factory = services.smsDrivers[driverName];
  if (!factory) return answer('unavailable', `The SMS driver "${driverName}" is not available on this server: choose another one and save.`);
  if (driverName !== 'log' && saved.keyUnreadable) return answer('refused', UNREADABLE_AT_KEY, { permanent: true });
  try {
    const driver = factory(saved.account);
    const receipt = await driver.send({ to, body: testSmsBody(saved.name), senderId: saved.account.senderId });
    if (driver.logOnly) {
      return answer('logged', `The SMS driver is "log": the test message was written to the server log, not sent to ${to}. Choose Africa's Talking and save to send real SMS.`, { provider_id: receipt.providerId });
    }
    const cost = receipt.cost && receipt.cost !== '0' ? `, cost ${receipt.cost}` : '';
    return answer('accepted', `Africa's Talking accepted the test message to ${to} (${receipt.providerStatus ?? 'accepted'}${cost}). It should arrive within a minute.`, {
      provider_status: receipt.providerStatus ?? null, provider_id: receipt.providerId, cost: receipt.cost ?? null,
    });
  } catch (err) {
    const permanent = err instanceof SmsSendError && err.permanent;
    const status = err instanceof SmsSendError ? err.providerStatus ?? null : null;
    return answer('refused', err instanceof Error ? err.message : String(err), { permanent, provider_status: status });
  }
}
