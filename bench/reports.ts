// `npx tsx bench/reports.ts`: the aging report and a one-year property statement of the
// `npm run seed:scale` organisation through the service (a transaction as keja_app with row-level
// security, the report's queries, the cents arithmetic and JSON shaping), next to the single raw
// SQL aggregate over the same rows (a bare pool connection, no transaction, no shaping), measured
// alternately in the same run. Target: service ≤ 1.5 × raw. Prints medians and ratios; no asserts.
//
// Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/keja_scale), BENCH_REPEAT (15).
// Also run by `npm run bench` (bench/run.ts), which prints these figures with the others.
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { inScope, openDatabase } from '../src/server/db/client.js';
import { agingReport } from '../src/server/domain/reports/aging.js';
import { propertyStatement } from '../src/server/domain/reports/property-statement.js';
import { SCALE_DATABASE_URL, SCALE_ORGANIZATION } from './scale.js';

const REPEAT = Number(process.env.BENCH_REPEAT || 15);
const TZ = 'Africa/Nairobi';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function time(fn: () => Promise<unknown>) {
  const t0 = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

export interface ReportFigure { name: string; service: number; raw: number; ratio: number }

/** Measures both reports against their raw SQL; prints as it goes and returns the medians. */
export async function benchReports(log: (line: string) => void = console.log): Promise<ReportFigure[]> {
  const database = await openDatabase({ databaseUrl: SCALE_DATABASE_URL });
  const pool = new pg.Pool({ connectionString: SCALE_DATABASE_URL, max: 2 });
  const { rows: [org] } = await pool.query('select id from organizations where name = $1', [SCALE_ORGANIZATION]);
  if (!org) throw new Error('Run `npm run seed:scale` first.');
  const orgId: string = org.id;
  const { rows: [meta] } = await pool.query(`
    select (select count(*) from invoices where organization_id = $1)::int as invoices,
           (select max(issue_date)::text from invoices where organization_id = $1) as last,
           (select property_id from invoices where organization_id = $1 group by property_id order by count(*) desc limit 1) as property`, [orgId]);
  const asOf: string = meta.last;
  const to: string = meta.last;
  const from = `${Number(to.slice(0, 4)) - 1}${to.slice(4, 8)}01`;
  log(`${SCALE_ORGANIZATION}: ${meta.invoices.toLocaleString('en')} invoices; aging as of ${asOf}; property ${meta.property} from ${from} to ${to}`);

  // The aging's figures per tenant: the buckets of the invoices open on the day less what is
  // allocated to them by then, and the credit (payments standing on the day less what they pay of
  // those invoices); the same rows the report reads, with none of its security, deposits or shaping.
  const rawAging = () => pool.query(`
    with base as (
      select i.tenant_id,
        sum(i.total - coalesce(pb.paid, 0)) filter (where $2::date - i.due_date <= 0) as current,
        sum(i.total - coalesce(pb.paid, 0)) filter (where $2::date - i.due_date between 1 and 30) as d1_30,
        sum(i.total - coalesce(pb.paid, 0)) filter (where $2::date - i.due_date between 31 and 60) as d31_60,
        sum(i.total - coalesce(pb.paid, 0)) filter (where $2::date - i.due_date between 61 and 90) as d61_90,
        sum(i.total - coalesce(pb.paid, 0)) filter (where $2::date - i.due_date > 90) as d90_plus,
        sum(coalesce(pb.paid, 0)) as paid
      from invoices i
      left join (select pa.invoice_id, sum(pa.amount) as paid
                 from (select invoice_id, amount from payment_allocations where organization_id = $1 and allocated_on <= $2
                       union all
                       select invoice_id, amount from payment_allocation_releases where organization_id = $1 and allocated_on <= $2 and released_on > $2) pa
                 group by pa.invoice_id) pb on pb.invoice_id = i.id
      where i.organization_id = $1 and i.status <> 'draft' and i.issue_date <= $2
        and not (i.status = 'void' and (i.voided_at at time zone '${TZ}')::date <= $2)
      group by i.tenant_id
    ), paid_in as (
      select tenant_id, sum(amount) as amount from payments
      where organization_id = $1 and tenant_id is not null and (paid_at at time zone '${TZ}')::date <= $2
        and not (status = 'reversed' and (reversed_at at time zone '${TZ}')::date <= $2)
      group by tenant_id
    )
    select coalesce(b.tenant_id, p.tenant_id) as tenant_id, b.current, b.d1_30, b.d31_60, b.d61_90, b.d90_plus,
      coalesce(p.amount, 0) - coalesce(b.paid, 0) as credit
    from base b full join paid_in p on p.tenant_id = b.tenant_id
    where b.current <> 0 or b.d1_30 <> 0 or b.d31_60 <> 0 or b.d61_90 <> 0 or b.d90_plus <> 0 or coalesce(p.amount, 0) <> coalesce(b.paid, 0)`, [orgId, asOf]);
  // The statement's figures need the ledger at both ends of the period (opening = everything before
  // it), so the raw aggregate reads what the service reads: the property's invoices up to the end,
  // their lines (the deposit and agency-kept ones, and those posted later), the allocations standing at
  // each end, and its incomes and expenses; it sums them per house at both ends,
  // with none of the service's row-level security, transaction or shaping.
  const rawStatement = () => pool.query(`
    with inv as (
      select i.house_id,
        (i.status <> 'void' or (i.voided_at at time zone '${TZ}')::date > $3::date - 1) and i.issue_date <= $3::date - 1 as open_b,
        (i.status <> 'void' or (i.voided_at at time zone '${TZ}')::date > $4::date) as open_t,
        i.total, coalesce(pa.paid_b, 0) as paid_b, coalesce(pa.paid_t, 0) as paid_t,
        coalesce(l.late_b, 0) as late_b, coalesce(l.late_t, 0) as late_t, coalesce(l.split_b, 0) + coalesce(l.agency_b, 0) as split_b, coalesce(l.split_t, 0) + coalesce(l.agency_t, 0) as split_t
      from invoices i
      left join lateral (select
                   sum(pa.amount) filter (where pa.allocated_on < $3::date and (pa.released_on is null or pa.released_on >= $3::date)) as paid_b,
                   sum(pa.amount) filter (where pa.allocated_on <= $4::date and (pa.released_on is null or pa.released_on > $4::date)) as paid_t
                 from (select amount, allocated_on, null::date as released_on from payment_allocations where organization_id = $1 and invoice_id = i.id
                       union all
                       select amount, allocated_on, released_on from payment_allocation_releases where organization_id = $1 and invoice_id = i.id) pa) pa on true
      left join lateral (select
                   sum(l.amount) filter (where l.posted_on >= $3::date and not l.waived)
                     - sum(round(l.rate * l.quantity, 2)) filter (where l.waived and l.waived_on >= $3::date and (l.posted_on is null or l.posted_on < $3::date)) as late_b,
                   sum(l.amount) filter (where l.posted_on > $4::date and not l.waived)
                     - sum(round(l.rate * l.quantity, 2)) filter (where l.waived and l.waived_on > $4::date and (l.posted_on is null or l.posted_on <= $4::date)) as late_t,
                   sum(l.amount) filter (where (l.kind = 'deposit' or dc.category = 'deposit') and coalesce(l.posted_on, i.issue_date) < $3::date) as split_b,
                   sum(l.amount) filter (where (l.kind = 'deposit' or dc.category = 'deposit') and coalesce(l.posted_on, i.issue_date) <= $4::date) as split_t,
                   sum(l.amount) filter (where dc.kept_by = 'agency' and coalesce(l.posted_on, i.issue_date) < $3::date) as agency_b,
                   sum(l.amount) filter (where dc.kept_by = 'agency' and coalesce(l.posted_on, i.issue_date) <= $4::date) as agency_t
                 from invoice_lines l left join charges dc on dc.organization_id = l.organization_id and dc.id = l.charge_id
                 where l.organization_id = $1 and l.invoice_id = i.id) l on true
      where i.organization_id = $1 and i.property_id = $2 and i.status <> 'draft' and i.issue_date <= $4::date
    )
    select h.id,
      sum(case when open_b then total - late_b - split_b else 0 end) as billed_b, sum(case when open_t then total - late_t - split_t else 0 end) as billed_t,
      sum(case when open_b then least(paid_b, total - late_b) else 0 end) as paid_b, sum(case when open_t then least(paid_t, total - late_t) else 0 end) as paid_t,
      (select sum(amount) filter (where date < $3) from incomes where organization_id = $1 and property_id = $2 and date <= $4) as income_b,
      (select sum(amount) filter (where date >= $3) from incomes where organization_id = $1 and property_id = $2 and date <= $4) as income_t,
      (select sum(amount) filter (where date < $3) from expenses where organization_id = $1 and property_id = $2 and date <= $4) as expenses_b,
      (select sum(amount) filter (where date >= $3) from expenses where organization_id = $1 and property_id = $2 and date <= $4) as expenses_t
    from houses h left join inv on inv.house_id = h.id
    where h.organization_id = $1 and h.property_id = $2
    group by h.id`, [orgId, meta.property, from, to]);
  const serviceAging = () => inScope(database.app, { tenant: orgId }, (tx) => agingReport(tx, orgId, { as_of: asOf }));
  const serviceStatement = () => inScope(database.app, { tenant: orgId }, (tx) => propertyStatement(tx, orgId, { property_id: meta.property, from, to }));

  const cases: Array<[string, () => Promise<unknown>, () => Promise<unknown>]> = [
    ['aging report (all tenants)', serviceAging, rawAging],
    ['property statement (one year)', serviceStatement, rawStatement],
  ];
  const figures: ReportFigure[] = [];
  for (const [name, service, raw] of cases) {
    await service(); await raw(); // warm the caches and plans
    const s: number[] = [];
    const r: number[] = [];
    for (let i = 0; i < REPEAT; i++) {
      r.push(await time(raw));
      s.push(await time(service));
    }
    const ms = median(s);
    const mr = median(r);
    log(`${name.padEnd(32)} service ${ms.toFixed(1).padStart(8)} ms   raw SQL ${mr.toFixed(1).padStart(8)} ms   ratio ${(ms / mr).toFixed(2)} (target ≤ 1.50)`);
    figures.push({ name, service: ms, raw: mr, ratio: ms / mr });
  }
  const rows = (await serviceAging()).rows.length;
  log(`aging rows: ${rows.toLocaleString('en')} tenants (raw SQL: ${(await rawAging()).rowCount?.toLocaleString('en')})`);
  await pool.end();
  await database.close();
  return figures;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchReports().catch((err) => { console.error(err); process.exit(1); });
}
