import { extendArea } from '../../areas/extensions';
import { lazyScreen } from '../common/lazy';

extendArea('payments', { form: lazyScreen(() => import('./PaymentForm').then((m) => m.PaymentForm)) });
