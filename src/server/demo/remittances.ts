// Payouts to the owners, planned as events of the history: on the 10th of each month, most of
// what the agency holds for three of the owners (checked against their statement on the day),
// approved by the administrator; one M-Pesa payout sent to an old number is voided and paid
// again, and this month's cheque waits as a draft for approval.
import { remittances } from '../../../resources/index.js';
import { approveRemittance, dueToOwner, voidRemittance } from '../domain/remittances.js';
import { add, event, type DemoContext } from './context.js';
import { addDays, addMonths, lastOfMonth, shillings } from './helpers.js';

const PAYOUTS = [
  { property: 'KIL', method: 'bank', reference: (m: string) => `EFT/JPM/${m.replace('-', '')}/01` },
  { property: 'RUA', method: 'mpesa', reference: (m: string) => `SRK${m.slice(2, 4)}${m.slice(5, 7)}Q7W` },
  { property: 'KAS', method: 'cheque', reference: (m: string) => `CHQ ${100200 + Number(m.slice(5, 7))}` },
] as const;

export function planRemittances(ctx: DemoContext, months: string[]) {
  for (const [i, m] of months.entries()) {
    const payDay = addDays(addMonths(m, 1), 9);
    if (payDay > ctx.today) continue;
    const settles = { period_start: m, period_end: lastOfMonth(m) };
    for (const p of PAYOUTS) {
      event(ctx, payDay, 7, async () => {
        const property = ctx.properties.get(p.property)!;
        const ownerId = String(property.owner_id);
        // nine tenths of what is due, to the thousand: the rest stays for the month's bills
        const due = await dueToOwner(ctx.tx, ctx.organizationId, ownerId, payDay);
        const amount = (due * 9n) / 10n / 100_000n * 100_000n;
        if (amount <= 0n) return;
        const input = {
          owner_id: ownerId, property_id: String(property.id), method: p.method, reference: p.reference(m.slice(0, 7)), date: payDay,
          amount: shillings(amount), ...settles, notes: `Rent collected in ${m.slice(0, 7)}, less commission and expenses.`,
        };
        const record = await add(ctx, remittances, input);
        const latest = addMonths(payDay, 1) > ctx.today;
        if (latest && p.method === 'cheque') return; // waits for approval
        await approveRemittance(ctx.tx, ctx.organizationId, ctx.adminId, String(record.id), false);
        if (i === 2 && p.method === 'mpesa') {
          await voidRemittance(ctx.tx, ctx.organizationId, ctx.adminId, String(record.id), 'Sent to the owner’s old M-Pesa number; reversed by Safaricom and paid again.', addDays(payDay, 1));
          const again = await add(ctx, remittances, { ...input, date: addDays(payDay, 1), reference: `${input.reference}R` });
          await approveRemittance(ctx.tx, ctx.organizationId, ctx.adminId, String(again.id), false);
        }
      });
    }
  }
}
