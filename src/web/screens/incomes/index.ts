import { extendArea } from '../../areas/extensions';
import { lazyScreen } from '../common/lazy';

extendArea('incomes', { related: lazyScreen(() => import('../history/RecordHistory').then((m) => m.historyOf('incomes')), null) });
