// A deposit settled at the move-out, as its parts: the one place that says how the refund is made,
// read by the server (which stores it), the move-out dialog's preview and result, the lease screen
// and the tenant statement, so every screen lists the same parts and they add up to the refund.
import { Type, type Static } from 'typebox';
import { centsToDecimal, parseMoney } from './resource-values.js';

export const SettlementFigures = Type.Object({
  deposit: Type.String({ description: 'the deposit the tenant paid (held at the move-out)' }),
  unpaid_cancelled: Type.String({ description: 'deposit billed but never paid, cancelled (not owed once the tenancy ends; not part of the refund)' }),
  arrears: Type.String({ description: 'the lease\'s open balance at the move-out, before the deposit' }),
  applied: Type.String({ description: 'of the deposit, applied to the arrears' }),
  unused_days_credit: Type.String({ description: 'money the tenant paid for days after the move-out (the last period credited)' }),
  refundable: Type.String(),
});
export type SettlementFigures = Static<typeof SettlementFigures>;

export type SettlementPart = 'deposit' | 'applied' | 'unused_days_credit' | 'refundable';

/** The refund, in cents: deposit paid − applied to arrears + unused days credit. */
export function refundCents(deposit: bigint, applied: bigint, unusedDaysCredit: bigint): bigint {
  return deposit - applied + unusedDaysCredit;
}

/** The figures of a settlement from its parts in cents (the refund computed here, never elsewhere). */
export function settlementFigures(p: { deposit: bigint; unpaidCancelled: bigint; arrears: bigint; applied: bigint; unusedDaysCredit: bigint }): SettlementFigures {
  return {
    deposit: centsToDecimal(p.deposit), unpaid_cancelled: centsToDecimal(p.unpaidCancelled), arrears: centsToDecimal(p.arrears),
    applied: centsToDecimal(p.applied), unused_days_credit: centsToDecimal(p.unusedDaysCredit),
    refundable: centsToDecimal(refundCents(p.deposit, p.applied, p.unusedDaysCredit)),
  };
}

/**
 * The lines a screen shows, in order, each with its sign in the sum: deposit paid (+), applied to
 * arrears (−), unused days credit (+), refund (=). Lines that are zero are kept (a person checks
 * the sum), except the unused days credit when there is none.
 */
export function settlementLines(s: Pick<SettlementFigures, 'deposit' | 'applied' | 'unused_days_credit' | 'refundable'>): Array<{ part: SettlementPart; sign: '+' | '−' | '='; amount: string }> {
  const unused = parseMoney(s.unused_days_credit ?? '0') ?? 0n;
  return [
    { part: 'deposit', sign: '+', amount: s.deposit },
    { part: 'applied', sign: '−', amount: s.applied },
    ...(unused !== 0n ? [{ part: 'unused_days_credit' as const, sign: '+' as const, amount: s.unused_days_credit }] : []),
    { part: 'refundable', sign: '=', amount: s.refundable },
  ];
}
