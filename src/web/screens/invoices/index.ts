import { extendArea } from '../../areas/extensions';
import { lazyScreen } from '../common/lazy';

extendArea('invoices', { form: lazyScreen(() => import('./InvoiceForm').then((m) => m.InvoiceForm)) });
