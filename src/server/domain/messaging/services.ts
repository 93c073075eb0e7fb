import type { Mailer } from '../../mail/mailer.js';
import { africasTalkingDriver, type AfricasTalkingOptions } from './africastalking.js';
import { logSmsDriver, type LineLogger, type SmsDriverFactory } from './sms-driver.js';

/** What sending needs from the running server: its log, its mail driver and the SMS drivers it has. */
export interface MessagingServices {
  log: LineLogger & { error(obj: object, msg: string): void };
  mailer: Mailer;
  /** SMS drivers by settings.sms_driver name; an organisation naming another one gets its messages failed with a reason. */
  smsDrivers: Record<string, SmsDriverFactory>;
  /** The driver of an organisation whose settings name none (config SMS_DRIVER). */
  defaultSmsDriver: string;
  /** Seconds a worker holds a claimed message (claim.ts; default 600). */
  leaseSeconds?: number;
  /** The first retry's delay after a transient failure, doubled each time (outcome.ts; default 30). */
  retryBaseSeconds?: number;
}

/** The SMS drivers every server has (settings.sms_driver names one). */
export function smsDriverFactories(log: LineLogger, africasTalking: AfricasTalkingOptions = {}): Record<string, SmsDriverFactory> {
  return {
    log: () => logSmsDriver(log),
    africastalking: (account) => africasTalkingDriver(account, africasTalking),
  };
}

export function defaultMessagingServices(
  log: MessagingServices['log'], mailer: Mailer, defaultSmsDriver = 'log', africasTalking: AfricasTalkingOptions = {},
): MessagingServices {
  return { log, mailer, smsDrivers: smsDriverFactories(log, africasTalking), defaultSmsDriver };
}

// The record hooks (crud/hooks.ts) run inside the generic repository, which knows nothing of the
// app: the app registers its services here when it starts (app.ts), and a message written
// before that (a script) stays queued for the scheduler.
let current: MessagingServices | null = null;

export function configureMessaging(services: MessagingServices | null): void {
  current = services;
}

export function messagingServices(): MessagingServices | null {
  return current;
}
