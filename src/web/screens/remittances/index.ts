import { extendArea } from '../../areas/extensions';
import { lazyScreen } from '../common/lazy';

extendArea('remittances', {
  recordActions: lazyScreen(() => import('./RemittanceActions').then((m) => m.RemittanceActions), null),
  related: lazyScreen(() => import('../history/RecordHistory').then((m) => m.historyOf('remittances')), null),
});
