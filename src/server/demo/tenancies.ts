// Step: tenants and leases (current, on notice, drafts, ended), with each tenant's payment habits.
import { invoices, leases, tenants } from '../../../resources/index.js';
import type { RecordValues } from '../../shared/resource.js';
import { parseMoney } from '../../shared/resource-values.js';
import { COMPANY_TENANTS, EMPLOYERS, INDIVIDUAL_TENANTS, emailOf, idNumber, kraPinOf, nextOfKin } from './data/people.js';
import { CHARGES, type ChargeKey } from './data/portfolio.js';
import { add, type DemoContext, type DemoHouse, type Tenancy } from './context.js';
import { addDays, addMonths, lastOfMonth, shillings } from './helpers.js';
import { pay } from './payments.js';

/**
 * Leases: every house not left vacant has an active lease (three go on notice this month); two
 * vacant flats have a draft lease for next month; four leases ended (two before the current
 * tenant came). A lease signed before the history starts is brought forward as active (Keja took
 * the portfolio over then); one signed since is a draft activated on its start date by the
 * history, which also gives the notices and ends the leases that moved out.
 */
export async function addTenancies(ctx: DemoContext) {
  const r = ctx.r;
  const individuals = r.shuffle(INDIVIDUAL_TENANTS);
  const companies = [...COMPANY_TENANTS];
  const nextIndividual = () => {
    const name = individuals.shift();
    if (!name) throw new Error('demo data: not enough tenant names');
    return add(ctx, tenants, tenantInput(ctx, name, 'individual'));
  };
  const nextTenant = (h: DemoHouse) => {
    const c = h.type === 'shop' ? companies.shift() : undefined;
    return c ? add(ctx, tenants, tenantInput(ctx, c.name, 'company', c.contact)) : nextIndividual();
  };

  const plans = [...ctx.houseByPlan.keys()];
  const occupied = plans.filter((p) => !ctx.vacant.has(p)).map((p) => ctx.houses[ctx.houseByPlan.get(p)!]);
  const occupiedFlats = occupied.filter((h) => h.type !== 'shop');
  const notice = new Set(r.shuffle(occupiedFlats).slice(0, 3));
  const pastTenant = new Set(r.shuffle(occupiedFlats.filter((h) => !notice.has(h))).slice(0, 2));

  for (const h of occupied) {
    const monthsAgo = h.type === 'shop' ? r.int(8, 40) : pastTenant.has(h) ? r.int(6, 14) : r.int(1, 38);
    const start = addMonths(ctx.month, -monthsAgo).slice(0, 8) + (r.chance(0.2) ? '15' : '01');
    if (pastTenant.has(h)) await addEndedLease(ctx, h, start, await nextIndividual());
    const tenant = await nextTenant(h);
    const extra: RecordValues = { start_date: start };
    if (h.type === 'shop') {
      extra.end_date = addDays(addMonths(start, 63), -1); // five years and three months
    } else if (monthsAgo < 11 && r.chance(0.5)) {
      extra.end_date = addDays(addMonths(start, 12), -1);
    }
    let onNotice: Tenancy['notice'];
    if (notice.has(h)) {
      const noticeDate = addDays(ctx.month, -r.int(3, 20));
      onNotice = { notice_date: noticeDate < start ? start : noticeDate, move_out_date: lastOfMonth(ctx.month) };
    }
    ctx.tenancies.push(await lease(ctx, h, tenant, extra, { notice: onNotice }));
  }

  const vacantFlats = ctx.vacantOrder.map((p) => ctx.houses[ctx.houseByPlan.get(p)!]);
  // draft leases: the reserved flat and one more, starting next month
  for (const h of [vacantFlats[0], vacantFlats[1]]) {
    await add(ctx, leases, leaseInput(ctx, h, await nextIndividual(), { start_date: ctx.nextMonth, status: 'draft' }));
  }
  // moved out: lately from the flat being repainted (owing rent: the deposit pays it), a while ago from another
  const repaint = await addEndedLease(ctx, vacantFlats[2], addDays(ctx.today, -r.int(3, 10)), await nextIndividual(), addMonths(ctx.month, -r.int(14, 30)));
  if (repaint) { repaint.profile = 'arrears'; repaint.shortMonths = 2; }
  await addEndedLease(ctx, vacantFlats[3], addDays(ctx.month, -r.int(20, 45)), await nextIndividual(), addMonths(ctx.month, -r.int(14, 30)));
  ctx.vacantFlats = vacantFlats;

  // how the current tenants pay: four fall behind (for 2, 3, 5 and 7 months), one pays ahead,
  // one pays by a cheque that bounces this month, about one in seven pays late
  const steady = r.shuffle(ctx.tenancies.filter((t) => t.imported && !t.notice && t.house.type !== 'shop'));
  [2, 3, 5, 7].forEach((months, i) => { steady[i].profile = 'arrears'; steady[i].shortMonths = months; });
  steady[4].profile = 'credit';
  steady[5].profile = 'bounced';
  for (const t of ctx.tenancies) if (t.profile === 'prompt' && r.chance(0.15)) t.profile = 'late';
}

