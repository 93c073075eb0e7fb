import { extendArea } from '../../areas/extensions';
import { lazyScreen } from '../common/lazy';

// an M-Pesa channel's Daraja URLs (with their secret) and key status, under its form, for editors
extendArea('payment-channels', { related: lazyScreen(() => import('./DarajaPanel').then((m) => m.DarajaPanel), null) });
