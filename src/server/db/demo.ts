// Over 400 lines for now: one builder whose steps (colleagues, portfolio, tenancies, history,
// maintenance, messaging) share its state and helpers. Splitting it into one step per file (and out
// of db/, since it writes through crud/ and domain/) is the open part of issue 11.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { ulid } from 'ulid';
import {
  aggregators, charges, expenses, houseTypes, houses, incomes, invoices, leases, messages,
  paymentChannels, payments, properties, propertyOwners, serviceProviders, settings, smsCredits,
  templates, tenants, tickets, users as usersResource, workOrderCategories, workOrders,
} from '../../../resources/index.js';
import { ORGANIZATION_COLUMNS } from '../../../resources/settings.js';
import { formatDay } from '../../shared/format.js';
import type { RecordValues, Resource } from '../../shared/resource.js';
import { toColumns, validateRecord } from '../../shared/resource-validate.js';
import { parseMoney } from '../../shared/resource-values.js';
import { hashPassword } from '../auth/passwords.js';
import { checkReferences, createRecord, tableOf, updateRecord } from '../crud/repository.js';
import { activateLease, endLease, giveNotice } from '../domain/billing/lifecycle.js';
import { postPenalties } from '../domain/billing/penalties.js';
import { runBilling } from '../domain/billing/runs.js';
import { approveExpense } from '../domain/expenses.js';
import { recordUsage } from '../domain/messaging/credits.js';
import { recordAudit } from '../domain/audit.js';
import { createOrganization } from '../domain/organizations.js';
import { allocatePayment } from '../domain/payments/allocation.js';
import { paymentHooks, reversePayment } from '../domain/payments/payments.js';
import { HttpError } from '../errors.js';
import { inScope, rowsOf, type Db } from './client.js';
import { memberships, organizations, roles, userRoles, users } from './schema.js';
import {
  COLLEAGUES, COMPANY_TENANTS, EMPLOYERS, INDIVIDUAL_TENANTS, emailOf, idNumber, kraPinOf, nextOfKin, phoneBook,
} from './demo-data/people.js';
import {
  AGGREGATOR, CHANNELS, CHARGES, HOUSE_TYPES, OWNERS, PROPERTIES, SERVICE_PROVIDERS, TEMPLATES,
  WORK_ORDER_CATEGORIES, type CategoryKey, type ChargeKey, type HouseTypeKey, type OwnerKey,
} from './demo-data/portfolio.js';
import { seededRandom, type Random } from './demo-data/random.js';

export interface DemoLogin {
  email: string;
  password: string;
  organization: string;
}

export const DEMO_ORGANIZATION = 'Jirani Property Managers';

/** The demo data are the same on every start (dates follow today's month). */
export const DEMO_SEED = 20_260_254;

/**
 * On an empty database only: a demo organisation with an administrator, and records in every
 * area (product section 3) written through the same validation and repository as the API.
 * Returns the login, or null when the database already had users (a real installation is never
 * touched).
 */
export async function seedDemo(db: Db, email: string, password?: string, options: { historyMonths?: number } = {}): Promise<DemoLogin | null> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return null;
  const login = { email: email.trim().toLowerCase(), password: password ?? randomBytes(9).toString('base64url'), organization: DEMO_ORGANIZATION };
  const id = ulid();
  await db.insert(users).values({ id, name: 'Wanjiku Kamau', email: login.email, phone: '+254712345678', password_hash: await hashPassword(login.password) });
  const organization = await createOrganization(db, id, {
    name: DEMO_ORGANIZATION, email: 'office@jirani.co.ke', phone: '+254722000111', address: 'Ngong Road, Kilimani, Nairobi', kra_pin: 'P051234567X',
  });
  try {
    const months = options.historyMonths ?? (Number(process.env.DEMO_HISTORY_MONTHS) || DEMO_HISTORY_MONTHS);
    await new DemoBuilder(db, organization.id, id, new Date(), months).build();
  } catch (err) {
    // take everything written so far, the administrator and the organisation too, so the next start seeds again
    await removeDemo(db, organization.id, id).catch(() => undefined);
    throw err;
  }
  await db.update(users).set({ last_organization_id: organization.id }).where(sql`${users.id} = ${id}`);
  return login;
}

/**
 * Undoes a failed seed. The history is written in many transactions (billing runs commit batch by
 * batch, as in production), so a failure leaves rows behind: delete the organisation's rows table
 * by table in its scope (several passes: foreign keys decide the order), then its users.
 */
async function removeDemo(db: Db, organizationId: string, adminId: string) {
  const members = (await db.select({ id: memberships.user_id }).from(memberships).where(eq(memberships.organization_id, organizationId))).map((m) => m.id);
  let tables = rowsOf<{ name: string }>(await db.execute(sql`
    select c.table_name as name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = current_schema() and c.column_name = 'organization_id' and c.table_name not in ('memberships', 'roles', 'user_roles')
    order by 1`)).map((r) => r.name);
  for (let pass = 0; pass < 8 && tables.length; pass++) {
    const left: string[] = [];
    for (const table of tables) {
      await inScope(db, { tenant: organizationId }, (tx) => tx.execute(sql`delete from ${sql.identifier(table)} where organization_id = ${organizationId}`))
        .catch(() => left.push(table));
    }
    tables = left;
  }
  await db.delete(organizations).where(eq(organizations.id, organizationId));
  for (const user of new Set([...members, adminId])) await db.delete(users).where(eq(users.id, user)).catch(() => undefined);
}

// ---- dates (East Africa Time, no daylight saving) ------------------------------------------------

const EAT_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const dayMs = (d: string) => Date.parse(`${d}T00:00:00Z`);
const addDays = (d: string, n: number) => isoDay(dayMs(d) + n * DAY_MS);
function addMonths(d: string, n: number): string {
  const [y, m, day] = d.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + n, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return isoDay(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(day, last)));
}
const lastOfMonth = (d: string) => addDays(addMonths(`${d.slice(0, 7)}-01`, 1), -1);
const monthName = (d: string) => new Date(dayMs(d)).toLocaleString('en-KE', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** A wall-clock time in Nairobi as the date-time text a client sends ('2026-05-03T08:14:00+03:00'). */
const eat = (d: string, time: string) => `${d}T${time}:00+03:00`;
const dateOfEatMs = (t: number) => isoDay(t + EAT_MS);

// ---- money and messages --------------------------------------------------------------------------

const cents = (money: string) => BigInt(money.replace('.', ''));
const shillings = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
const display = (c: bigint) => new Intl.NumberFormat('en-KE', { minimumFractionDigits: 2 }).format(Number(c) / 100);

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{([a-z_]+)\}/g, (_, k: string) => values[k] ?? `{${k}}`);
}

/** An M-Pesa transaction code: year and month letters, then eight characters. */
function mpesaCode(r: Random, day: string): string {
  const [y, m] = day.split('-').map(Number);
  const year = String.fromCharCode('A'.charCodeAt(0) + ((y - 2006) % 26));
  const month = String.fromCharCode('A'.charCodeAt(0) + m - 1);
  return `${year}${month}${r.digits(1)}${r.chars(7)}`;
}

// ---- the builder ---------------------------------------------------------------------------------

