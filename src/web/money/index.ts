// Money screens: the three statements (own routes), the dashboard's figures and the invoices
// list's billing actions (registered through ./register.ts).
export { TenantStatementPage } from './TenantStatementPage';
export { PropertyStatementPage } from './PropertyStatementPage';
export { AgingPage } from './AgingPage';
export { RentalIncomeTaxPage } from './RentalIncomeTaxPage';
export { PeriodsPage } from './PeriodsPage';
