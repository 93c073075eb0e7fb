// Side-effect imports: each screen folder calls extendArea() for the areas it extends.
// The generic kit imports this file once, before it reads areaExtensions.
import '../money/register';
import '../screens/roles';
import '../screens/users';
import '../screens/leases';
import '../screens/invoices';
import '../screens/payments';
import '../screens/expenses';
import '../screens/incomes';
import '../screens/templates';
import '../screens/settings';
import '../screens/messages';
import '../screens/payment-channels';
import '../screens/sms-credits';
import '../screens/portfolio';
export {};
