import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { ulid } from 'ulid';
import { resourceByName } from '../../../resources/index.js';
import { inScope, readOnce, rowsOf, type Database, type Db } from '../../../src/server/db/client.js';
import { countedFilter, EXACT_COUNT_LIMIT, type Total } from '../../../src/server/crud/count.js';
import { listStatement } from '../../../src/server/crud/list-statement.js';
import { moneyBucket } from '../../../src/server/crud/money-buckets.js';
import { listRecords } from '../../../src/server/crud/repository.js';
import { parseListQuery } from '../../../src/server/crud/query-parser.js';
import { centsToDecimal } from '../../../src/shared/resource-values.js';
import { PERMITTED } from '../../../src/server/tenancy.js';
import { onPostgres, testDatabase } from '../helpers.js';
import { premises as onePremises } from './premises.js';

// A list filtered on a range of a money field (`{"total_gte": "16000", "total_lte": "23500"}`)
// reads its total from per-bucket counters (migration 0027, src/server/crud/count.ts bucketTotal):
// the buckets the range holds whole from the ledger, the one or two it cuts counted from the
// field's index up to what is left to 10,001. These say the total is exact whenever there are at
// most 10,000 matches and an estimate marked as one past it, through every kind of write, on both
// databases and both ways a list is read, and that another organisation's rows never count.

let database: Database;
let db: Db;

beforeAll(async () => {
  database = await testDatabase();
  db = database.db;
});
afterAll(() => database.close());

const invoices = resourceByName('invoices')!;
const MAX_CENTS = 99_999_999_999_999n;

describe('money buckets', () => {
  it('are keyed in JavaScript as list_money_bucket keys them in SQL, in the order of the amounts, and bound their amounts', async () => {
    const edges = [0n, 1n, 99n, 100n, 101n, 999n, 1_000n, 1_099n, 1_100n, 9_999n, 10_000n, 99_999n, 100_000n, 100_999n, 101_000n, 1_009_999n, 1_654_321n, 9_999_999n, 10_000_000n, -1n, -100n, -1_654_321n, MAX_CENTS, -MAX_CENTS];
    await fc.assert(fc.asyncProperty(fc.array(fc.oneof(fc.bigInt(-MAX_CENTS, MAX_CENTS), fc.bigInt(-100_000n, 10_000_000n)), { minLength: 1, maxLength: 300 }), async (random) => {
      const amounts = [...edges, ...random];
      const keys = rowsOf<{ key: string }>(await db.execute(sql`
        select list_money_bucket(v::numeric) as key from unnest(${sql.param(amounts.map((c) => centsToDecimal(c)))}::text[]) with ordinality u(v, i) order by i`)).map((r) => r.key);
      expect(amounts.map((c) => moneyBucket(c).key)).toEqual(keys);
      // a larger amount never has a smaller key
      const sorted = [...amounts].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      for (let i = 1; i < sorted.length; i++) expect(moneyBucket(sorted[i]).key >= moneyBucket(sorted[i - 1]).key).toBe(true);
      // each amount lies in [start, end) of its bucket, whose first and last cents share its key and the next cent does not
      for (const c of amounts) {
        const { key, start, end } = moneyBucket(c);
        expect(start === null || (start <= c && moneyBucket(start).key === key)).toBe(true);
        expect(c < end && moneyBucket(end - 1n).key === key && moneyBucket(end).key > key).toBe(true);
      }
    }), { numRuns: 25 });
  });

  it('make a range of a filterable money field a counted filter, and nothing else about money', () => {
    const parsed = (filter: Record<string, unknown>) => parseListQuery(invoices, { filter: JSON.stringify(filter) }).conditions;
    expect(countedFilter(invoices, parsed({ total_gte: '16000', total_lte: '23500' }))).toMatchObject({ field: 'total', from: '16000.00', to: '23500.00', money: true });
    expect(countedFilter(invoices, parsed({ balance_lte: '0' }))).toMatchObject({ field: 'balance', to: '0.00', money: true, buckets: { toKey: '100000', toWhole: true }, cuts: { to: false } });
    expect(countedFilter(invoices, parsed({ balance_gte: '0.01' }))).toMatchObject({ buckets: { fromKey: '150000', fromWhole: true }, cuts: { from: false } });
    expect(countedFilter(invoices, parsed({ total_gte: '16000.50', total_lte: '16999.99' }))).toMatchObject({ buckets: { fromCutTo: '16099.99', toWhole: true }, cuts: { from: true, to: false } });
    // both ends in one bucket, both cut: its rows are counted once, from `from` to `to`
    expect(countedFilter(invoices, parsed({ total_gte: '16000.50', total_lte: '16050' }))).toMatchObject({ buckets: { fromCutTo: '16050.00' }, cuts: { from: true, to: false } });
    // an amount, a range with another filter, two money fields: bounded as before
    expect(countedFilter(invoices, parsed({ total: '16000' }))).toBe(false);
    expect(countedFilter(invoices, parsed({ total_gte: '16000', status: 'issued' }))).toBe(false);
    expect(countedFilter(invoices, parsed({ total_gte: '16000', balance_lte: '100' }))).toBe(false);
    expect(countedFilter(invoices, parsed({ total_gte: null }))).toBe(false);
  });
});

