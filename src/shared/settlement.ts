// A deposit settled at the move-out, as its parts: the one place that says how the refund is made,
// read by the server (which stores it), the move-out dialog's preview and result, the lease screen
// and the tenant statement, so every screen lists the same parts and they add up to the refund.
import { Type, type Static } from 'typebox';
import { centsToDecimal, parseMoney } from './resource-values.js';

/** What a move-out deduction is for (each becomes a 'deduction' line charged against the deposit). */
export const DEDUCTION_CATEGORIES = ['repairs', 'unpaid_rent', 'utilities', 'cleaning', 'other'] as const;
export type DeductionCategory = (typeof DEDUCTION_CATEGORIES)[number];

/** How the refund left the agency (the same ways as an owner's payout). */
export const REFUND_METHODS = ['bank', 'mpesa', 'cheque', 'cash'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

export const Deduction = Type.Object({
  category: Type.Unsafe<DeductionCategory>({ type: 'string', enum: [...DEDUCTION_CATEGORIES] }),
  description: Type.String(),
  amount: Type.String(),
});
export type Deduction = Static<typeof Deduction>;

/** The refund paid out to the tenant, once recorded (who approved it: refunded_by). */
export const DepositRefund = Type.Object({
  amount: Type.String(),
  method: Type.Unsafe<RefundMethod>({ type: 'string', enum: [...REFUND_METHODS] }),
  reference: Type.Union([Type.String(), Type.Null()]),
  date: Type.String(),
  refunded_by: Type.Union([Type.String(), Type.Null()]),
  refunded_by_name: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type DepositRefund = Static<typeof DepositRefund>;

export const SettlementFigures = Type.Object({
  deposit: Type.String({ description: 'the deposit the tenant paid (held at the move-out)' }),
  unpaid_cancelled: Type.String({ description: 'deposit billed but never paid, cancelled (not owed once the tenancy ends; not part of the refund)' }),
  arrears: Type.String({ description: 'the lease\'s open balance at the move-out, before the deposit and the deductions' }),
  applied: Type.String({ description: 'of the deposit, applied to the arrears' }),
  deductions: Type.Array(Deduction, { description: 'the itemised deductions charged against the deposit, each in full' }),
  deductions_total: Type.String({ description: 'their sum' }),
  deducted: Type.String({ description: 'of the deposit, applied to the deductions (at most the deposit)' }),
  owed: Type.String({ description: 'the deductions the deposit did not cover: the tenant owes them (left open on the invoice)' }),
  unused_days_credit: Type.String({ description: 'money the tenant paid for days after the move-out (the last period credited)' }),
  credit_applied: Type.String({ description: 'of the unused days credit, what paid the tenant\'s open invoices at the move-out (deductions the deposit did not cover, arrears): not refunded' }),
  refundable: Type.String(),
});
export type SettlementFigures = Static<typeof SettlementFigures>;

export type SettlementPart = 'deposit' | 'applied' | 'deduction' | 'unused_days_credit' | 'owed' | 'credit_applied' | 'refundable';

/**
 * The refund, in cents: deposit paid − applied to arrears − deducted + unused days credit. The
 * deposit pays the deductions first, then (if asked) the arrears, so it is never negative.
 */
export function refundCents(deposit: bigint, applied: bigint, unusedDaysCredit: bigint, deducted = 0n): bigint {
  return deposit - applied - deducted + unusedDaysCredit;
}

export const sumDeductions = (ds: ReadonlyArray<{ amount: string }>): bigint => ds.reduce((s, d) => s + (parseMoney(d.amount) ?? 0n), 0n);

/** The figures of a settlement from its parts in cents (the refund computed here, never elsewhere). */
export function settlementFigures(p: {
  deposit: bigint; unpaidCancelled: bigint; arrears: bigint; applied: bigint; unusedDaysCredit: bigint;
  deductions?: Deduction[]; deducted?: bigint;
  /** of the unused days credit, what paid open invoices at the move-out */
  creditApplied?: bigint;
}): SettlementFigures {
  const deductions = p.deductions ?? [];
  const total = sumDeductions(deductions);
  const deducted = p.deducted ?? 0n;
  return {
    deposit: centsToDecimal(p.deposit), unpaid_cancelled: centsToDecimal(p.unpaidCancelled), arrears: centsToDecimal(p.arrears),
    applied: centsToDecimal(p.applied),
    deductions: deductions.map((d) => ({ category: d.category, description: d.description, amount: centsToDecimal(parseMoney(d.amount) ?? 0n) })),
    deductions_total: centsToDecimal(total), deducted: centsToDecimal(deducted), owed: centsToDecimal(total - deducted),
    unused_days_credit: centsToDecimal(p.unusedDaysCredit),
    credit_applied: centsToDecimal(p.creditApplied ?? 0n),
    refundable: centsToDecimal(refundCents(p.deposit, p.applied, p.unusedDaysCredit, deducted) - (p.creditApplied ?? 0n)),
  };
}

export interface SettlementLine { part: SettlementPart; sign: '+' | '−' | '='; amount: string; label?: string; category?: DeductionCategory }

/**
 * The lines a screen shows, in order, each with its sign in the sum: deposit paid (+), applied to
 * arrears (−), each deduction in full (−), unused days credit (+), what the deposit did not cover
 * of the deductions, owed by the tenant (+: it is not taken from the refund), the unused days
 * credit that paid open invoices (−), refund (=). Lines that are zero are kept (a person checks
 * the sum), except the unused days credit, the owed part and the credit applied when there are none.
 */
export function settlementLines(s: Pick<SettlementFigures, 'deposit' | 'applied' | 'unused_days_credit' | 'refundable'> & Partial<Pick<SettlementFigures, 'deductions' | 'owed' | 'credit_applied'>>): SettlementLine[] {
  const unused = parseMoney(s.unused_days_credit ?? '0') ?? 0n;
  const owed = parseMoney(s.owed ?? '0') ?? 0n;
  const creditApplied = parseMoney(s.credit_applied ?? '0') ?? 0n;
  return [
    { part: 'deposit', sign: '+', amount: s.deposit },
    { part: 'applied', sign: '−', amount: s.applied },
    ...(s.deductions ?? []).map((d): SettlementLine => ({ part: 'deduction', sign: '−', amount: d.amount, label: d.description, category: d.category })),
    ...(unused !== 0n ? [{ part: 'unused_days_credit' as const, sign: '+' as const, amount: s.unused_days_credit }] : []),
    ...(owed !== 0n ? [{ part: 'owed' as const, sign: '+' as const, amount: centsToDecimal(owed) }] : []),
    ...(creditApplied !== 0n ? [{ part: 'credit_applied' as const, sign: '−' as const, amount: centsToDecimal(creditApplied) }] : []),
    { part: 'refundable', sign: '=', amount: s.refundable },
  ];
}

/** A line's signed value in cents (the '=' line is the result, not a term). */
export const lineValue = (l: SettlementLine): bigint => (l.sign === '−' ? -1n : 1n) * (parseMoney(l.amount) ?? 0n);

export const DepositLedger = Type.Object({
  received: Type.String({ description: 'the deposit the tenant paid (its billed lines paid), for every lease of the statement' }),
  applied: Type.String(),
  deducted: Type.String(),
  unused_days_credit: Type.String({ description: 'paid for days after a move-out, refunded with the deposit' }),
  refunded: Type.String(),
  balance_held: Type.String({ description: 'received − applied − deducted + unused days credit − refunded' }),
});
export type DepositLedger = Static<typeof DepositLedger>;

/** The deposit's own ledger for the tenant statement, from its parts in cents (the balance computed here). */
export function depositLedger(p: { received: bigint; applied: bigint; deducted: bigint; unusedDaysCredit: bigint; refunded: bigint }): DepositLedger {
  return {
    received: centsToDecimal(p.received), applied: centsToDecimal(p.applied), deducted: centsToDecimal(p.deducted),
    unused_days_credit: centsToDecimal(p.unusedDaysCredit), refunded: centsToDecimal(p.refunded),
    balance_held: centsToDecimal(p.received - p.applied - p.deducted + p.unusedDaysCredit - p.refunded),
  };
}
