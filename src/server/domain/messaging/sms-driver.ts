import { ulid } from 'ulid';

/** One SMS to one number. */
export interface OutgoingSms {
  to: string;
  body: string;
  /** The organisation's sender ID (settings.sms_sender_id), when it has one. */
  senderId?: string | null;
}

export interface SmsReceipt {
  /** The provider's id of the message (for delivery reports). */
  providerId: string | null;
}

/**
 * How SMS leave the server (product section 5). A driver either accepts the message (a receipt)
 * or throws an Error whose message says why; the caller marks the message sent or failed.
 */
export interface SmsDriver {
  readonly name: string;
  /**
   * True for a driver that only writes the message down (the log driver): nothing reaches a
   * phone, so no credit is spent and the message is kept as `logged`, never `sent`.
   */
  readonly logOnly?: boolean;
  send(sms: OutgoingSms): Promise<SmsReceipt>;
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
  return {
    name: 'log',
    logOnly: true,
    async send(sms) {
      const providerId = `log-${ulid()}`;
      log.info({ sms: { to: sms.to, from: sms.senderId ?? null, providerId } }, `sms (log driver) to ${sms.to}: ${sms.body}`);
      return { providerId };
    },
  };
}

export type SmsDriverFactory = (account: SmsAccount) => SmsDriver;