describe('money range totals', () => {
  const N = 10_500;
  let org: string;
  let other: string;

  /** An organisation with an owner, property, house, tenant and lease, as the database owner. */
  async function premises(o: string) {
    await db.execute(sql`insert into organizations (id, name) values (${o}, ${`Estates ${o}`})`);
    await onePremises(db, o);
  }

  /**
   * Invoices `from`+1 … `from`+n, their totals distinct from 1.00 to 25,000.99; a tenth with nothing
   * to pay, a tenth in credit, the rest part paid.
   */
  async function bill(o: string, n: number, from = 0) {
    await db.execute(sql`
      insert into invoices (organization_id, id, number, lease_id, tenant_id, house_id, property_id, period_start, period_end,
        issue_date, due_date, total, paid, balance, status)
      select ${o}, 'IN' || lpad(g::text, 6, '0'), 'INV-' || g, 'LE1', 'T1', 'HO1', 'PR1',
        date '2000-01-01' + g, date '2000-01-01' + g, date '2000-01-01' + g, date '2000-01-05' + g, a.total, 0,
        case g % 10 when 0 then 0 when 1 then -((g % 500) + 1) else greatest(a.total - (g % 7) * 100, 0.01) end, 'issued'
      from generate_series(${from + 1}::int, ${from + n}::int) g, lateral (select (100 + (g::bigint * 7919) % 2500000) / 100.0 as total) a`);
  }

  /** The total a list filtered on `filter` reports in `o`, as listRecords reads it and (PostgreSQL) as the one-statement read does. */
  async function listed(o: string, filter: Record<string, unknown>, range = '[0,4]'): Promise<Total> {
    const q = parseListQuery(invoices, { filter: JSON.stringify(filter), range });
    const { total, estimated } = await inScope(database.app, { tenant: o }, (tx) => listRecords(tx, invoices, o, q));
    const statement = listStatement(invoices, o, q, PERMITTED);
    const read = statement && await readOnce(database.app, { tenant: o, first: sql`select set_config('app.permitted', 'on', true) as gate` }, statement);
    // PostgreSQL lists in one statement (PGlite has no readOnce)
    expect(!!read).toBe(onPostgres());
    if (statement && read) {
      const once = await statement.finish(read.then, () => { throw new Error('read again'); });
      expect({ total: once.total, estimated: once.estimated }).toEqual({ total, estimated });
    }
    return { total, estimated };
  }

  /** count(*) of the range, as the owner. */
  async function actual(o: string, field: 'total' | 'balance', from?: string, to?: string): Promise<number> {
    const c = sql.identifier(field);
    return rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from invoices where organization_id = ${o}
      and (${from ?? null}::numeric is null or ${c} >= ${from ?? null}::numeric) and (${to ?? null}::numeric is null or ${c} <= ${to ?? null}::numeric)`))[0].n;
  }

  /** The rule: exact to EXACT_COUNT_LIMIT, an estimate marked as one past it. */
  async function expectRuled(o: string, field: 'total' | 'balance', from?: string, to?: string) {
    const filter: Record<string, string> = {};
    if (from !== undefined) filter[`${field}_gte`] = from;
    if (to !== undefined) filter[`${field}_lte`] = to;
    const n = await actual(o, field, from, to);
    const got = await listed(o, filter);
    if (n <= EXACT_COUNT_LIMIT) expect(got, JSON.stringify(filter)).toEqual({ total: n, estimated: false });
    else {
      expect(got.estimated, JSON.stringify(filter)).toBe(true);
      expect(got.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
      expect(got.total).toBeLessThan(3 * n);
    }
    return n;
  }

  /** Every bucket's ledger sum against count(*) by list_money_bucket, as the owner (zero sums left out). */
  async function perBucket(o: string, field: 'total' | 'balance') {
    const ledger = rowsOf<{ value: string; n: string }>(await db.execute(sql`
      select value, sum(n) as n from list_choice_counts where organization_id = ${o} and table_name = 'invoices' and field = ${field}
      group by value having sum(n) <> 0 order by value`)).map((r) => [r.value, Number(r.n)]);
    const counted = rowsOf<{ value: string; n: string }>(await db.execute(sql`
      select list_money_bucket(${sql.identifier(field)}) as value, count(*) as n from invoices where organization_id = ${o}
      group by 1 order by 1`)).map((r) => [r.value, Number(r.n)]);
    expect(ledger).toEqual(counted);
  }

  beforeAll(async () => {
    org = ulid();
    other = ulid();
    await premises(org);
    await premises(other);
    await bill(org, N);
    // next door: the same ids and amounts, a sixth as many
    await bill(other, 1_750);
    await db.execute(sql`analyze invoices`);
  });

  it('are exact to 10,000 and an estimate past it, for ranges that hold buckets whole, cut them, or lie in one', async () => {
    const cases: Array<['total' | 'balance', string | undefined, string | undefined]> = [
      ['total', '0', undefined], ['total', '16000', '23500'], ['total', '16000', '16999.99'], ['total', '16000.01', '16999.98'], ['total', '16000.01', '16099.98'], ['total', '16000', '16050'],
      ['total', '16500', '16000'], ['total', undefined, '9000'], ['total', '1', '1.99'], ['total', '24999.99', undefined],
      ['balance', undefined, '0'], ['balance', '0', '0'], ['balance', '0.01', undefined], ['balance', undefined, '-0.01'],
      ['balance', '-3', '-2'], ['balance', '-5', '5'], ['balance', '0.01', '0.99'], ['balance', '12000', '12999.99'], ['balance', '99', '101'],
    ];
    for (const [field, from, to] of cases) await expectRuled(org, field, from, to);
    // the whole table by its buckets: no row read, and the figure right (an estimate only in name)
    expect(await listed(org, { total_gte: '0' })).toEqual({ total: N, estimated: true });
    // a null bound matches nothing, as it always did
    expect(await listed(org, { total_gte: null })).toEqual({ total: 0, estimated: false });
    expect(await listed(org, { balance_gte: '0', balance_lte: null })).toEqual({ total: 0, estimated: false });
  });

  it('cross 10,000 at the ten-thousandth amount (9,999 → 10,000 exact, 10,001 estimated), and for random ranges keep the rule', async () => {
    const nth = async (k: number) => rowsOf<{ v: string }>(await db.execute(sql`
      select total::text as v from invoices where organization_id = ${org} order by total desc offset ${k - 1} limit 1`))[0].v;
    for (const k of [9_999, 10_000]) expect(await listed(org, { total_gte: await nth(k) })).toEqual({ total: k, estimated: false });
    const past = await listed(org, { total_gte: await nth(10_001) });
    expect(past.estimated).toBe(true);
    expect(past.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    const amount = fc.integer({ min: -1_000, max: 2_600_000 }).map((c) => centsToDecimal(c));
    await fc.assert(fc.asyncProperty(fc.constantFrom<'total' | 'balance'>('total', 'balance'), fc.option(amount, { nil: undefined }), fc.option(amount, { nil: undefined }),
      async (field, from, to) => { if (from !== undefined || to !== undefined) await expectRuled(org, field, from, to); }), { numRuns: 40 });
  });

  it('are read from the ledger, not counted: a delta written behind the table\'s back shows, then goes', async () => {
    const before = await listed(org, { balance_lte: '0' });
    await db.execute(sql`insert into list_choice_counts values (${org}, 'invoices', 'balance', '100000', 1000)`);
    try {
      expect((await listed(org, { balance_lte: '0' })).total).toBe(before.total + 1000);
    } finally {
      await db.execute(sql`delete from list_choice_counts where organization_id = ${org} and n = 1000`);
    }
    expect(await listed(org, { balance_lte: '0' })).toEqual(before);
  });

  it('stay right through payments, inserts, deletes, moves to another organisation and rollbacks; the other organisation\'s rows never count', async () => {
    // payments: a third of the part-paid invoices paid off, by the app role
    await inScope(database.app, { tenant: org }, (tx) => tx.execute(sql`update invoices set paid = total, balance = 0, status = 'paid'
      where organization_id = ${org} and balance > 0 and right(id, 1) in ('3', '6', '9')`));
    await inScope(database.app, { tenant: org }, (tx) => tx.execute(sql`delete from invoices where organization_id = ${org} and right(id, 2) = '77'`));
    await bill(org, 300, N);
    // the owner moves 200 next door, and back 50 with their amounts changed
    await db.execute(sql`update invoices set organization_id = ${other}, id = 'MV' || id, number = 'MV-' || number, period_start = period_start + 40000, period_end = period_end + 40000 where organization_id = ${org} and id between 'IN000200' and 'IN000399'`);
    await db.execute(sql`update invoices set organization_id = ${org}, total = total + 1000, balance = balance + 1000 where organization_id = ${other} and id between 'MVIN000200' and 'MVIN000249'`);
    // a rolled back write leaves nothing
    await expect(inScope(database.app, { tenant: org }, async (tx) => {
      await tx.execute(sql`update invoices set balance = 5 where organization_id = ${org}`);
      throw new Error('changed my mind');
    })).rejects.toThrow('changed my mind');
    for (const o of [org, other]) {
      await perBucket(o, 'total');
      await perBucket(o, 'balance');
    }
    for (const [field, from, to] of [['balance', undefined, '0'], ['balance', '0.01', undefined], ['total', '16000', '23500'], ['total', '1000', '1999.99'], ['balance', '-2', '1500']] as const) {
      await expectRuled(org, field, from, to);
      await expectRuled(other, field, from, to);
    }
    // next door's list never counts this organisation's rows, nor the other way round
    const mine = await actual(org, 'total', '1000', '1999.99');
    const theirs = await actual(other, 'total', '1000', '1999.99');
    expect(mine).not.toBe(theirs);
    expect((await listed(other, { total_gte: '1000', total_lte: '1999.99' })).total).toBe(theirs);
  });

  it.runIf(onPostgres())('stay exact under concurrent payments, inserts and deletes (PostgreSQL only)', async () => {
    const writer = async (w: number) => {
      for (let i = 0; i < 12; i++) {
        await inScope(database.app, { tenant: org }, async (tx) => {
          // rows picked at random, locked in id order (writers that lock in different orders deadlock)
          const pick = (salt: string, n: number, where = sql`true`) => sql`select id from invoices where organization_id = ${org} and id in (
            select id from invoices where organization_id = ${org} and ${where} order by md5(id || ${salt}) limit ${n}) order by id for update`;
          await tx.execute(sql`update invoices set balance = balance - 150 where organization_id = ${org} and id in (${pick(`${w}-${i}`, 40, sql`balance > 150`)})`);
          await tx.execute(sql`delete from invoices where organization_id = ${org} and id in (${pick(`d${w}-${i}`, 3)})`);
          if (i % 5 === 4) throw new Error('rolled back');
        }).catch((err: unknown) => {
          // the update and the delete lock apart, so two writers can still deadlock across them:
          // PostgreSQL then rolls one back, and the counters must come through that rollback too
          const code = (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
          if (code !== '40P01' && (!(err instanceof Error) || err.message !== 'rolled back')) throw err;
        });
        await bill(org, 5, 20_000 + w * 100 + i * 5);
      }
    };
    await Promise.all([0, 1, 2, 3].map(writer));
    await perBucket(org, 'total');
    await perBucket(org, 'balance');
    for (const [field, from, to] of [['balance', undefined, '0'], ['balance', '100', '9999.99'], ['total', '16000', '23500']] as const) await expectRuled(org, field, from, to);
  });
});
