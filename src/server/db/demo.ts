import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { ulid } from 'ulid';
import {
  aggregators, charges, expenses, houseTypes, houses, incomes, invoices, leases, messages,
  paymentChannels, payments, properties, propertyOwners, serviceProviders, settings, smsCredits,
  templates, tenants, tickets, users as usersResource, workOrderCategories, workOrders,
} from '../../../resources/index.js';
import { ORGANIZATION_COLUMNS } from '../../../resources/settings.js';
import type { RecordValues, Resource } from '../../shared/resource.js';
import { toColumns, validateRecord } from '../../shared/resource-validate.js';
import { hashPassword } from '../auth/passwords.js';
import { checkReferences, createRecord } from '../crud/repository.js';
import { createOrganization } from '../domain/organizations.js';
import { HttpError } from '../errors.js';
import { inScope, type Db } from './client.js';
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
export async function seedDemo(db: Db, email: string, password?: string): Promise<DemoLogin | null> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return null;
  const login = { email: email.trim().toLowerCase(), password: password ?? randomBytes(9).toString('base64url'), organization: DEMO_ORGANIZATION };
  const id = ulid();
  await db.insert(users).values({ id, name: 'Wanjiku Kamau', email: login.email, phone: '+254712345678', password_hash: await hashPassword(login.password) });
  const organization = await createOrganization(db, id, {
    name: DEMO_ORGANIZATION, email: 'office@jirani.co.ke', phone: '+254722000111', address: 'Ngong Road, Kilimani, Nairobi', kra_pin: 'P051234567X',
  });
  try {
    await inScope(db, { tenant: organization.id, user: id }, (tx) => new DemoBuilder(tx, organization.id, new Date()).build());
  } catch (err) {
    // the data rolled back: take the administrator and the organisation too, so the next start seeds again
    await db.delete(organizations).where(eq(organizations.id, organization.id));
    await db.delete(users).where(eq(users.id, id));
    throw err;
  }
  await db.update(users).set({ last_organization_id: organization.id }).where(sql`${users.id} = ${id}`);
  return login;
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

