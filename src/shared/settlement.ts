// A deposit settled at the move-out, as its parts: the one place that says how the refund is made,
// read by the server (which stores it), the move-out dialog's preview and result, the lease screen
// and the tenant statement, so every screen lists the same parts and they add up to the refund.
import { centsToDecimal, parseMoney } from './resource-values.js';

/** What a move-out deduction is for (each becomes a 'deduction' line charged against the deposit). */
export const DEDUCTION_CATEGORIES = ['repairs', 'unpaid_rent', 'utilities', 'cleaning', 'other'] as const;
export type DeductionCategory = (typeof DEDUCTION_CATEGORIES)[number];

/** How the refund left the agency (the same ways as an owner's payout). */
export const REFUND_METHODS = ['bank', 'mpesa', 'cheque', 'cash'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

export interface Deduction { category: DeductionCategory; description: string; amount: string }

/** The refund paid out to the tenant, once recorded (who approved it: refunded_by). */
export interface DepositRefund {
  amount: string; method: RefundMethod; reference: string | null; date: string;
  refunded_by: string | null; refunded_by_name?: string | null;
}

export interface SettlementFigures {
  /** the deposit the tenant paid (held at the move-out) */
  deposit: string;
  /** deposit billed but never paid, cancelled (not owed once the tenancy ends; not part of the refund) */
  unpaid_cancelled: string;
  /** the lease's open balance at the move-out, before the deposit and the deductions */
  arrears: string;
  /** of the deposit, applied to the arrears */
  applied: string;
  /** the itemised deductions charged against the deposit, each in full */
  deductions: Deduction[];
  /** their sum */
  deductions_total: string;
  /** of the deposit, applied to the deductions (at most the deposit) */
  deducted: string;
  /** the deductions the deposit did not cover: the tenant owes them (left open on the invoice) */
  owed: string;
  /** money the tenant paid for days after the move-out (the last period credited) */
  unused_days_credit: string;
  refundable: string;
}

export type SettlementPart = 'deposit' | 'applied' | 'deduction' | 'unused_days_credit' | 'owed' | 'refundable';

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
    refundable: centsToDecimal(refundCents(p.deposit, p.applied, p.unusedDaysCredit, deducted)),
  };
}

export interface SettlementLine { part: SettlementPart; sign: '+' | '−' | '='; amount: string; label?: string; category?: DeductionCategory }

/**
 * The lines a screen shows, in order, each with its sign in the sum: deposit paid (+), applied to
 * arrears (−), each deduction in full (−), unused days credit (+), what the deposit did not cover
 * of the deductions, owed by the tenant (+: it is not taken from the refund), refund (=). Lines
 * that are zero are kept (a person checks the sum), except the unused days credit and the owed
 * part when there are none.
 */
export function settlementLines(s: Pick<SettlementFigures, 'deposit' | 'applied' | 'unused_days_credit' | 'refundable'> & Partial<Pick<SettlementFigures, 'deductions' | 'owed'>>): SettlementLine[] {
  const unused = parseMoney(s.unused_days_credit ?? '0') ?? 0n;
  const owed = parseMoney(s.owed ?? '0') ?? 0n;
  return [
    { part: 'deposit', sign: '+', amount: s.deposit },
    { part: 'applied', sign: '−', amount: s.applied },
    ...(s.deductions ?? []).map((d): SettlementLine => ({ part: 'deduction', sign: '−', amount: d.amount, label: d.description, category: d.category })),
    ...(unused !== 0n ? [{ part: 'unused_days_credit' as const, sign: '+' as const, amount: s.unused_days_credit }] : []),
    ...(owed !== 0n ? [{ part: 'owed' as const, sign: '+' as const, amount: centsToDecimal(owed) }] : []),
    { part: 'refundable', sign: '=', amount: s.refundable },
  ];
}

/** A line's signed value in cents (the '=' line is the result, not a term). */
export const lineValue = (l: SettlementLine): bigint => (l.sign === '−' ? -1n : 1n) * (parseMoney(l.amount) ?? 0n);

export interface DepositLedger {
  /** the deposit the tenant paid (its billed lines paid), for every lease of the statement */
  received: string;
  applied: string;
  deducted: string;
  /** paid for days after a move-out, refunded with the deposit */
  unused_days_credit: string;
  refunded: string;
  /** received − applied − deducted + unused days credit − refunded */
  balance_held: string;
}

/** The deposit's own ledger for the tenant statement, from its parts in cents (the balance computed here). */
export function depositLedger(p: { received: bigint; applied: bigint; deducted: bigint; unusedDaysCredit: bigint; refunded: bigint }): DepositLedger {
  return {
    received: centsToDecimal(p.received), applied: centsToDecimal(p.applied), deducted: centsToDecimal(p.deducted),
    unused_days_credit: centsToDecimal(p.unusedDaysCredit), refunded: centsToDecimal(p.refunded),
    balance_held: centsToDecimal(p.received - p.applied - p.deducted + p.unusedDaysCredit - p.refunded),
  };
}
