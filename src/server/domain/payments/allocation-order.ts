// Which open invoice a payment pays first: pure, so the rule is stated (and property-tested) once.

/** settings.allocation_order (resources/settings.ts ALLOCATION_ORDERS). */
export type AllocationOrder = 'oldest_due_first' | 'charge_priority_first';

export interface Payable {
  id: string;
  due_date: string;
  issue_date: string;
  /** the invoice's most urgent line: the lowest charge priority among its lines (rent 0, see linePriority) */
  priority: number;
  balance: bigint;
}

/**
 * The order a payment pays a tenant's open invoices in (product.md 4.4):
 * - `oldest_due_first` (default): oldest due date first; charge priority breaks a tie;
 * - `charge_priority_first`: rent (and other low-priority-number charges) before other charges,
 *   then oldest due date first among equals;
 * then issue date and id, so the order is total. An invoice the tenant chose (a payment's
 * invoice_id) goes before all of them when it is one of the open ones.
 */
export function allocationOrder<T extends Payable>(open: readonly T[], order: AllocationOrder = 'oldest_due_first', chosen?: string | null): T[] {
  const byPriority = order === 'charge_priority_first';
  return [...open].sort((a, b) => {
    if (chosen && (a.id === chosen) !== (b.id === chosen)) return a.id === chosen ? -1 : 1;
    const due = a.due_date.localeCompare(b.due_date);
    const pri = a.priority - b.priority;
    return (byPriority ? pri || due : due || pri) || a.issue_date.localeCompare(b.issue_date) || a.id.localeCompare(b.id);
  });
}

/**
 * What `amount` pays, in order: each invoice at most its balance, the payment at most its amount;
 * what is left over is `remaining` (credit on account).
 */
export function planAllocation(ordered: readonly Payable[], amount: bigint): { allocations: Array<{ invoice_id: string; amount: bigint }>; remaining: bigint } {
  let remaining = amount > 0n ? amount : 0n;
  const allocations: Array<{ invoice_id: string; amount: bigint }> = [];
  for (const inv of ordered) {
    if (remaining <= 0n) break;
    if (inv.balance <= 0n) continue;
    const take = inv.balance < remaining ? inv.balance : remaining;
    allocations.push({ invoice_id: inv.id, amount: take });
    remaining -= take;
  }
  return { allocations, remaining };
}