export function tenantInput(ctx: DemoContext, name: string, kind: 'individual' | 'company', contact?: string): RecordValues {
  const r = ctx.r;
  const phone = ctx.phone();
  if (kind === 'company') {
    return {
      kind, name, id_number: `PVT-${r.chars(7)}`, kra_pin: kraPinOf(r, 'company'), phone,
      alt_phone: ctx.phone(), email: `info@${name.toLowerCase().replace(/[^a-z ]+/g, '').split(' ').slice(0, 2).join('-')}.example.com`,
      next_of_kin: `${contact} (director)`, next_of_kin_phone: ctx.phone(), sms_opt_in: true,
    };
  }
  return {
    kind, name, id_number: idNumber(r),
    kra_pin: r.chance(0.4) ? kraPinOf(r, 'individual') : undefined,
    phone,
    alt_phone: r.chance(0.25) ? ctx.phone() : undefined,
    email: r.chance(0.7) ? emailOf(name) : undefined,
    next_of_kin: nextOfKin(r, name), next_of_kin_phone: ctx.phone(),
    employer: r.pick(EMPLOYERS),
    sms_opt_in: !r.chance(0.06),
  };
}

export function leaseCharges(ctx: DemoContext, h: DemoHouse) {
  const keys: ChargeKey[] = [...h.chargeKeys];
  if (keys.includes('waterMetered')) keys.push('waterDeposit');
  return keys.map((k) => ({ charge_id: ctx.charges[k].id, amount: CHARGES[k].amount }));
}

export function leaseInput(ctx: DemoContext, h: DemoHouse, tenant: RecordValues, extra: RecordValues): RecordValues {
  const shop = h.type === 'shop';
  return {
    tenant_id: tenant.id,
    house_id: h.record.id,
    rent: h.record.rent,
    deposit: h.record.deposit,
    billing_frequency: 'monthly',
    due_day: h.property.input.due_day,
    ...(shop ? { escalation_rate: '5', escalation_months: 12 } : {}),
    charges: leaseCharges(ctx, h),
    ...extra,
  };
}

/**
 * A tenancy: its lease written now when it is signed before the history (active, or ended if it
 * also ended before), else planned for the history. The payment habits are drawn here.
 */
export async function lease(ctx: DemoContext, h: DemoHouse, tenant: RecordValues, extra: RecordValues, plan: { moveOut?: string; notice?: Tenancy['notice'] } = {}): Promise<Tenancy> {
  const start = String(extra.start_date);
  const imported = start < ctx.from;
  const input = leaseInput(ctx, h, tenant, extra);
  const t: Tenancy = {
    house: h, tenant, input, lease: {}, start, imported, moveOut: plan.moveOut, notice: plan.notice, profile: 'prompt', shortMonths: 0,
    method: h.type === 'shop' ? 'bank' : ctx.r.chance(0.12) ? 'cash' : 'mpesa',
  };
  if (imported) {
    t.lease = await add(ctx, leases, { ...input, status: 'active' });
    await depositBroughtForward(ctx, t);
  }
  ctx.money.push(t);
  return t;
}

/**
 * A lease taken over with its deposit already paid: the deposit as an invoice of the lease's
 * first month and the payment the tenant made at signing, so the deposit held is on the ledger
 * (what a move-out can apply to arrears is what was paid, never the lease's figure alone).
 */
export async function depositBroughtForward(ctx: DemoContext, t: Tenancy) {
  const deposit = parseMoney(t.input.deposit ?? '0') ?? 0n;
  if (deposit <= 0n) return;
  const month = `${t.start.slice(0, 7)}-01`;
  await add(ctx, invoices, {
    lease_id: t.lease.id, period_start: month, period_end: lastOfMonth(month), issue_date: t.start, due_date: t.start, status: 'issued',
    lines: [{ kind: 'deposit', description: 'Deposit, paid at signing (brought forward)', quantity: '1', rate: shillings(deposit) }],
  });
  await pay(ctx, t, t.start, deposit, { method: 'bank', reference: `DEP ${ctx.r.digits(6)}`, hour: 11, minute: 0 });
}

/** A lease that ended some days before `before` (the next tenant's start, or the move-out). */
export async function addEndedLease(ctx: DemoContext, h: DemoHouse, before: string, tenant: RecordValues, start?: string): Promise<Tenancy | null> {
  const end = addDays(before, -ctx.r.int(5, 30));
  const begin = start ?? addMonths(end.slice(0, 8) + '01', -ctx.r.int(12, 26));
  if (end < ctx.from) {
    // before the history: on file as ended, nothing to bill
    await add(ctx, leases, leaseInput(ctx, h, tenant, {
      start_date: begin, end_date: end, status: 'ended', notice_date: addDays(end, -30), move_out_date: end,
    }));
    return null;
  }
  return lease(ctx, h, tenant, { start_date: begin, end_date: end }, { moveOut: end, notice: { notice_date: addDays(end, -30) < begin ? begin : addDays(end, -30), move_out_date: end } });
}
