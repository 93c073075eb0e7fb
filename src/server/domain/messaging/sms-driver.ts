import { ulid } from 'ulid';

/** One SMS to one number. */
export interface OutgoingSms {
  to: string;
  body: string;
  /** The organisation's sender ID (settings.sms_sender_id), when it has one. */
  senderId?: string | null;
}

/**
 * A driver's refusal, with the reason in plain words (shown beside the message).
 * permanent: retrying cannot help (invalid number, blacklisted, bad key); otherwise the sender
 * may retry with backoff. Any other Error a driver throws counts as transient.
 */
export class SmsSendError extends Error {
  constructor(message: string, readonly permanent: boolean, readonly providerStatus?: string) {
    super(message);
    this.name = 'SmsSendError';
  }
}

/** What the provider said when it accepted a message. */
export interface SmsReceipt {
  /** The provider's id of the message (delivery reports name it). */
  providerId: string | null;
  /** The provider's price as it gave it, e.g. "KES 0.8000". */
  cost?: string | null;
  /** The provider's own word for the outcome (Africa's Talking: Success, Queued…). */
  providerStatus?: string;
}

/** One recipient's outcome of a batch: accepted (ok) or refused with a reason. */
export interface SmsResult extends SmsReceipt {
  to: string;
  ok: boolean;
  reason?: string;
  /** Set when !ok: retrying cannot help. */
  permanent?: boolean;
}

/**
 * How SMS leave the server (product section 5). A driver either accepts the message (a receipt)
 * or throws (SmsSendError says whether it is permanent; any other Error is transient).
 */
export interface SmsDriver {
  readonly name: string;
  /**
   * True for a driver that only writes the message down (the log driver): nothing reaches a
   * phone, so no credit is spent and the message is kept as `logged`, never `sent`.
   */
  readonly logOnly?: boolean;
  send(sms: OutgoingSms): Promise<SmsReceipt>;
  /**
   * Many recipients in one provider request (Africa's Talking: comma-separated `to`): one result
   * per input, in the same order. Throws only when the whole request failed (transient unless an
   * SmsSendError says permanent).
   */
  sendBatch?(list: OutgoingSms[]): Promise<SmsResult[]>;
}

/** What a driver may need from the organisation's settings. */
export interface SmsAccount {
  senderId?: string | null;
  username?: string | null;
  apiKey?: string | null;
}

export interface LineLogger {
  info(obj: object, msg: string): void;
}

/** The default driver: writes the message to the server log; nothing is delivered. */
export function logSmsDriver(log: LineLogger): SmsDriver {
  const send = async (sms: OutgoingSms): Promise<SmsReceipt> => {
    const providerId = `log-${ulid()}`;
    log.info({ sms: { to: sms.to, from: sms.senderId ?? null, providerId } }, `sms (log driver) to ${sms.to}: ${sms.body}`);
    return { providerId };
  };
  return {
    name: 'log',
    logOnly: true,
    send,
    async sendBatch(list) {
      const out: SmsResult[] = [];
      for (const sms of list) out.push({ to: sms.to, ok: true, ...(await send(sms)) });
      return out;
    },
  };
}

export type SmsDriverFactory = (account: SmsAccount) => SmsDriver;
