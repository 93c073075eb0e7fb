import { extendArea } from '../../areas/extensions';
import { lazyScreen } from '../common/lazy';

// "Request payment" on a tenant's form, for their whole balance (the invoice form and the compose
// screen place the same button themselves)
extendArea('tenants', { recordActions: lazyScreen(() => import('./RequestPayment').then((m) => m.TenantRequestPayment), null) });
