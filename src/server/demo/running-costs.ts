// The buildings' running costs and the other income, planned as events of the history.
import { expenses, incomes } from '../../../resources/index.js';
import type { RecordValues } from '../../shared/resource.js';
import { updateRecord } from '../crud/repository.js';
import { approveExpense } from '../domain/expenses.js';
import { add, event, type DemoContext } from './context.js';
import { addDays, addMonths, mpesaCode } from './helpers.js';

/** The buildings' running costs and the other income, month by month; last month's bills partly unpaid. */
export function planRunningCosts(ctx: DemoContext, months: string[]) {
  const r = ctx.r;
  const lastMonth = addMonths(ctx.month, -1);
  const prop = (key: string) => ctx.properties.get(key)!.id;
  const expense = (input: RecordValues, approve?: 'approve' | 'pay') => async () => {
    const record = await add(ctx, expenses, input);
    if (!approve) return;
    // above the approval threshold: entered pending, approved by the manager, then paid
    await approveExpense(ctx.tx, ctx.organizationId, ctx.adminId, String(record.id));
    if (approve === 'pay') await updateRecord(ctx.tx, expenses, ctx.organizationId, String(record.id), { status: 'paid' });
  };
  for (const [i, m] of months.entries()) {
    const recent = m >= lastMonth;
    const power = `${r.int(76, 96)}${r.digits(1)}0.00`;
    event(ctx, addDays(m, 4), 5, expense({ property_id: prop('RUA'), category: 'cleaning', payee: 'Taka Safi Waste Collectors', amount: '6000.00', date: addDays(m, 4), reference: `TS-${8700 + i * 11}`, borne_by: 'owner', status: 'paid' }));
    event(ctx, addDays(m, 7), 5, expense({ property_id: prop('KIL'), category: 'utilities', payee: 'Kenya Power (common areas)', amount: power, date: addDays(m, 7), reference: '37190044128', borne_by: 'owner', status: 'paid' }));
    event(ctx, addDays(m, 26), 5, expense({ property_id: prop('KAS'), category: 'security', payee: 'Salama Guards Ltd', amount: '18000.00', date: addDays(m, 26), reference: `SG/${2220 + i}`, borne_by: 'owner', status: recent ? 'approved' : 'paid' }));
    event(ctx, addDays(m, 27), 5, async () => {
      await add(ctx, incomes, { property_id: prop('KIL'), category: 'parking', amount: '4500.00', date: addDays(m, 27), channel_id: ctx.channels.cash.id, reference: `RB 0${400 + i * 5}`, description: 'Visitor parking for the month.' });
    });
    if (i % 3 === 1) {
      event(ctx, addDays(m, 14), 5, expense({ property_id: prop('KIL'), category: 'repairs', payee: 'Otis Elevators Kenya', amount: '24000.00', date: addDays(m, 14), reference: `OTIS-SV-${310 + i}`, borne_by: 'owner', status: 'paid' }, recent ? 'approve' : 'pay'));
    }
  }
  // last month: the water bill and the land rates wait for approval; the agency's own income
  event(ctx, addDays(lastMonth, 24), 5, expense({ property_id: prop('KIL'), category: 'utilities', payee: 'Nairobi City Water and Sewerage Company', amount: '21600.00', date: addDays(lastMonth, 24), reference: 'NCWSC 2210034', borne_by: 'owner', status: 'pending' }));
  event(ctx, addDays(lastMonth, 14), 5, expense({ property_id: prop('SYO'), category: 'taxes', payee: 'County Government of Machakos', amount: '12500.00', date: addDays(lastMonth, 14), reference: 'Land rates', borne_by: 'owner', status: 'pending' }));
  const incomesInput: RecordValues[] = [
    { property_id: prop('KIL'), category: 'commission', amount: '42560.00', date: addDays(lastMonth, 9), channel_id: ctx.channels.bank.id, reference: `COMM-${lastMonth.slice(0, 7)}`, description: 'Management commission for Jirani Heights.' },
    { property_id: prop('KAS'), category: 'letting_fee', amount: '9000.00', date: addDays(lastMonth, 2), channel_id: ctx.channels.paybill.id, reference: mpesaCode(r, lastMonth), description: 'Letting fee for a new tenant in Mwiki Court.' },
    { category: 'other', amount: '1500.00', date: addDays(lastMonth, 17), channel_id: ctx.channels.cash.id, reference: 'RB 0451', description: 'Replacement gate remote.' },
  ];
  for (const input of incomesInput) event(ctx, String(input.date), 5, async () => { await add(ctx, incomes, input); });
}
