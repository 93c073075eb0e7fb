// The state the demo's steps share (what each step wrote that a later one refers to) and the
// helpers every step uses: one transaction per step, records written the way the API writes them.
import type { RecordValues, Resource } from '../../shared/resource.js';
import { validateRecord } from '../../shared/resource-validate.js';
import { createRecord } from '../crud/repository.js';
import { HttpError } from '../errors.js';
import { inScope, type Db } from '../db/client.js';
import { phoneBook, type COLLEAGUES } from './data/people.js';
import type {
  CHANNELS, CategoryKey, ChargeKey, HouseTypeKey, OwnerKey, PROPERTIES, SERVICE_PROVIDERS, TEMPLATES,
} from './data/portfolio.js';
import { seededRandom, type Random } from './data/random.js';
import { addMonths, dateOfEatMs } from './helpers.js';

/** The demo data are the same on every start (dates follow today's month). */
export const DEMO_SEED = 20_260_254;

// ---- the builder ---------------------------------------------------------------------------------

export interface DemoHouse {
  record: RecordValues;
  property: (typeof PROPERTIES)[number];
  propertyRecord: RecordValues;
  type: HouseTypeKey;
  chargeKeys: readonly ChargeKey[];
}
/** How a tenant pays: on time, late (penalties), short in the last months, ahead (credit), by a cheque that bounces. */
export type Profile = 'prompt' | 'late' | 'arrears' | 'credit' | 'bounced';

export interface Tenancy {
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
export interface HistoryEvent { date: string; order: number; seq: number; period?: string; act?: () => Promise<void> }

export interface DemoContext {
  readonly db: Db;
  readonly organizationId: string;
  readonly adminId: string;
  readonly historyMonths: number;
  readonly r: Random;
  readonly phone: ReturnType<typeof phoneBook>;
  /** Today in Nairobi, the first of this month and the first of the next. */
  readonly today: string;
  readonly month: string;
  readonly nextMonth: string;
  /** The first month of the history. */
  readonly from: string;
  readonly nowMs: number;
  /** The transaction of the current step. */
  tx: Db;

  colleagues: Map<string, string>;
  colleaguePhones: Map<string, string>;
  channels: Record<keyof typeof CHANNELS, RecordValues>;
  charges: Record<ChargeKey, RecordValues>;
  types: Record<HouseTypeKey, RecordValues>;
  owners: Record<OwnerKey, RecordValues>;
  properties: Map<string, RecordValues>;
  houses: DemoHouse[];
  /** The houses' current tenancies; `money` holds every lease the history bills (ended ones too). */
  tenancies: Tenancy[];
  money: Tenancy[];
  categories: Record<CategoryKey, RecordValues>;
  providers: Record<keyof typeof SERVICE_PROVIDERS, RecordValues>;
  templates: Record<keyof typeof TEMPLATES, RecordValues>;
  /** Houses by their place in the plan (property, run, number); the plan's vacant ones. */
  houseByPlan: Map<unknown, number>;
  vacant: Set<unknown>;
  vacantOrder: unknown[];
  vacantFlats: DemoHouse[];
  /** This month's M-Pesa payments, whose SMS receipts went out. */
  receipts: Array<{ tenancy: Tenancy; payment: RecordValues; balance: bigint }>;
  events: HistoryEvent[];
  /** Cheques the bank returned unpaid: reversed today. */
  bounced: RecordValues[];
  penaltiesPostedTo: string;
}

export function createContext(db: Db, organizationId: string, adminId: string, now: Date, historyMonths: number): DemoContext {
  const r = seededRandom(DEMO_SEED);
  const nowMs = now.getTime();
  const today = dateOfEatMs(nowMs);
  const month = `${today.slice(0, 7)}-01`;
  return {
    db, organizationId, adminId, historyMonths, r, phone: phoneBook(r),
    today, month, nextMonth: addMonths(month, 1), from: addMonths(month, 1 - Math.max(1, historyMonths)), nowMs,
    // set by step() before any step runs
    tx: undefined as unknown as Db,
    colleagues: new Map(), colleaguePhones: new Map(),
    channels: {} as DemoContext['channels'], charges: {} as DemoContext['charges'], types: {} as DemoContext['types'],
    owners: {} as DemoContext['owners'], properties: new Map(), houses: [], tenancies: [], money: [],
    categories: {} as DemoContext['categories'], providers: {} as DemoContext['providers'], templates: {} as DemoContext['templates'],
    houseByPlan: new Map(), vacant: new Set(), vacantOrder: [], vacantFlats: [],
    receipts: [], events: [], bounced: [], penaltiesPostedTo: '',
  };
}

/** fn in one transaction in the organisation's scope, as the administrator (audit rows name them). */
export function step<T>(ctx: DemoContext, fn: () => Promise<T>): Promise<T> {
  return inScope(ctx.db, { tenant: ctx.organizationId, user: ctx.adminId }, (tx) => {
    ctx.tx = tx;
    return fn();
  });
}

/**
 * One record the way the API creates it: validateRecord as for a request body (failing loudly),
 * then createRecord. `server` adds what the server itself fills (numbers, totals, delivery).
 */
export async function add(ctx: DemoContext, resource: Resource, input: RecordValues, server?: (values: RecordValues) => RecordValues): Promise<RecordValues> {
  const { values, errors } = validateRecord(resource, input, 'create');
  if (Object.keys(errors).length) {
    throw new Error(`demo data: ${resource.name} is not valid: ${JSON.stringify(errors)} in ${JSON.stringify(input)}`);
  }
  try {
    return await createRecord(ctx.tx, resource, ctx.organizationId, { ...values, ...server?.(values) });
  } catch (err) {
    if (err instanceof HttpError) {
      throw new Error(`demo data: ${resource.name} refused (${err.statusCode}): ${err.message} ${JSON.stringify(err.errors ?? {})} in ${JSON.stringify(input)}`);
    }
    throw err;
  }
}

export function event(ctx: DemoContext, date: string, order: number, act: () => Promise<void>) {
  ctx.events.push({ date, order, seq: ctx.events.length, act });
}

export function colleague(ctx: DemoContext, role: (typeof COLLEAGUES)[number]['role']): string {
  return ctx.colleagues.get(role)!;
}

export function tenancy(ctx: DemoContext, propertyKey: string, type: HouseTypeKey | null, nth = 0): Tenancy {
  const list = ctx.tenancies.filter((t) => t.house.property.key === propertyKey && (type === null || t.house.type === type) && t.lease.status === 'active');
  const found = list[nth % list.length];
  if (!found) throw new Error(`demo data: no tenancy in ${propertyKey}`);
  return found;
}