/** SMS segments: GSM-7 160/153 characters, UCS-2 70/67 (product section 5). */
function segmentsOf(body: string): number {
  const gsm = /^[\x20-\x7e\n\r]*$/.test(body) && !/[`[\]{}\\^~|]/.test(body);
  const [single, multi] = gsm ? [160, 153] : [70, 67];
  return body.length <= single ? 1 : Math.ceil(body.length / multi);
}

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
interface Tenancy { house: DemoHouse; tenant: RecordValues; lease: RecordValues }

class DemoBuilder {
  private readonly r: Random = seededRandom(DEMO_SEED);
  private readonly phone = phoneBook(this.r);
  /** Today in Nairobi, the first of this month and the first of the next. */
  private readonly today: string;
  private readonly month: string;
  private readonly nextMonth: string;
  private readonly nowMs: number;

  private colleagues = new Map<string, string>();
  private colleaguePhones = new Map<string, string>();
  private channels = {} as Record<keyof typeof CHANNELS, RecordValues>;
  private charges = {} as Record<ChargeKey, RecordValues>;
  private types = {} as Record<HouseTypeKey, RecordValues>;
  private owners = {} as Record<OwnerKey, RecordValues>;
  private properties = new Map<string, RecordValues>();
  private houses: DemoHouse[] = [];
  private tenancies: Tenancy[] = [];
  private categories = {} as Record<CategoryKey, RecordValues>;
  private providers = {} as Record<keyof typeof SERVICE_PROVIDERS, RecordValues>;
  private templates = {} as Record<keyof typeof TEMPLATES, RecordValues>;
  /** Houses by their place in the plan (property, run, number); the plan's vacant ones. */
  private houseByPlan = new Map<unknown, number>();
  private vacant = new Set<unknown>();
  private vacantOrder: unknown[] = [];
  private vacantFlats: DemoHouse[] = [];
  /** Payments whose SMS receipt goes out. */
  private receipts: Array<{ tenancy: Tenancy; payment: RecordValues; balance: bigint }> = [];

  constructor(private readonly tx: Db, private readonly organizationId: string, now: Date) {
    this.nowMs = now.getTime();
    this.today = dateOfEatMs(this.nowMs);
    this.month = `${this.today.slice(0, 7)}-01`;
    this.nextMonth = addMonths(this.month, 1);
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
    await this.addColleagues();
    await this.addPortfolio();
    await this.addTenancies();
    await this.addMaintenance();
    await this.addMoney();
    await this.addMessaging();
    await this.updateSettings();
  }

  /** Invited the way src/server/crud/users.ts does it: users row, membership, roles; no password yet. */
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
      // the server generates the secret of the paybill's callback URLs
      this.channels[key] = await this.add(paymentChannels, input, () => (input.kind === 'mpesa_paybill' ? { callback_secret: randomBytes(24).toString('base64url') } : {}));
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
   * Leases: every house not left vacant has an active lease (three on notice); two vacant flats
   * have a draft lease for next month; four leases ended (two before the current tenant came).
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
      let extra: RecordValues = { start_date: start, status: 'active' };
      if (h.type === 'shop') {
        extra.end_date = addDays(addMonths(start, 63), -1); // five years and three months
      } else if (monthsAgo < 11 && r.chance(0.5)) {
        extra.end_date = addDays(addMonths(start, 12), -1);
      }
      if (notice.has(h)) {
        const noticeDate = addDays(this.month, -r.int(3, 20));
        extra = { ...extra, status: 'notice', notice_date: noticeDate < start ? start : noticeDate, move_out_date: lastOfMonth(this.month) };
      }
      const lease = await this.add(leases, this.leaseInput(h, tenant, extra));
      this.tenancies.push({ house: h, tenant, lease });
    }

    const vacantFlats = this.vacantOrder.map((p) => this.houses[this.houseByPlan.get(p)!]);
    // draft leases: the reserved flat and one more, starting next month
    for (const h of [vacantFlats[0], vacantFlats[1]]) {
      await this.add(leases, this.leaseInput(h, await nextIndividual(), { start_date: this.nextMonth, status: 'draft' }));
    }
    // moved out: lately from the flat being repainted, a while ago from another
    await this.addEndedLease(vacantFlats[2], addDays(this.today, -r.int(3, 10)), await nextIndividual(), addMonths(this.month, -r.int(14, 30)));
    await this.addEndedLease(vacantFlats[3], addDays(this.month, -r.int(20, 45)), await nextIndividual(), addMonths(this.month, -r.int(14, 30)));
    this.vacantFlats = vacantFlats;
  }

  /** A lease that ended some days before `before` (the next tenant's start, or the move-out). */
  private async addEndedLease(h: DemoHouse, before: string, tenant: RecordValues, start?: string) {
    const end = addDays(before, -this.r.int(5, 30));
    const begin = start ?? addMonths(end.slice(0, 8) + '01', -this.r.int(12, 26));
    await this.add(leases, this.leaseInput(h, tenant, {
      start_date: begin, end_date: end, status: 'ended', notice_date: addDays(end, -30), move_out_date: end,
    }));
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
    let ticketNo = 0;
    let workOrderNo = 0;
    const ticket = (input: RecordValues) => this.add(tickets, input, () => ({ number: `TKT-${String(++ticketNo).padStart(4, '0')}` }));
    const workOrder = (input: RecordValues) => this.add(workOrders, input, () => ({ number: `WO-${String(++workOrderNo).padStart(4, '0')}` }));
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

    // expenses: the two completed work orders, and the running costs of the buildings
    const expense = (input: RecordValues) => this.add(expenses, input);
    await expense({ property_id: wo2.property_id, house_id: wo2.house_id, category: 'repairs', service_provider_id: this.providers.umemeBora.id, payee: 'Umeme Bora Electricals', work_order_id: wo2.id, amount: '3200.00', date: addDays(lastMonth, 20), reference: 'UB-0412', borne_by: 'owner', status: 'paid' });
    await expense({ property_id: wo5.property_id, category: 'repairs', service_provider_id: this.providers.umemeBora.id, payee: 'Umeme Bora Electricals', work_order_id: wo5.id, amount: '2800.00', date: addDays(lastMonth, 12), reference: 'UB-0398', borne_by: 'owner', status: 'paid' });
    await expense({ property_id: prop('KAS'), category: 'security', payee: 'Salama Guards Ltd', amount: '36000.00', date: addDays(lastMonth, 27), reference: 'SG/2231', borne_by: 'owner', status: 'approved' });
    await expense({ property_id: prop('RUA'), category: 'cleaning', payee: 'Taka Safi Waste Collectors', amount: '6000.00', date: addDays(lastMonth, 5), reference: 'TS-8812', borne_by: 'owner', status: 'paid' });
    await expense({ property_id: prop('KIL'), category: 'utilities', payee: 'Kenya Power (common areas)', amount: '8450.00', date: addDays(lastMonth, 8), reference: '37190044128', borne_by: 'owner', status: 'paid' });
    await expense({ property_id: prop('KIL'), category: 'utilities', payee: 'Nairobi City Water and Sewerage Company', amount: '21600.00', date: addDays(lastMonth, 25), reference: 'NCWSC 2210034', borne_by: 'owner', status: 'pending' });
    await expense({ property_id: prop('SYO'), category: 'taxes', payee: 'County Government of Machakos', amount: '12500.00', date: addDays(lastMonth, 15), reference: 'Land rates', borne_by: 'owner', status: 'pending' });
  }

  /**
   * A few invoices for this month (issued, nothing allocated yet) and a few payments waiting to
   * be matched: allocation is the money core's job, so no payment pays an invoice here.
   */
  private async addMoney() {
    const r = this.r;
    const lastMonth = addMonths(this.month, -1);
    const incomesInput: RecordValues[] = [
      { property_id: this.properties.get('KIL')!.id, category: 'commission', amount: '42560.00', date: addDays(lastMonth, 10), channel_id: this.channels.bank.id, reference: `COMM-${lastMonth.slice(0, 7)}`, description: 'Management commission for Jirani Heights.' },
      { property_id: this.properties.get('KAS')!.id, category: 'letting_fee', amount: '9000.00', date: addDays(lastMonth, 3), channel_id: this.channels.paybill.id, reference: mpesaCode(r, lastMonth), description: 'Letting fee for a new tenant in Mwiki Court.' },
      { property_id: this.properties.get('KIL')!.id, category: 'parking', amount: '4500.00', date: addDays(lastMonth, 28), channel_id: this.channels.cash.id, reference: 'RB 0457', description: 'Visitor parking for the month.' },
      { category: 'other', amount: '1500.00', date: addDays(lastMonth, 18), channel_id: this.channels.cash.id, reference: 'RB 0451', description: 'Replacement gate remote.' },
    ];
    for (const input of incomesInput) await this.add(incomes, input);

    const billed = [
      this.tenancy('KIL', 'twoBedroom', 0), this.tenancy('KIL', 'threeBedroom', 0),
      this.tenancy('RUA', 'oneBedroom', 0), this.tenancy('RUA', 'bedsitter', 1), this.tenancy('KAS', 'shop', 0),
    ].filter((t) => String(t.lease.start_date) < this.month);
    const invoiced: Array<{ t: Tenancy; total: bigint }> = [];
    let invoiceNo = 0;
    for (const t of billed) {
      const lines: RecordValues[] = [{ kind: 'rent', description: `Rent for ${monthName(this.month)}`, quantity: '1', rate: t.lease.rent }];
      for (const key of t.house.chargeKeys) {
        const charge = CHARGES[key];
        if (key === 'waterMetered') {
          const previous = r.int(120, 900);
          const used = r.int(3, 14);
          lines.push({ kind: 'charge', charge_id: this.charges[key].id, description: `Water ${used} m³ (${previous}–${previous + used})`, quantity: String(used), rate: charge.amount, meter_previous: String(previous), meter_current: String(previous + used) });
        } else {
          lines.push({ kind: 'charge', charge_id: this.charges[key].id, description: charge.name, quantity: '1', rate: charge.amount });
        }
      }
      let total = 0n;
      await this.add(invoices, {
        lease_id: t.lease.id, period_start: this.month, period_end: lastOfMonth(this.month), issue_date: this.month,
        due_date: addDays(this.month, Number(t.house.property.input.due_day) - 1), status: 'issued', lines,
      }, (values) => {
        // what the server fills: the number, the lease's parties, line amounts and the total
        const withAmounts = (values.lines as RecordValues[]).map((line) => {
          const quantity = String(line.quantity);
          if (!/^\d+$/.test(quantity)) throw new Error('demo data: whole quantities only');
          const amount = (line.rate as bigint) * BigInt(quantity);
          total += amount;
          return { ...line, amount };
        });
        return {
          number: `INV-${String(++invoiceNo).padStart(6, '0')}`,
          tenant_id: t.tenant.id, house_id: t.house.record.id, property_id: t.house.propertyRecord.id,
          lines: withAmounts, total, balance: total,
        };
      });
      invoiced.push({ t, total });
    }

    let receiptNo = 0;
    const payment = (input: RecordValues) => this.add(payments, input, (values) => ({
      receipt_number: `RCT-${String(++receiptNo).padStart(6, '0')}`, unallocated: values.amount,
    }));
    const payerName = (t: Tenancy) => String(t.tenant.name).toUpperCase();
    const masked = (phone: unknown) => `${String(phone).slice(1, 7)}***${String(phone).slice(-3)}`;
    const [a, b, c] = invoiced;
    if (a) {
      const record = await payment({ tenant_id: a.t.tenant.id, lease_id: a.t.lease.id, channel_id: this.channels.paybill.id, method: 'mpesa', external_reference: mpesaCode(r, this.today), amount: shillings(a.total), paid_at: this.pastInMonth(2, '08:14'), payer_name: payerName(a.t), payer_phone: masked(a.t.tenant.phone), account_reference: String(a.t.house.record.account_code) });
      this.receipts.push({ tenancy: a.t, payment: record, balance: a.total - cents(String(record.amount)) });
    }
    if (b) {
      const part = (b.total / 200n) * 100n; // half, in whole shillings
      await payment({ tenant_id: b.t.tenant.id, lease_id: b.t.lease.id, channel_id: this.channels.paybill.id, method: 'mpesa', external_reference: mpesaCode(r, this.today), amount: shillings(part), paid_at: this.pastInMonth(4, '19:42'), payer_name: payerName(b.t), payer_phone: masked(b.t.tenant.phone), account_reference: String(b.t.house.record.account_code).toLowerCase() });
    }
    if (c) {
      await payment({ tenant_id: c.t.tenant.id, lease_id: c.t.lease.id, channel_id: this.channels.cash.id, method: 'cash', amount: shillings(c.total), paid_at: this.pastInMonth(3, '11:05'), payer_name: String(c.t.tenant.name), notes: 'Received by the caretaker at the site office, receipt book RB 0462.' });
    }
    const shop = this.tenancy('SYO', 'shop', 0);
    await payment({ tenant_id: shop.tenant.id, lease_id: shop.lease.id, channel_id: this.channels.bank.id, method: 'bank', external_reference: `FT${this.today.replace(/-/g, '').slice(2)}${r.digits(5)}`, amount: String(shop.lease.rent), paid_at: this.pastInMonth(5, '10:30'), payer_name: String(shop.tenant.name), account_reference: String(shop.house.record.account_code) });
    // typed a wrong account number: waits as unmatched until someone assigns it
    await payment({ channel_id: this.channels.paybill.id, method: 'mpesa', external_reference: mpesaCode(r, this.today), amount: '18000.00', paid_at: this.pastInMonth(3, '21:17'), payer_name: 'JOHN MAINA KIMANI', payer_phone: '254722***391', account_reference: 'RUA B9' });
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
      due_date: addDays(month, Number(t.house.property.input.due_day) - 1), paybill, account_code: String(t.house.record.account_code),
      amount_paid: display(cents(String(receipt?.amount ?? '0.00'))), receipt_number: String(receipt?.receipt_number ?? ''),
    });
    let providerNo = 0;
    const send = async (input: RecordValues, status: 'sent' | 'delivered', sentAt: string) => {
      const record = await this.add(messages, input, (values) => {
        const sms = values.channel === 'sms';
        const segments = sms ? segmentsOf(String(values.body)) : 0;
        return {
          status, segments, credits: segments, sent_at: sentAt,
          provider_id: sms ? `ATXid_${r.chars(24, 'abcdef0123456789')}` : `<demo-${++providerNo}@jirani.co.ke>`,
        };
      });
      if (record.channel === 'sms') {
        await this.add(smsCredits, { kind: 'usage', credits: record.credits, date: String(record.sent_at).slice(0, 10) }, () => ({ message_id: record.id }));
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
      body: `Joseph, Maji Safi Plumbers will fix the kitchen tap at ${fixTap.house.record.account_code} on ${addDays(this.today, 1)} at 9 am. Please let them in. Brian`,
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
