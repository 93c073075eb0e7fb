// The money screens' pieces in the areas' generic screens (see ../areas/extensions.ts).
// Only the keys this folder owns are set; extendArea merges them with other folders' keys.
import { extendArea } from '../areas/extensions';
import { InvoiceListActions } from './BillingActions';

extendArea('invoices', { listActions: InvoiceListActions });