interface DemoHouse {
  record: RecordValues;
  property: (typeof PROPERTIES)[number];
  propertyRecord: RecordValues;
  type: HouseTypeKey;
  chargeKeys: readonly ChargeKey[];
}
/** How a tenant pays: on time, late (penalties), short in the last months, ahead (credit), by a cheque that bounces. */
type Profile = 'prompt' | 'late' | 'arrears' | 'credit' | 'bounced';

interface Tenancy {
  house: DemoHouse;
  tenant: RecordValues;
  /** The lease input; `lease` is the record once written (its status kept up to date here). */
  input: RecordValues;
  lease: RecordValues;
  start: string;
  /** Signed before the history starts: brought forward as an active lease. Else a draft activated on its start date. */
  imported: boolean;
  /** Moved out during the history: ended with endLease (deposit settled). */
  moveOut?: string;
  notice?: { notice_date: string; move_out_date: string };
  profile: Profile;
  /** For 'arrears': the last months paid short. */
  shortMonths: number;
  method: 'mpesa' | 'bank' | 'cash';
}

/** One thing that happens on a day of the history; billing runs are their own transactions. */
interface HistoryEvent { date: string; order: number; seq: number; period?: string; act?: () => Promise<void> }

/** The days of the month the first penalties fall on (due day + grace days + 1; every lease is due on its property's due day). */
const PENALTY_DAYS = [...new Set(PROPERTIES.map((p) => Number(p.input.due_day ?? 5) + Number(p.input.grace_days ?? 3) + 1))];

/** Months of history, the current one included (seedDemo's historyMonths: fewer for tests that only need the login). */
export const DEMO_HISTORY_MONTHS = 12;

class DemoBuilder {
  private readonly r: Random = seededRandom(DEMO_SEED);
  private readonly phone = phoneBook(this.r);
  /** Today in Nairobi, the first of this month and the first of the next. */
  private readonly today: string;
  private readonly month: string;
  private readonly nextMonth: string;
  /** The first month of the history. */
  private readonly from: string;
  private readonly nowMs: number;
  /** The transaction of the current step. */
  private tx!: Db;

  private colleagues = new Map<string, string>();
  private colleaguePhones = new Map<string, string>();
  private channels = {} as Record<keyof typeof CHANNELS, RecordValues>;
  private charges = {} as Record<ChargeKey, RecordValues>;
  private types = {} as Record<HouseTypeKey, RecordValues>;
  private owners = {} as Record<OwnerKey, RecordValues>;
  private properties = new Map<string, RecordValues>();
  private houses: DemoHouse[] = [];
  /** The houses' current tenancies; `money` holds every lease the history bills (ended ones too). */
  private tenancies: Tenancy[] = [];
  private money: Tenancy[] = [];
  private categories = {} as Record<CategoryKey, RecordValues>;
  private providers = {} as Record<keyof typeof SERVICE_PROVIDERS, RecordValues>;
  private templates = {} as Record<keyof typeof TEMPLATES, RecordValues>;
  /** Houses by their place in the plan (property, run, number); the plan's vacant ones. */
  private houseByPlan = new Map<unknown, number>();
  private vacant = new Set<unknown>();
  private vacantOrder: unknown[] = [];
  private vacantFlats: DemoHouse[] = [];
  /** This month's M-Pesa payments, whose SMS receipts went out. */
  private receipts: Array<{ tenancy: Tenancy; payment: RecordValues; balance: bigint }> = [];
  private events: HistoryEvent[] = [];
  /** Cheques the bank returned unpaid: reversed today. */
  private bounced: RecordValues[] = [];
  private penaltiesPostedTo = '';

  constructor(private readonly db: Db, private readonly organizationId: string, private readonly adminId: string, now: Date, private readonly historyMonths: number) {
    this.nowMs = now.getTime();
    this.today = dateOfEatMs(this.nowMs);
    this.month = `${this.today.slice(0, 7)}-01`;
    this.nextMonth = addMonths(this.month, 1);
    this.from = addMonths(this.month, 1 - Math.max(1, historyMonths));
  }

  /** fn in one transaction in the organisation's scope, as the administrator (audit rows name them). */
  private step<T>(fn: () => Promise<T>): Promise<T> {
    return inScope(this.db, { tenant: this.organizationId, user: this.adminId }, (tx) => {
      this.tx = tx;
      return fn();
    });
  }

  /** A day this month, never after today (and a time never after now). */
  private pastInMonth(day: number, time: string): string {
    const wanted = Date.parse(eat(addDays(this.month, day - 1), time));
    const t = Math.min(wanted, this.nowMs - 30 * 60 * 1000);
    return new Date(t).toISOString();
  }

  /**
   * One record the way the API creates it: validateRecord as for a request body (failing loudly),
   * then createRecord. `server` adds what the server itself fills (numbers, totals, delivery).
   */
  private async add(resource: Resource, input: RecordValues, server?: (values: RecordValues) => RecordValues): Promise<RecordValues> {
    const { values, errors } = validateRecord(resource, input, 'create');
    if (Object.keys(errors).length) {
      throw new Error(`demo data: ${resource.name} is not valid: ${JSON.stringify(errors)} in ${JSON.stringify(input)}`);
    }
    try {
      return await createRecord(this.tx, resource, this.organizationId, { ...values, ...server?.(values) });
    } catch (err) {
      if (err instanceof HttpError) {
        throw new Error(`demo data: ${resource.name} refused (${err.statusCode}): ${err.message} ${JSON.stringify(err.errors ?? {})} in ${JSON.stringify(input)}`);
      }
      throw err;
    }
  }

  async build(): Promise<void> {
    await this.step(async () => {
      await this.addColleagues();
      await this.addPortfolio();
      await this.updateSettings();
      await this.addTenancies();
    });
    await this.addHistory();
    await this.step(async () => {
      await this.addMaintenance();
      await this.addMessaging();
    });
  }

