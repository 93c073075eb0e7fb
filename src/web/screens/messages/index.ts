import { extendArea } from '../../areas/extensions';
import { lazyScreen } from '../common/lazy';

// the declared page '/send-message/:tenant_id?' (resources/messages.ts, page 'compose-message')
extendArea('page:compose-message', { form: lazyScreen(() => import('./ComposeMessage').then((m) => m.ComposeMessage)) });
// the outbox: why a message failed, and a button to send it again
extendArea('messages', {
  rowActions: lazyScreen(() => import('./RetryMessage').then((m) => m.RetryMessage), null),
  // the outbox's failed ones, all at once
  listActions: lazyScreen(() => import('./RetryFailed').then((m) => m.RetryFailed), null),
});
