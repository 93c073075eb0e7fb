import { Cron } from 'croner';
import type { Db } from '../../db/client.js';
import { sendDueMessages } from './dispatch.js';
import type { MessagingServices } from './services.js';

export interface MessageSender { stop(): void }

/**
 * Every minute: the queued messages whose scheduled time has come go out. Any number of server
 * processes may run it (dispatch.ts claims with SKIP LOCKED); within one, a pass still running
 * when the next minute comes is not overlapped (protect).
 */
export function startMessageSender(db: Db, services: MessagingServices, pattern = '* * * * *'): MessageSender {
  const job = new Cron(pattern, { protect: true }, async () => {
    try {
      await sendDueMessages(db, services);
    } catch (err) {
      services.log.error({ err }, 'message sender failed');
    }
  });
  return { stop: () => job.stop() };
}