  /** Colleagues who have already accepted their invitations: users row, active membership, roles; no password yet. */
  private async addColleagues() {
    const roleRows = await this.tx.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.organization_id, this.organizationId));
    for (const c of COLLEAGUES) {
      const role = roleRows.find((x) => x.name === c.role);
      if (!role) throw new Error(`demo data: no built-in role ${c.role}`);
      const input = { name: c.name, email: c.email, phone: this.phone(), status: 'active', role_ids: [role.id] };
      const { values, errors } = validateRecord(usersResource, input, 'create');
      await checkReferences(this.tx, usersResource.fields, values, this.organizationId, errors);
      if (Object.keys(errors).length) throw new Error(`demo data: users is not valid: ${JSON.stringify(errors)}`);
      const id = ulid();
      await this.tx.insert(users).values({ id, name: String(values.name), email: String(values.email), phone: (values.phone as string) ?? null });
      await this.tx.insert(memberships).values({ organization_id: this.organizationId, user_id: id, status: 'active' });
      await this.tx.insert(userRoles).values({ organization_id: this.organizationId, user_id: id, role_id: role.id });
      this.colleagues.set(c.role, id);
      this.colleaguePhones.set(c.role, String(values.phone));
    }
  }

  private colleague(role: (typeof COLLEAGUES)[number]['role']): string {
    return this.colleagues.get(role)!;
  }

  private async addPortfolio() {
    for (const [key, input] of Object.entries(CHANNELS) as Array<[keyof typeof CHANNELS, RecordValues]>) {
      // the server makes the secret of the paybill's callback URLs (domain/payment-channels.ts)
      this.channels[key] = await this.add(paymentChannels, input);
    }
    for (const [key, input] of Object.entries(CHARGES) as Array<[ChargeKey, RecordValues]>) {
      this.charges[key] = await this.add(charges, input);
    }
    for (const [key, t] of Object.entries(HOUSE_TYPES) as Array<[HouseTypeKey, (typeof HOUSE_TYPES)[HouseTypeKey]]>) {
      const { charges: keys, ...input } = t;
      this.types[key] = await this.add(houseTypes, { ...input, charge_ids: keys.map((k) => this.charges[k].id) });
    }
    for (const [key, input] of Object.entries(OWNERS) as Array<[OwnerKey, RecordValues]>) {
      this.owners[key] = await this.add(propertyOwners, input);
    }
    const aggregator = await this.add(aggregators, AGGREGATOR);
    const caretaker = this.colleague('Caretaker');

    // Vacant houses: two shops and ten flats, chosen by the seed.
    const all = PROPERTIES.flatMap((p) => p.houses.flatMap((run) => Array.from({ length: run.count }, (_, i) => ({ p, run, n: i + 1 }))));
    const shops = all.filter((h) => h.run.type === 'shop');
    const flats = all.filter((h) => h.run.type !== 'shop');
    const vacantShops = new Set(this.r.shuffle(shops).slice(0, 2));
    const vacantFlats = this.r.shuffle(flats).slice(0, 10);
    const statusOf = new Map<unknown, string>();
    statusOf.set(vacantFlats[0], 'reserved'); // a tenant signs next month (draft lease)
    statusOf.set(vacantFlats[2], 'unavailable'); // being repainted after a move-out
    this.vacant = new Set([...vacantShops, ...vacantFlats]);
    this.vacantOrder = vacantFlats;

    for (const p of PROPERTIES) {
      const record = await this.add(properties, {
        ...p.input,
        owner_id: this.owners[p.owner].id,
        aggregator_id: p.aggregator ? aggregator.id : undefined,
        caretaker_id: p.caretaker ? caretaker : undefined,
        payment_channel_id: this.channels.paybill.id,
      });
      this.properties.set(p.key, record);
      for (const h of all.filter((x) => x.p === p)) {
        const type = HOUSE_TYPES[h.run.type];
        const number = `${h.run.prefix}${h.n}`;
        const floorNo = h.run.floors ? Math.ceil((h.n * h.run.floors) / h.run.count) - 1 : 0;
        const metered = (type.charges as readonly ChargeKey[]).includes('waterMetered');
        const house = await this.add(houses, {
          property_id: record.id,
          owner_id: this.owners[p.owner].id,
          house_type_id: this.types[h.run.type].id,
          number,
          account_code: `${p.key}-${number}`,
          block: h.run.block,
          floor: floorNo === 0 ? 'Ground' : `Floor ${floorNo}`,
          rent: type.default_rent,
          deposit: type.default_deposit,
          water_meter: metered ? `NWS-${this.r.digits(7)}` : undefined,
          electricity_meter: `3719${this.r.digits(7)}`,
          status: statusOf.get(h) ?? 'vacant',
          charge_ids: type.charges.map((k) => this.charges[k].id),
        });
        this.houseByPlan.set(h, this.houses.length);
        this.houses.push({ record: house, property: p, propertyRecord: record, type: h.run.type, chargeKeys: type.charges });
      }
    }
  }

  private tenantInput(name: string, kind: 'individual' | 'company', contact?: string): RecordValues {
    const r = this.r;
    const phone = this.phone();
    if (kind === 'company') {
      return {
        kind, name, id_number: `PVT-${r.chars(7)}`, kra_pin: kraPinOf(r, 'company'), phone,
        alt_phone: this.phone(), email: `info@${name.toLowerCase().replace(/[^a-z ]+/g, '').split(' ').slice(0, 2).join('-')}.example.com`,
        next_of_kin: `${contact} (director)`, next_of_kin_phone: this.phone(), sms_opt_in: true,
      };
    }
    return {
      kind, name, id_number: idNumber(r),
      kra_pin: r.chance(0.4) ? kraPinOf(r, 'individual') : undefined,
      phone,
      alt_phone: r.chance(0.25) ? this.phone() : undefined,
      email: r.chance(0.7) ? emailOf(name) : undefined,
      next_of_kin: nextOfKin(r, name), next_of_kin_phone: this.phone(),
      employer: r.pick(EMPLOYERS),
      sms_opt_in: !r.chance(0.06),
    };
  }

  private leaseCharges(h: DemoHouse) {
    const keys: ChargeKey[] = [...h.chargeKeys];
    if (keys.includes('waterMetered')) keys.push('waterDeposit');
    return keys.map((k) => ({ charge_id: this.charges[k].id, amount: CHARGES[k].amount }));
  }

  private leaseInput(h: DemoHouse, tenant: RecordValues, extra: RecordValues): RecordValues {
    const shop = h.type === 'shop';
    return {
      tenant_id: tenant.id,
      house_id: h.record.id,
      rent: h.record.rent,
      deposit: h.record.deposit,
      billing_frequency: 'monthly',
      due_day: h.property.input.due_day,
      ...(shop ? { escalation_rate: '5', escalation_months: 12 } : {}),
      charges: this.leaseCharges(h),
      ...extra,
    };
  }

  /**
   * Leases: every house not left vacant has an active lease (three go on notice this month); two
   * vacant flats have a draft lease for next month; four leases ended (two before the current
   * tenant came). A lease signed before the history starts is brought forward as active (Keja took
   * the portfolio over then); one signed since is a draft activated on its start date by the
   * history, which also gives the notices and ends the leases that moved out.
   */
  private async addTenancies() {
    const r = this.r;
    const individuals = r.shuffle(INDIVIDUAL_TENANTS);
    const companies = [...COMPANY_TENANTS];
    const nextIndividual = () => {
      const name = individuals.shift();
      if (!name) throw new Error('demo data: not enough tenant names');
      return this.add(tenants, this.tenantInput(name, 'individual'));
    };
    const nextTenant = (h: DemoHouse) => {
      const c = h.type === 'shop' ? companies.shift() : undefined;
      return c ? this.add(tenants, this.tenantInput(c.name, 'company', c.contact)) : nextIndividual();
    };

    const plans = [...this.houseByPlan.keys()];
    const occupied = plans.filter((p) => !this.vacant.has(p)).map((p) => this.houses[this.houseByPlan.get(p)!]);
    const occupiedFlats = occupied.filter((h) => h.type !== 'shop');
    const notice = new Set(r.shuffle(occupiedFlats).slice(0, 3));
    const pastTenant = new Set(r.shuffle(occupiedFlats.filter((h) => !notice.has(h))).slice(0, 2));

    for (const h of occupied) {
      const monthsAgo = h.type === 'shop' ? r.int(8, 40) : pastTenant.has(h) ? r.int(6, 14) : r.int(1, 38);
      const start = addMonths(this.month, -monthsAgo).slice(0, 8) + (r.chance(0.2) ? '15' : '01');
      if (pastTenant.has(h)) await this.addEndedLease(h, start, await nextIndividual());
      const tenant = await nextTenant(h);
      const extra: RecordValues = { start_date: start };
      if (h.type === 'shop') {
        extra.end_date = addDays(addMonths(start, 63), -1); // five years and three months
      } else if (monthsAgo < 11 && r.chance(0.5)) {
        extra.end_date = addDays(addMonths(start, 12), -1);
      }
      let onNotice: Tenancy['notice'];
      if (notice.has(h)) {
        const noticeDate = addDays(this.month, -r.int(3, 20));
        onNotice = { notice_date: noticeDate < start ? start : noticeDate, move_out_date: lastOfMonth(this.month) };
      }
      this.tenancies.push(await this.lease(h, tenant, extra, { notice: onNotice }));
    }

    const vacantFlats = this.vacantOrder.map((p) => this.houses[this.houseByPlan.get(p)!]);
    // draft leases: the reserved flat and one more, starting next month
    for (const h of [vacantFlats[0], vacantFlats[1]]) {
      await this.add(leases, this.leaseInput(h, await nextIndividual(), { start_date: this.nextMonth, status: 'draft' }));
    }
    // moved out: lately from the flat being repainted (owing rent: the deposit pays it), a while ago from another
    const repaint = await this.addEndedLease(vacantFlats[2], addDays(this.today, -r.int(3, 10)), await nextIndividual(), addMonths(this.month, -r.int(14, 30)));
    if (repaint) { repaint.profile = 'arrears'; repaint.shortMonths = 2; }
    await this.addEndedLease(vacantFlats[3], addDays(this.month, -r.int(20, 45)), await nextIndividual(), addMonths(this.month, -r.int(14, 30)));
    this.vacantFlats = vacantFlats;

    // how the current tenants pay: four fall behind (for 2, 3, 5 and 7 months), one pays ahead,
    // one pays by a cheque that bounces this month, about one in seven pays late
    const steady = r.shuffle(this.tenancies.filter((t) => t.imported && !t.notice && t.house.type !== 'shop'));
    [2, 3, 5, 7].forEach((months, i) => { steady[i].profile = 'arrears'; steady[i].shortMonths = months; });
    steady[4].profile = 'credit';
    steady[5].profile = 'bounced';
    for (const t of this.tenancies) if (t.profile === 'prompt' && r.chance(0.15)) t.profile = 'late';
  }

  /**
   * A tenancy: its lease written now when it is signed before the history (active, or ended if it
   * also ended before), else planned for the history. The payment habits are drawn here.
   */
  private async lease(h: DemoHouse, tenant: RecordValues, extra: RecordValues, plan: { moveOut?: string; notice?: Tenancy['notice'] } = {}): Promise<Tenancy> {
    const start = String(extra.start_date);
    const imported = start < this.from;
    const input = this.leaseInput(h, tenant, extra);
    const t: Tenancy = {
      house: h, tenant, input, lease: {}, start, imported, moveOut: plan.moveOut, notice: plan.notice, profile: 'prompt', shortMonths: 0,
      method: h.type === 'shop' ? 'bank' : this.r.chance(0.12) ? 'cash' : 'mpesa',
    };
    if (imported) {
      t.lease = await this.add(leases, { ...input, status: 'active' });
      await this.depositBroughtForward(t);
    }
    this.money.push(t);
    return t;
  }

  /**
   * A lease taken over with its deposit already paid: the deposit as an invoice of the lease's
   * first month and the payment the tenant made at signing, so the deposit held is on the ledger
   * (what a move-out can apply to arrears is what was paid, never the lease's figure alone).
   */
  private async depositBroughtForward(t: Tenancy) {
    const deposit = parseMoney(t.input.deposit ?? '0') ?? 0n;
    if (deposit <= 0n) return;
    const month = `${t.start.slice(0, 7)}-01`;
    await this.add(invoices, {
      lease_id: t.lease.id, period_start: month, period_end: lastOfMonth(month), issue_date: t.start, due_date: t.start, status: 'issued',
      lines: [{ kind: 'deposit', description: 'Deposit, paid at signing (brought forward)', quantity: '1', rate: shillings(deposit) }],
    });
    await this.pay(t, t.start, deposit, { method: 'bank', reference: `DEP ${this.r.digits(6)}`, hour: 11, minute: 0 });
  }

  /** A lease that ended some days before `before` (the next tenant's start, or the move-out). */
  private async addEndedLease(h: DemoHouse, before: string, tenant: RecordValues, start?: string): Promise<Tenancy | null> {
    const end = addDays(before, -this.r.int(5, 30));
    const begin = start ?? addMonths(end.slice(0, 8) + '01', -this.r.int(12, 26));
    if (end < this.from) {
      // before the history: on file as ended, nothing to bill
      await this.add(leases, this.leaseInput(h, tenant, {
        start_date: begin, end_date: end, status: 'ended', notice_date: addDays(end, -30), move_out_date: end,
      }));
      return null;
    }
    return this.lease(h, tenant, { start_date: begin, end_date: end }, { moveOut: end, notice: { notice_date: addDays(end, -30) < begin ? begin : addDays(end, -30), move_out_date: end } });
  }

  private tenancy(propertyKey: string, type: HouseTypeKey | null, nth = 0): Tenancy {
    const list = this.tenancies.filter((t) => t.house.property.key === propertyKey && (type === null || t.house.type === type) && t.lease.status === 'active');
    const found = list[nth % list.length];
    if (!found) throw new Error(`demo data: no tenancy in ${propertyKey}`);
    return found;
  }

  private async addMaintenance() {
    for (const [key, input] of Object.entries(WORK_ORDER_CATEGORIES) as Array<[CategoryKey, RecordValues]>) {
      this.categories[key] = await this.add(workOrderCategories, input);
    }
    for (const [key, p] of Object.entries(SERVICE_PROVIDERS) as Array<[keyof typeof SERVICE_PROVIDERS, (typeof SERVICE_PROVIDERS)[keyof typeof SERVICE_PROVIDERS]]>) {
      this.providers[key] = await this.add(serviceProviders, { ...p.input, category_ids: p.categories.map((c) => this.categories[c].id) });
    }
    const caretaker = this.colleague('Caretaker');
    const manager = this.colleague('Manager');
    const prop = (key: string) => this.properties.get(key)!.id;
    // numbered by the server from the organisation's series, so the next ticket anyone adds follows on
    const ticket = (input: RecordValues) => this.add(tickets, input);
    const workOrder = (input: RecordValues) => this.add(workOrders, input);
    const at = (t: Tenancy) => ({ property_id: t.house.propertyRecord.id, house_id: t.house.record.id, tenant_id: t.tenant.id });

    const tap = this.tenancy('RUA', 'oneBedroom', 2);
    const drain = this.tenancy('KAS', 'oneBedroom', 1);
    const sockets = this.tenancy('KIL', 'twoBedroom', 3);
    const wardrobe = this.tenancy('KIL', 'threeBedroom', 1);
    const noise = this.tenancy('RUA', 'bedsitter', 0);
    const shutter = this.tenancy('SYO', 'shop', 0);
    const repaint = this.vacantFlats[2];

    const t1 = await ticket({ ...at(tap), category_id: this.categories.plumbing.id, subject: 'Leaking kitchen tap', description: 'The kitchen tap drips all night; the tenant has put a basin under it.', priority: 'normal', source: 'call', assignee_id: caretaker, due_date: addDays(this.today, 2), status: 'in_progress' });
    await ticket({ ...at(drain), category_id: this.categories.plumbing.id, subject: 'Blocked bathroom drain', description: 'Shower water does not drain; bad smell from the floor trap.', priority: 'high', source: 'sms', assignee_id: caretaker, due_date: addDays(this.today, 1), status: 'open' });
    const t3 = await ticket({ ...at(sockets), category_id: this.categories.electrical.id, subject: 'Sitting-room sockets not working', description: 'Two sockets in the sitting room stopped working after a power surge.', priority: 'high', source: 'call', assignee_id: manager, due_date: addDays(this.today, -6), status: 'resolved' });
    const t4 = await ticket({ ...at(wardrobe), category_id: this.categories.carpentry.id, subject: 'Wardrobe door hinge broken', description: 'Master bedroom wardrobe door hangs off its top hinge.', priority: 'low', source: 'visit', assignee_id: caretaker, status: 'closed' });
    const t5 = await ticket({ property_id: repaint.propertyRecord.id, house_id: repaint.record.id, category_id: this.categories.painting.id, subject: `Repaint ${repaint.record.number} after move-out`, description: 'Walls marked and two doors scratched; exit inspection done with the outgoing tenant.', priority: 'normal', source: 'visit', assignee_id: caretaker, due_date: addDays(this.today, 7), status: 'in_progress' });
    const t6 = await ticket({ property_id: prop('KIL'), category_id: this.categories.plumbing.id, subject: 'Low water pressure on the top floor', description: 'Tenants on floor 3 have had weak pressure since the booster pump tripped.', priority: 'urgent', source: 'email', assignee_id: manager, due_date: this.today, status: 'open' });
    const t7 = await ticket({ property_id: prop('SYO'), category_id: this.categories.electrical.id, subject: 'Security light at the gate is off', description: 'The flood light over the main gate does not come on at night.', priority: 'normal', source: 'call', assignee_id: caretaker, status: 'closed' });
    await ticket({ ...at(noise), subject: 'Noise from the neighbouring unit', description: 'Loud music late at night on weekdays.', priority: 'low', source: 'call', assignee_id: manager, status: 'declined' });
    await ticket({ ...at(shutter), category_id: this.categories.carpentry.id, subject: 'Shop roller shutter jams', description: 'The shutter sticks half-way when opening in the morning.', priority: 'high', source: 'visit', assignee_id: caretaker, due_date: addDays(this.today, 10), status: 'deferred' });

    const lastMonth = addMonths(this.month, -1);
    await workOrder({ ticket_id: t1.id, category_id: this.categories.plumbing.id, service_provider_id: this.providers.majiSafi.id, property_id: t1.property_id, house_id: t1.house_id, description: 'Replace the kitchen mixer cartridge and the washers.', estimate: '1800.00', paid_by: 'owner', scheduled_date: addDays(this.today, 1), status: 'assigned' });
    const wo2 = await workOrder({ ticket_id: t3.id, category_id: this.categories.electrical.id, service_provider_id: this.providers.umemeBora.id, property_id: t3.property_id, house_id: t3.house_id, description: 'Trace the fault, replace two burnt 13 A sockets and the circuit breaker.', estimate: '3500.00', actual_cost: '3200.00', paid_by: 'owner', scheduled_date: addDays(lastMonth, 20), status: 'completed' });
    await workOrder({ ticket_id: t5.id, category_id: this.categories.painting.id, service_provider_id: this.providers.rangiMpya.id, property_id: t5.property_id, house_id: t5.house_id, description: 'Two coats of emulsion in all rooms, gloss on the doors. Recharged against the outgoing deposit.', estimate: '18000.00', paid_by: 'tenant', scheduled_date: this.today, status: 'in_progress' });
    await workOrder({ ticket_id: t6.id, category_id: this.categories.plumbing.id, service_provider_id: this.providers.majiSafi.id, property_id: t6.property_id, description: 'Service the booster pump and replace the pressure switch.', estimate: '25000.00', paid_by: 'owner', status: 'new' });
    const wo5 = await workOrder({ ticket_id: t7.id, category_id: this.categories.electrical.id, service_provider_id: this.providers.umemeBora.id, property_id: t7.property_id, description: 'Replace the 100 W LED flood light and its photocell at the gate.', estimate: '3000.00', actual_cost: '2800.00', paid_by: 'owner', scheduled_date: addDays(lastMonth, 12), status: 'completed' });
    await workOrder({ ticket_id: t4.id, category_id: this.categories.carpentry.id, service_provider_id: this.providers.fundiMbao.id, property_id: t4.property_id, house_id: t4.house_id, description: 'Refit the wardrobe door with new hinges.', estimate: '1200.00', paid_by: 'owner', status: 'cancelled' });
    await workOrder({ category_id: this.categories.masonry.id, service_provider_id: this.providers.fundiMbao.id, property_id: prop('RUA'), description: 'Patch the cracked paving at the parking entrance.', estimate: '9500.00', paid_by: 'owner', scheduled_date: addDays(this.nextMonth, 3), status: 'new' });

    // completing them made their expenses (domain/work-orders.ts): dated when the work was done, the provider's invoice number, paid since
    const paid = async (order: RecordValues, date: string, reference: string) => {
      const [row] = rowsOf<{ id: string }>(await this.tx.execute(sql`select id from expenses where organization_id = ${this.organizationId} and work_order_id = ${String(order.id)}`));
      if (!row) throw new Error(`demo data: work order ${String(order.number)} made no expense`);
      await updateRecord(this.tx, expenses, this.organizationId, String(row.id), { date, reference, status: 'paid' });
    };
    await paid(wo2, addDays(lastMonth, 20), 'UB-0412');
    await paid(wo5, addDays(lastMonth, 12), 'UB-0398');
  }

  // ---- the history: the money core's own services, day by day -------------------------------------

  private event(date: string, order: number, act: () => Promise<void>) {
    this.events.push({ date, order, seq: this.events.length, act });
  }

  /**
   * The last historyMonths months (DEMO_HISTORY_MONTHS unless a test asks for fewer) as they would have happened: each month's scheduled
   * billing run on the 1st, leases activated on their start date (the first, prorated period
   * billed), payments recorded through the API's path (allocated oldest due first, the rest kept
   * as credit that the next run spends), penalties posted as the scheduler would (before the
   * payments of each day), notices, move-outs with the deposit settled, running costs and other
   * income. Nothing after today. Each month's events are one transaction between the runs.
   */
  private async addHistory() {
    const months = Array.from({ length: Math.max(1, this.historyMonths) }, (_, i) => addMonths(this.from, i));
    for (const m of months) this.events.push({ date: m, order: 0, seq: this.events.length, period: m.slice(0, 7) });

    for (const t of this.money) this.planTenancy(t, months);
    this.planRunningCosts(months);
    this.planThisMonth();

    const events = this.events.filter((e) => e.date <= this.today).sort((a, b) => a.date.localeCompare(b.date) || a.order - b.order || a.seq - b.seq);
    let batch: HistoryEvent[] = [];
    const flush = async () => {
      const todo = batch;
      batch = [];
      if (todo.length) await this.step(async () => { for (const e of todo) await e.act!(); });
    };
    for (const e of events) {
      if (!e.period) { batch.push(e); continue; }
      await flush();
      await runBilling(this.db, this.organizationId, e.period, { trigger: 'schedule' });
    }
    batch.push({ date: this.today, order: 9, seq: 0, act: () => this.finishToday() });
    await flush();
  }

  /** Today: the penalties the scheduler posts, the bounced cheques reversed, the runs dated when the scheduler made them. */
  private async finishToday() {
    await this.penaltiesTo(this.today);
    for (const p of this.bounced) {
      await reversePayment(this.tx, this.organizationId, this.adminId, String(p.id), 'Cheque returned unpaid by the bank (insufficient funds).');
    }
    // the runs were made just now: date them at seven past midnight of their billing day, as the scheduler would have
    await this.tx.execute(sql`
      update billing_runs set created_at = (period_start + time '00:07') at time zone 'Africa/Nairobi',
        started_at = (period_start + time '00:07') at time zone 'Africa/Nairobi',
        finished_at = (period_start + time '00:07:02') at time zone 'Africa/Nairobi'
      where organization_id = ${this.organizationId} and trigger = 'schedule'`);
  }

  /** The buildings' running costs and the other income, month by month; last month's bills partly unpaid. */
  private planRunningCosts(months: string[]) {
    const r = this.r;
    const lastMonth = addMonths(this.month, -1);
    const prop = (key: string) => this.properties.get(key)!.id;
    const expense = (input: RecordValues, approve?: 'approve' | 'pay') => async () => {
      const record = await this.add(expenses, input);
      if (!approve) return;
      // above the approval threshold: entered pending, approved by the manager, then paid
      await approveExpense(this.tx, this.organizationId, this.adminId, String(record.id));
      if (approve === 'pay') await updateRecord(this.tx, expenses, this.organizationId, String(record.id), { status: 'paid' });
    };
    for (const [i, m] of months.entries()) {
      const recent = m >= lastMonth;
      const power = `${r.int(76, 96)}${r.digits(1)}0.00`;
      this.event(addDays(m, 4), 5, expense({ property_id: prop('RUA'), category: 'cleaning', payee: 'Taka Safi Waste Collectors', amount: '6000.00', date: addDays(m, 4), reference: `TS-${8700 + i * 11}`, borne_by: 'owner', status: 'paid' }));
      this.event(addDays(m, 7), 5, expense({ property_id: prop('KIL'), category: 'utilities', payee: 'Kenya Power (common areas)', amount: power, date: addDays(m, 7), reference: '37190044128', borne_by: 'owner', status: 'paid' }));
      this.event(addDays(m, 26), 5, expense({ property_id: prop('KAS'), category: 'security', payee: 'Salama Guards Ltd', amount: '18000.00', date: addDays(m, 26), reference: `SG/${2220 + i}`, borne_by: 'owner', status: recent ? 'approved' : 'paid' }));
      this.event(addDays(m, 27), 5, async () => {
        await this.add(incomes, { property_id: prop('KIL'), category: 'parking', amount: '4500.00', date: addDays(m, 27), channel_id: this.channels.cash.id, reference: `RB 0${400 + i * 5}`, description: 'Visitor parking for the month.' });
      });
      if (i % 3 === 1) {
        this.event(addDays(m, 14), 5, expense({ property_id: prop('KIL'), category: 'repairs', payee: 'Otis Elevators Kenya', amount: '24000.00', date: addDays(m, 14), reference: `OTIS-SV-${310 + i}`, borne_by: 'owner', status: 'paid' }, recent ? 'approve' : 'pay'));
      }
    }
    // last month: the water bill and the land rates wait for approval; the agency's own income
    this.event(addDays(lastMonth, 24), 5, expense({ property_id: prop('KIL'), category: 'utilities', payee: 'Nairobi City Water and Sewerage Company', amount: '21600.00', date: addDays(lastMonth, 24), reference: 'NCWSC 2210034', borne_by: 'owner', status: 'pending' }));
    this.event(addDays(lastMonth, 14), 5, expense({ property_id: prop('SYO'), category: 'taxes', payee: 'County Government of Machakos', amount: '12500.00', date: addDays(lastMonth, 14), reference: 'Land rates', borne_by: 'owner', status: 'pending' }));
    const incomesInput: RecordValues[] = [
      { property_id: prop('KIL'), category: 'commission', amount: '42560.00', date: addDays(lastMonth, 9), channel_id: this.channels.bank.id, reference: `COMM-${lastMonth.slice(0, 7)}`, description: 'Management commission for Jirani Heights.' },
      { property_id: prop('KAS'), category: 'letting_fee', amount: '9000.00', date: addDays(lastMonth, 2), channel_id: this.channels.paybill.id, reference: mpesaCode(r, lastMonth), description: 'Letting fee for a new tenant in Mwiki Court.' },
      { category: 'other', amount: '1500.00', date: addDays(lastMonth, 17), channel_id: this.channels.cash.id, reference: 'RB 0451', description: 'Replacement gate remote.' },
    ];
    for (const input of incomesInput) this.event(String(input.date), 5, async () => { await this.add(incomes, input); });
  }

  /** This month: a payment with a mistyped account number waits unmatched until someone assigns it. */
  private planThisMonth() {
    const day = Number(this.today.slice(8)) >= 4 ? addDays(this.month, 2) : addDays(this.today, -2);
    const reference = mpesaCode(this.r, day);
    this.event(day, 6, async () => {
      const paidAt = this.at(day, 21, 17);
      if (!paidAt) return;
      await this.add(payments, {
        channel_id: this.channels.paybill.id, method: 'mpesa', external_reference: reference, amount: '18000.00', paid_at: paidAt,
        payer_name: 'JOHN MAINA KIMANI', payer_phone: '254722***391', account_reference: 'RUA B9',
      });
    });
  }

  /** Penalties the scheduler would have posted by `date` (it runs every hour): before that day's payments. */
  private async penaltiesTo(date: string) {
    if (date <= this.penaltiesPostedTo) return;
    // only when a first penalty day (due day + grace days + 1) has come since the last posting
    const months = [addMonths(date, -1), `${date.slice(0, 8)}01`];
    if (date !== this.today && !months.some((m) => PENALTY_DAYS.some((d) => {
      const day = addDays(m, d - 1);
      return day > this.penaltiesPostedTo && day <= date;
    }))) return;
    await postPenalties(this.tx, this.organizationId, date);
    this.penaltiesPostedTo = date;
  }

  /** A tenant's open invoice balances less their credit on account. */
  private async balanceOf(t: Tenancy): Promise<bigint> {
    const [row] = rowsOf<{ open: string | null; credit: string | null }>(await this.tx.execute(sql`
      select (select sum(balance) from invoices where organization_id = ${this.organizationId} and tenant_id = ${t.tenant.id}
                and status in ('issued', 'partially_paid'))::text as open,
             (select sum(unallocated) from payments where organization_id = ${this.organizationId} and tenant_id = ${t.tenant.id}
                and status = 'allocated')::text as credit`));
    return cents(row.open ?? '0') - cents(row.credit ?? '0');
  }

  /** A time of day on `date` (Nairobi), never later than half an hour ago. */
  private at(date: string, hour: number, minute: number): string | null {
    const t = Date.parse(eat(date, `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`));
    const latest = this.nowMs - 30 * 60 * 1000;
    if (t <= latest) return new Date(t).toISOString();
    return date === this.today && dateOfEatMs(latest) === date ? new Date(latest).toISOString() : null;
  }

  /** A tenant's payment through the API's path (validation, receipt number, allocation, audit). */
  private async pay(t: Tenancy, date: string, amount: bigint, how: { method?: 'mpesa' | 'bank' | 'cash' | 'cheque'; reference?: string; hour: number; minute: number }): Promise<RecordValues | null> {
    const paidAt = this.at(date, how.hour, how.minute);
    if (!paidAt || amount <= 0n) return null;
    const method = how.method ?? t.method;
    const input: RecordValues = {
      tenant_id: t.tenant.id, lease_id: t.lease.id, method, amount: shillings(amount), paid_at: paidAt,
      channel_id: (method === 'mpesa' ? this.channels.paybill : method === 'cash' ? this.channels.cash : this.channels.bank).id,
      payer_name: method === 'mpesa' ? String(t.tenant.name).toUpperCase() : String(t.tenant.name),
    };
    if (method === 'mpesa') {
      input.external_reference = how.reference;
      input.payer_phone = `${String(t.tenant.phone).slice(1, 7)}***${String(t.tenant.phone).slice(-3)}`;
      input.account_reference = String(t.house.record.account_code);
    } else if (method === 'bank') {
      input.external_reference = how.reference;
      input.account_reference = `${t.tenant.name} ${t.house.record.account_code}`.slice(0, 50);
    } else if (method === 'cheque') {
      input.external_reference = how.reference;
      input.notes = `Cheque deposited at KCB Kilimani.`;
    } else {
      input.notes = `Received at the site office, receipt book ${how.reference}.`;
    }
    return this.recordPayment(input);
  }

  /**
   * A payment the way the API records one, minus the look-ups the generated input cannot fail (the
   * history records hundreds): validateRecord, the payments hook (receipt number from the series,
   * tenant and lease), the same insert and the payment's own audit row (as the repository writes
   * it), then the allocation service (oldest due first, the rest kept as credit, audited), as the
   * hook's afterWrite runs it: a payment's history reads created, then allocated.
   */
  private async recordPayment(input: RecordValues): Promise<RecordValues> {
    const { values, errors } = validateRecord(payments, input, 'create');
    if (Object.keys(errors).length) throw new Error(`demo data: payments is not valid: ${JSON.stringify(errors)} in ${JSON.stringify(input)}`);
    await paymentHooks.beforeWrite(this.tx, this.organizationId, values, null);
    const id = ulid();
    await this.tx.insert(tableOf(payments)).values({ ...toColumns(payments.fields, values), organization_id: this.organizationId, id });
    const record = { ...values, id, amount: shillings(values.amount as bigint), unallocated: shillings(values.amount as bigint), status: values.tenant_id ? 'allocated' : 'unmatched' };
    await recordAudit(this.tx, { organizationId: this.organizationId, userId: this.adminId, resource: 'payments', recordId: id, action: 'create', before: null, after: record });
    const { remaining } = await allocatePayment(this.tx, this.organizationId, id);
    return { ...record, unallocated: shillings(remaining) };
  }

  /** A payment's reference, drawn when the history is planned (so the data are the same on every start). */
  private reference(t: Tenancy, date: string, method: string = t.method): string {
    const r = this.r;
    if (method === 'mpesa') return mpesaCode(r, date);
    if (method === 'bank') return `FT${date.replace(/-/g, '').slice(2)}${r.digits(5)}`;
    if (method === 'cheque') return `CHQ ${r.digits(6)}`;
    return `RB ${r.int(300, 999)}`;
  }

  /** A tenancy's events: activation, notice, move-out, and its payments month by month. */
  private planTenancy(t: Tenancy, months: string[]) {
    const r = this.r;
    const dueDay = Number(t.house.property.input.due_day);
    const last = t.moveOut ?? t.notice?.move_out_date ?? '9999-12-31';
    if (!t.imported) {
      const minute = r.int(0, 59);
      const reference = this.reference(t, t.start);
      this.event(t.start, 1, async () => {
        t.lease = await this.add(leases, { ...t.input, status: 'draft' });
        await activateLease(this.tx, this.organizationId, this.adminId, String(t.lease.id), t.start);
        t.lease.status = 'active';
        // the deposit and the first (prorated) period are paid before the keys are handed over
        await this.pay(t, t.start, await this.balanceOf(t), { reference, hour: 10, minute });
      });
    }
    if (t.notice) {
      const n = { ...t.notice, notice_date: t.notice.notice_date < t.start ? t.start : t.notice.notice_date };
      this.event(n.notice_date, 2, async () => {
        await giveNotice(this.tx, this.organizationId, this.adminId, String(t.lease.id), n);
        t.lease.status = 'notice';
      });
    }
    if (t.moveOut) {
      const moveOut = t.moveOut;
      this.event(moveOut, 4, async () => {
        await endLease(this.tx, this.organizationId, this.adminId, String(t.lease.id), { move_out_date: moveOut, apply_deposit_to_arrears: true });
        t.lease.status = 'ended';
        if (t.house === this.vacantFlats[2]) {
          // being repainted after the move-out
          await updateRecord(this.tx, houses, this.organizationId, String(t.house.record.id), { status: 'unavailable' });
        }
      });
    }
    const firstPaid = t.imported ? this.from : addMonths(t.start.slice(0, 8) + '01', 1);
    let lastIndex = -1;
    months.forEach((m, i) => { if (m <= last) lastIndex = i; });
    for (const [i, m] of months.entries()) {
      if (m < firstPaid || m > last) continue;
      // one falling behind who moves out leaves the last month to the deposit, whatever day it is
      if (t.profile === 'arrears' && t.moveOut && m === `${t.moveOut.slice(0, 7)}-01`) continue;
      const short = t.profile === 'arrears' && i > lastIndex - t.shortMonths;
      const day = t.profile === 'late' ? r.int(7, 20) : short ? r.int(4, 18) : r.chance(0.08) ? r.int(dueDay + 1, 14) : r.int(1, dueDay);
      let date = addDays(m, day - 1);
      if (date > last) date = last;
      const thisMonth = m === this.month;
      // the one paying ahead and the bounced cheque happen this month whatever today is
      if (thisMonth && (t.profile === 'credit' || t.profile === 'bounced') && date > this.today) date = this.today;
      const method = t.profile === 'bounced' && thisMonth ? 'cheque' : t.method;
      const reference = this.reference(t, date, method);
      const hour = r.int(6, 21);
      const minute = r.int(0, 59);
      const share = BigInt(r.int(35, 70));
      const ahead = t.profile === 'credit' && (thisMonth || i === 4);
      this.event(date, 3, async () => {
        await this.penaltiesTo(date);
        const balance = await this.balanceOf(t);
        let amount = balance;
        // short: a part of the month's rent, in round thousands of shillings
        if (short) amount = (cents(String(t.lease.rent)) * share / 100n / 100_000n) * 100_000n;
        // ahead: next month's rent with this one's
        if (ahead) amount = balance + cents(String(t.lease.rent));
        const payment = await this.pay(t, date, amount, { method, reference, hour, minute });
        if (!payment) return;
        if (thisMonth && method === 'mpesa') this.receipts.push({ tenancy: t, payment, balance: balance - amount });
        if (method === 'cheque') this.bounced.push(payment);
      });
    }
  }
  private async addMessaging() {
    const r = this.r;
    for (const [key, input] of Object.entries(TEMPLATES) as Array<[keyof typeof TEMPLATES, RecordValues]>) {
      this.templates[key] = await this.add(templates, input);
    }
    const paybill = String(this.channels.paybill.number);
    const lastMonth = addMonths(this.month, -1);
    // credits bought by M-Pesa from the SMS provider
    await this.add(smsCredits, { kind: 'top_up', credits: 2000, cost: '1600.00', reference: mpesaCode(r, addMonths(this.month, -3)), date: addDays(addMonths(this.month, -3), 6) });
    await this.add(smsCredits, { kind: 'top_up', credits: 1000, cost: '800.00', reference: mpesaCode(r, lastMonth), date: addDays(lastMonth, 2) });

    const placeholders = (t: Tenancy, balance: bigint, month: string, receipt?: RecordValues): Record<string, string> => ({
      tenant_name: String(t.tenant.name).split(' ')[0], house_number: String(t.house.record.number),
      property_name: String(t.house.propertyRecord.name), balance: display(balance),
      due_date: formatDay(addDays(month, Number(t.house.property.input.due_day) - 1)), paybill, account_code: String(t.house.record.account_code),
      amount_paid: display(cents(String(receipt?.amount ?? '0.00'))), receipt_number: String(receipt?.receipt_number ?? ''),
    });
    let providerNo = 0;
    const send = async (input: RecordValues, status: 'sent' | 'delivered', sentAt: string) => {
      // history: already sent (the server counts its segments and credits, messaging/messages.ts)
      const record = await this.add(messages, input, (values) => ({
        status, sent_at: sentAt,
        provider_id: values.channel === 'sms' ? `ATXid_${r.chars(24, 'abcdef0123456789')}` : `<demo-${++providerNo}@jirani.co.ke>`,
      }));
      if (record.channel === 'sms') {
        // the usage row sending writes (usage is never entered through the API)
        await recordUsage(this.tx, this.organizationId, String(record.id), Number(record.credits), dateOfEatMs(Date.parse(String(record.sent_at))));
      }
      return record;
    };
    const sms = (t: Tenancy, template: keyof typeof TEMPLATES, balance: bigint, month = this.month, receipt?: RecordValues) => ({
      channel: 'sms', recipient_type: 'tenant', tenant_id: t.tenant.id, to: t.tenant.phone,
      body: fill(String(TEMPLATES[template].body), placeholders(t, balance, month, receipt)), template_id: this.templates[template].id,
    });

    const newest = [...this.tenancies].sort((x, y) => String(y.lease.start_date).localeCompare(String(x.lease.start_date)))[0];
    await send(sms(newest, 'welcome', 0n), 'delivered', new Date(Date.parse(eat(String(newest.lease.start_date), '10:00')) - DAY_MS).toISOString());
    const reminders = this.tenancies.filter((t) => t.lease.status === 'active').slice(0, 3);
    for (const [i, t] of reminders.entries()) {
      await send(sms(t, i === 2 ? 'reminderSw' : 'reminder', cents(String(t.lease.rent)), lastMonth), i === 1 ? 'sent' : 'delivered', eat(addDays(lastMonth, 2), `08:0${i}`));
    }
    // the receipt of this month's first M-Pesa payment, a minute after it came in
    const [first] = this.receipts;
    if (first) {
      const paidAt = Date.parse(String(first.payment.paid_at));
      await send(sms(first.tenancy, 'receipt', first.balance, this.month, first.payment), 'delivered', new Date(paidAt + 60_000).toISOString());
    }
    const owner = this.owners.baraka;
    await send({
      channel: 'email', recipient_type: 'owner', owner_id: owner.id, to: owner.email,
      subject: `Jirani Heights: statement for ${monthName(lastMonth)}`,
      body: `Dear Baraka Holdings,\n\nPlease find the statement for Jirani Heights for ${monthName(lastMonth)} on your owner portal. The remittance will reach your Equity Bank account by the 10th.\n\nJirani Property Managers`,
    }, 'sent', eat(addDays(this.month, -1), '17:30'));
    const caretaker = this.colleague('Caretaker');
    const fixTap = this.tenancy('RUA', 'oneBedroom', 2);
    await send({
      channel: 'sms', recipient_type: 'user', user_id: caretaker, to: this.colleaguePhones.get('Caretaker'),
      body: `Joseph, Maji Safi Plumbers will fix the kitchen tap at ${fixTap.house.record.account_code} on ${formatDay(addDays(this.today, 1))} at 9 am. Please let them in. Brian`,
    }, 'delivered', eat(addDays(this.today, -1), '16:10'));
    // one waiting in the outbox: tomorrow's reminder
    const queued = this.tenancies.filter((t) => t.lease.status === 'active')[5];
    await this.add(messages, { ...sms(queued, 'reminder', cents(String(queued.lease.rent))), scheduled_at: eat(addDays(this.today, 1), '09:00') });
  }

  /** Settings the way PUT /settings stores them: profile columns, the rest in the settings document. */
  private async updateSettings() {
    const input = {
      invoice_prefix: 'INV-', billing_day: 1, due_day: 5, grace_days: 3,
      penalty_type: 'fixed', penalty_amount: '1000.00', penalty_frequency: 'once',
      default_commission_rate: '10', expense_approval_threshold: '20000.00',
      reminder_days_before: 3, reminder_days_after: 2, sms_sender_id: 'JIRANI', sms_driver: 'log',
      default_payment_channel_id: this.channels.paybill.id,
      statement_footer: 'Jirani Property Managers · Ngong Road, Kilimani · office@jirani.co.ke · Paybill 4015532',
    };
    const { values, errors } = validateRecord(settings, input, 'update');
    await checkReferences(this.tx, settings.fields, values, this.organizationId, errors);
    if (Object.keys(errors).length) throw new Error(`demo data: settings are not valid: ${JSON.stringify(errors)}`);
    const [org] = await this.tx.select({ settings: organizations.settings }).from(organizations).where(eq(organizations.id, this.organizationId));
    const document = { ...(org.settings as RecordValues) };
    const columns = toColumns(settings.fields, values);
    for (const k of Object.keys(columns)) {
      if ((ORGANIZATION_COLUMNS as readonly string[]).includes(k)) throw new Error(`demo data: ${k} is a profile column`);
      document[k] = columns[k];
    }
    await this.tx.update(organizations).set({ settings: document, updated_at: new Date() }).where(eq(organizations.id, this.organizationId));
  }
}
