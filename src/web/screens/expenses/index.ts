import type { RaRecord } from 'react-admin';
import { extendArea } from '../../areas/extensions';
import { lazyScreen } from '../common/lazy';

extendArea('expenses', {
  recordActions: lazyScreen(() => import('./ExpenseApprove').then((m) => m.ExpenseApprove), null),
  related: lazyScreen(() => import('../history/RecordHistory').then((m) => m.historyOf('expenses')), null),
  savedNote: (saved: RaRecord) => (saved.status === 'pending' ? 'screens.expense_approve.saved_pending' : null),
});
