import { normaliseKenyanMobile } from '../../../shared/phone.js';
import { SmsSendError, type OutgoingSms, type SmsAccount, type SmsDriver, type SmsResult } from './sms-driver.js';

// Africa's Talking SMS (reference/integrations.md B1): a form-encoded POST to
// /version1/messaging with the apiKey header, called with Node's fetch (no SDK: the npm package
// drags in axios, joi and lodash for one request). One request carries one text to many numbers,
// so a batch is grouped by (text, sender ID). Every recipient's statusCode becomes accepted,
// permanent or transient with a reason in plain words. Never called inside a DB transaction.

export const AFRICASTALKING_HOSTS = {
  sandbox: 'https://api.sandbox.africastalking.com',
  production: 'https://api.africastalking.com',
} as const;

/** AFRICASTALKING_URL when set (a local fake); else the sandbox host for username "sandbox", production otherwise. */
export const africasTalkingBase = (configured: string | undefined, username: string | null | undefined): string =>
  (configured ?? (username === 'sandbox' ? AFRICASTALKING_HOSTS.sandbox : AFRICASTALKING_HOSTS.production)).replace(/\/$/, '');

export interface AfricasTalkingOptions {
  /** AFRICASTALKING_URL (config). */
  baseUrl?: string;
  /** How long one request may take before it counts as a (transient) timeout. */
  timeoutMs?: number;
  /** Numbers per request: AT takes long lists, but a smaller request fails smaller. */
  maxRecipients?: number;
}

interface Verdict {
  ok: boolean;
  permanent: boolean;
  reason: (ctx: { senderId?: string | null }) => string;
}

const accepted: Verdict = { ok: true, permanent: false, reason: () => '' };
const permanent = (reason: Verdict['reason']): Verdict => ({ ok: false, permanent: true, reason });
const transient = (reason: Verdict['reason']): Verdict => ({ ok: false, permanent: false, reason });

/** Each recipient's statusCode (integrations.md B1 table). */
export const AT_STATUS: Record<number, Verdict> = {
  100: accepted, // Processed
  101: accepted, // Sent (status "Success")
  102: accepted, // Queued
  401: permanent(() => "Africa's Talking is holding this message for a risk review (RiskHold): contact Africa's Talking support."),
  402: permanent(({ senderId }) =>
    `Africa's Talking refused the sender ID${senderId ? ` "${senderId}"` : ''} (InvalidSenderId): it is not approved for this account. Change or clear it in Settings › SMS.`),
  403: permanent(() => 'The phone number is not valid (InvalidPhoneNumber): correct it and send again.'),
  404: permanent(() => 'This kind of number cannot receive SMS (UnsupportedNumberType).'),
  405: transient(() => "The Africa's Talking account has run out of balance (InsufficientBalance): top it up, then retry."),
  406: permanent(() => 'The recipient has opted out of SMS from this sender (UserInBlacklist).'),
  407: permanent(() => "Africa's Talking could not route a message to this number (CouldNotRoute)."),
  409: permanent(() => 'The recipient refuses promotional messages (DoNotDisturbRejection).'),
  500: transient(() => "Africa's Talking had an internal error (InternalServerError): it will be retried."),
  501: transient(() => "The mobile network's gateway failed (GatewayError): it will be retried."),
  502: transient(() => "The mobile network's gateway rejected the message (RejectedByGateway): it will be retried."),
};

/** A code the table does not know: 5xx may pass, anything else is taken as final. */
const unknownVerdict = (code: number, status: string): Verdict =>
  (code >= 500 ? transient : permanent)(() => `Africa's Talking refused the message (status ${code}${status ? ` ${status}` : ''}).`);

/** Numbers compared the way AT writes them back (+2547…), whatever form they were given in. */
const numberKey = (n: string) => normaliseKenyanMobile(n) ?? n.replace(/[^\d+]/g, '');

interface AtRecipient {
  statusCode?: unknown;
  number?: unknown;
  status?: unknown;
  cost?: unknown;
  messageId?: unknown;
}

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** The whole request was refused: a bad key is permanent; 5xx, timeouts and network errors are not. */
function requestError(status: number, text: string): SmsSendError {
  const said = text.trim().slice(0, 200);
  if (status === 401 || status === 403) {
    return new SmsSendError(`Africa's Talking refused the username or API key${said ? ` ("${said}")` : ''}: check both in Settings › SMS.`, true, String(status));
  }
  if (status >= 500) return new SmsSendError(`Africa's Talking is not answering properly (HTTP ${status}): it will be retried.`, false, String(status));
  return new SmsSendError(`Africa's Talking refused the request (HTTP ${status}${said ? `: ${said}` : ''}).`, true, String(status));
}

