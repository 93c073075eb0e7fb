// A history entry (GET /{resource}/{id}/history) in words: what happened ("Voided: tenant moved
// before occupying", "Allocated Ksh 5,000.00 from RCT-000012"), when in Nairobi time, who, and
// each field that changed with its label, money through the currency formatter. Pure, so the
// words are tested without a screen.
import { resourceByName } from '../../../../resources/index';
import { formatCurrency, formatDateTime } from '../../../shared/format';
import type { Field, Resource } from '../../../shared/resource';
import { centsToDecimal, parseMoney } from '../../../shared/resource-values';
import { formatDate } from '../../money/dates';
import { humanise, type Labels } from '../../generic/labels';

import type { HistoryEntry } from '../../../shared/report-shapes';
export type { HistoryChange, HistoryEntry, RecordHistory } from '../../../shared/report-shapes';

export interface Described {
  title: string;
  /** A second sentence (a lease's deposit settlement). */
  extra: string | null;
  /** Shown when the title does not already say it. */
  reason: string | null;
  when: string;
  who: string;
  changes: Array<{ label: string; old: string | null; new: string }>;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface DescribeContext {
  resource: string;
  references: Record<string, string>;
  translate: Translate;
  labels: Labels;
  /** The UI language: en or sw. */
  locale: string;
}

const K = 'screens.history';
/** Actions whose sentence already quotes the reason. */
const REASON_IN_TITLE = new Set(['void', 'waive_penalty', 'reverse', 'release']);
/** Child tables a payment's allocation sentence already lists. */
const SAID_IN_TITLE: Record<string, string[]> = { allocate: ['allocations', 'unallocated'], reallocate: ['allocations', 'unallocated'] };

const money = (v: unknown) => formatCurrency(v);
const cents = (v: unknown): bigint => parseMoney(v ?? '0') ?? 0n;
const abs = (c: bigint) => (c < 0n ? -c : c);

/** When, in Nairobi time, in the UI's language: "14 Jan 2026, 10:05". */
export function formatWhen(iso: string, locale: string): string {
  return formatDateTime(iso, `${locale}-KE`) || iso;
}

type Row = Record<string, unknown>;
const rowsOf = (v: unknown): Row[] => (Array.isArray(v) ? (v.filter((r) => r && typeof r === 'object') as Row[]) : []);

function childText(resource: Resource, key: string, v: unknown, ctx: DescribeContext): string {
  const rows = rowsOf(v);
  const ref = (id: unknown) => ctx.references[String(id)] ?? '—';
  if (key === 'lines') {
    const total = rows.reduce((s, r) => s + cents(r.amount), 0n);
    return ctx.translate(`${K}.lines`, { smart_count: rows.length, total: money(centsToDecimal(total)) });
  }
  if (!rows.length) return ctx.translate(`${K}.none`);
  const child = resource.children.find((c) => c.key === key);
  const refField = child?.fields.find((f) => f.kind === 'reference');
  const moneyField = child?.fields.find((f) => f.kind === 'money');
  return rows.map((r) => [refField ? ref(r[refField.key]) : null, moneyField && r[moneyField.key] != null ? money(r[moneyField.key]) : null].filter(Boolean).join(' ')).join(', ');
}

/** One field's value as a person reads it. */
export function valueText(resource: Resource, key: string, v: unknown, ctx: DescribeContext): string | null {
  if (resource.children.some((c) => c.key === key)) return childText(resource, key, v, ctx);
  if (v === null || v === undefined || v === '') return null;
  const f: Field | undefined = resource.fields.find((x) => x.key === key);
  switch (f?.kind) {
    case 'money': return money(v);
    case 'date': return formatDate(String(v), ctx.locale);
    case 'datetime': return formatWhen(String(v), ctx.locale);
    case 'choice': return ctx.labels.choice(key, String(v));
    case 'multi_choice': return (Array.isArray(v) ? v : [v]).map((x) => ctx.labels.choice(key, String(x))).join(', ');
    case 'reference': return ctx.references[String(v)] ?? '—';
    case 'boolean': return ctx.translate(v ? 'ra.boolean.true' : 'ra.boolean.false');
    case 'percent': return `${String(v)} %`;
    default: return String(v);
  }
}

function title(e: HistoryEntry, resource: Resource, ctx: DescribeContext): string {
  const t = (key: string, args?: Record<string, unknown>) => ctx.translate(`${K}.action.${key}`, args);
  const d = e.details ?? {};
  const change = (field: string) => e.changes.find((c) => c.field === field);
  const ref = (id: unknown) => ctx.references[String(id)] ?? '—';
  const reason = e.reason ?? '';
  const number = String(change('number')?.new ?? d.number ?? '');
  switch (e.action) {
    case 'create': case 'update': case 'delete': case 'approve': case 'activate':
      return t(e.action);
    case 'issue':
      return t('issue', { number });
    case 'billing_run':
      return t('issue_run', { number });
    case 'activate_lease':
      return t('activate_lease', { number });
    case 'end_lease':
      return 'adjustment' in d ? t('end_lease_adjust', { amount: money(d.adjustment), description: String(d.description ?? '') }) : t('end_lease_issue', { number });
    case 'apply_deposit':
    case 'apply_unused_credit':
    case 'cancel_deposit':
      return t(e.action, { amount: money(centsToDecimal(abs(cents(d.adjustment)))) });
    case 'penalty':
      return t('penalty', { amount: money(d.added) });
    case 'waive_penalty': {
      const total = change('total');
      return t('waive_penalty', { amount: money(centsToDecimal(abs(cents(total?.old) - cents(total?.new)))), reason });
    }
    case 'void':
    case 'release':
      return t(e.action, { reason });
    case 'bill':
    case 'charge_tenant':
      return t(e.action);
    case 'assign':
      return t('assign', { tenant: ref(change('tenant_id')?.new) });
    case 'notice':
      return t('notice', { date: valueText(resource, 'move_out_date', change('move_out_date')?.new, ctx) ?? '—' });
    case 'end':
      return t('end', { date: valueText(resource, 'move_out_date', change('move_out_date')?.new ?? change('move_out_date')?.old, ctx) ?? '—' });
    default:
      break;
  }
  if (['allocate', 'reallocate', 'reverse'].includes(e.action)) {
    if (resource.name === 'invoices') {
      const amount = cents(d.amount);
      const args = { amount: money(centsToDecimal(abs(amount))), receipt: ref(d.payment_id), reason };
      if (e.action === 'allocate') return t('allocate_in', args);
      if (e.action === 'reverse') return t('reverse_in', args);
      return t(amount < 0n ? 'reallocate_off' : 'reallocate_in', args);
    }
    if (e.action === 'reverse') return t('reverse', { reason });
    const list = rowsOf(change('allocations')?.new).map((a) => t('to_invoice', { amount: money(a.amount), invoice: ref(a.invoice_id) })).join(', ');
    const left = cents(change('unallocated')?.new);
    const credit = left > 0n ? `; ${t('credit', { amount: money(centsToDecimal(left)) })}` : '';
    if (!list) return e.action === 'reallocate' ? t('reallocate_none') : t('credit', { amount: money(centsToDecimal(left)) });
    return `${t(e.action === 'allocate' ? 'allocate_out' : 'reallocate_out', { list })}${credit}`;
  }
  return humanise(e.action);
}

function extra(e: HistoryEntry, ctx: DescribeContext): string | null {
  const s = e.details?.deposit_settlement as Record<string, unknown> | undefined;
  if (e.action !== 'end' || !s) return null;
  // settlements recorded before the unused days credit had its own figure kept it inside the refund
  const c = (v: unknown) => parseMoney(String(v ?? '0')) ?? 0n;
  // what of it was not spent on open invoices at the move-out (credit_applied), so the sum holds
  const unused = (s.unused_days_credit !== undefined ? c(s.unused_days_credit) : c(s.refundable) - (c(s.deposit) - c(s.applied))) - c(s.credit_applied);
  // the deducted term only when the move-out had deductions (older settlements read as they did)
  return ctx.translate(`${K}.action.${c(s.deducted) !== 0n ? 'settlement_deducted' : 'settlement'}`, {
    deposit: money(s.deposit), applied: money(s.applied), unused: money(centsToDecimal(unused)), refundable: money(s.refundable),
    deducted: money(s.deducted ?? '0'),
  });
}

/** The fields a row shows: on a creation only the ones its list shows (the rest is on the record). */
function shownChanges(e: HistoryEntry, resource: Resource, ctx: DescribeContext): Described['changes'] {
  if (e.action === 'delete') return [];
  const created = e.changes.every((c) => c.old === null);
  const hidden = new Set(resource.name === 'payments' ? SAID_IN_TITLE[e.action] ?? [] : []);
  const listed = new Set(resource.listColumns);
  return e.changes
    .filter((c) => !hidden.has(c.field))
    .filter((c) => !created || listed.has(c.field) || resource.children.some((ch) => ch.key === c.field))
    .map((c) => {
      const child = resource.children.find((ch) => ch.key === c.field);
      const label = child ? ctx.labels.child(c.field) : ctx.labels.field(c.field);
      const next = valueText(resource, c.field, c.new, ctx) ?? '—';
      const prev = valueText(resource, c.field, c.old, ctx) ?? '—';
      // an action names a field it kept (a lease ended on its notified move-out date): its value alone
      return { label, old: created || prev === next ? null : prev, new: next };
    });
}

export function describeEntry(e: HistoryEntry, ctx: DescribeContext): Described {
  const resource = resourceByName(ctx.resource)!;
  return {
    title: title(e, resource, ctx),
    extra: extra(e, ctx),
    reason: e.reason && !REASON_IN_TITLE.has(e.action) ? ctx.translate(`${K}.reason`, { reason: e.reason }) : null,
    when: formatWhen(e.at, ctx.locale),
    who: e.user?.name || ctx.translate(`${K}.system`),
    changes: shownChanges(e, resource, ctx),
  };
}
