import { extendArea } from '../../areas/extensions';
import { lazyScreen } from '../common/lazy';

extendArea('leases', { form: lazyScreen(() => import('./LeaseForm').then((m) => m.LeaseForm)) });