export function africasTalkingDriver(account: SmsAccount, options: AfricasTalkingOptions = {}): SmsDriver {
  const username = account.username?.trim();
  const apiKey = account.apiKey?.trim();
  if (!username || !apiKey) throw new SmsSendError("Africa's Talking needs a username and an API key: set them in Settings › SMS.", true);
  const endpoint = `${africasTalkingBase(options.baseUrl, username)}/version1/messaging`;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxRecipients = options.maxRecipients ?? 500;

  /** One request: one text, one sender, many numbers. Results in the order of `numbers`. */
  async function post(body: string, senderId: string | null | undefined, numbers: string[]): Promise<SmsResult[]> {
    const form = new URLSearchParams({ username: username!, to: numbers.join(','), message: body });
    if (senderId) form.set('from', senderId);
    let res: Response;
    let text: string;
    try {
      res = await fetch(endpoint, {
        method: 'POST',
        headers: { apiKey: apiKey!, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new SmsSendError(
        timedOut
          ? `Africa's Talking did not answer within ${timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`}: it will be retried.`
          : `Africa's Talking could not be reached (${err instanceof Error ? err.message : String(err)}): it will be retried.`,
        false,
      );
    }
    if (res.status !== 200 && res.status !== 201) throw requestError(res.status, text);
    let recipients: AtRecipient[];
    try {
      const parsed = JSON.parse(text) as { SMSMessageData?: { Recipients?: unknown; Message?: unknown } };
      const list = parsed?.SMSMessageData?.Recipients;
      if (!Array.isArray(list)) throw new Error('no Recipients');
      recipients = list as AtRecipient[];
      // "InvalidSenderId" and the like can come back as the Message with no recipient at all
      if (!recipients.length && typeof parsed.SMSMessageData?.Message === 'string' && /sender/i.test(parsed.SMSMessageData.Message)) {
        throw new SmsSendError(AT_STATUS[402].reason({ senderId }), true, 'InvalidSenderId');
      }
    } catch (err) {
      if (err instanceof SmsSendError) throw err;
      throw new SmsSendError(`Africa's Talking answered something unreadable (HTTP ${res.status}): it will be retried.`, false);
    }
    // AT writes numbers back in E.164; the same number twice gets two entries, taken in turn
    const byNumber = new Map<string, AtRecipient[]>();
    for (const r of recipients) {
      const key = numberKey(str(r.number));
      byNumber.set(key, [...(byNumber.get(key) ?? []), r]);
    }
    return numbers.map((to) => {
      const r = byNumber.get(numberKey(to))?.shift();
      if (!r) return { to, ok: false, permanent: false, providerId: null, reason: "Africa's Talking said nothing about this number: it will be retried." };
      const code = Number(r.statusCode);
      const status = str(r.status);
      const verdict = AT_STATUS[code] ?? unknownVerdict(code, status);
      const messageId = str(r.messageId);
      const base = { to, providerId: messageId && messageId !== 'None' ? messageId : null, cost: str(r.cost) || null, providerStatus: status || String(code) };
      return verdict.ok ? { ...base, ok: true } : { ...base, ok: false, permanent: verdict.permanent, reason: verdict.reason({ senderId }) };
    });
  }

  async function sendBatch(list: OutgoingSms[]): Promise<SmsResult[]> {
    const results = new Array<SmsResult>(list.length);
    const groups = new Map<string, number[]>();
    list.forEach((sms, i) => {
      const key = JSON.stringify([sms.body, sms.senderId ?? account.senderId ?? null]);
      groups.set(key, [...(groups.get(key) ?? []), i]);
    });
    // a request that fails after others were accepted must not lose their receipts: its
    // recipients fail with its reason; only when every request failed does the batch throw
    const failures: unknown[] = [];
    let requests = 0;
    for (const indexes of groups.values()) {
      const first = list[indexes[0]];
      for (let start = 0; start < indexes.length; start += maxRecipients) {
        const chunk = indexes.slice(start, start + maxRecipients);
        requests += 1;
        try {
          const out = await post(first.body, first.senderId ?? account.senderId, chunk.map((i) => list[i].to));
          chunk.forEach((i, k) => { results[i] = out[k]; });
        } catch (err) {
          failures.push(err);
          const permanentFailure = err instanceof SmsSendError && err.permanent;
          const reason = err instanceof Error ? err.message : String(err);
          for (const i of chunk) results[i] = { to: list[i].to, ok: false, permanent: permanentFailure, reason, providerId: null };
        }
      }
    }
    if (failures.length && failures.length === requests) throw failures[0];
    return results;
  }

  return {
    name: 'africastalking',
    sendBatch,
    async send(sms) {
      const [r] = await sendBatch([sms]);
      if (!r.ok) throw new SmsSendError(r.reason ?? "Africa's Talking refused the message.", !!r.permanent, r.providerStatus);
      return { providerId: r.providerId, cost: r.cost ?? null, providerStatus: r.providerStatus };
    },
  };
}
