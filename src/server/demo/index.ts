// The demo organisation: seedDemo writes it on an empty database, one step per file in this
// folder (colleagues, portfolio and settings, tenancies, history, maintenance, messaging), each
// through the same validation, repository and services as the API. The steps share a context
// (context.ts) that carries what one step wrote for the next.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ulid } from 'ulid';
import { loadAreaRules } from '../area-rules.js';
import { hashPassword } from '../auth/passwords.js';
import { createOrganization } from '../domain/organizations.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import { addColleagues } from './colleagues.js';
import { createContext, step, type DemoContext } from './context.js';
import { addHistory } from './history.js';
import { addMaintenance } from './maintenance.js';
import { addMessaging } from './messaging.js';
import { addMeters } from './meters.js';
import { addPortfolio, updateSettings } from './portfolio.js';
import { removeDemo } from './remove.js';
import { addTenancies } from './tenancies.js';

export { DEMO_SEED } from './context.js';

export interface DemoLogin {
  email: string;
  password: string;
  organization: string;
}

export const DEMO_ORGANIZATION = 'Jirani Property Managers';

/** Months of history, the current one included (seedDemo's historyMonths: fewer for tests that only need the login). */
export const DEMO_HISTORY_MONTHS = 12;

/**
 * On an empty database only: a demo organisation with an administrator, and records in every
 * area (product section 3) written through the same validation and repository as the API.
 * Returns the login, or null when the database already had users (a real installation is never
 * touched).
 */
export async function seedDemo(db: Db, email: string, password?: string, options: { historyMonths?: number } = {}): Promise<DemoLogin | null> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return null;
  // the areas' rules (an expense above the threshold starts pending…) hold for the demo's records
  // as for the API's, whether or not an app was built in this process first
  await loadAreaRules();
  const login = { email: email.trim().toLowerCase(), password: password ?? randomBytes(9).toString('base64url'), organization: DEMO_ORGANIZATION };
  const id = ulid();
  await db.insert(users).values({ id, name: 'Wanjiku Kamau', email: login.email, phone: '+254712345678', password_hash: await hashPassword(login.password) });
  const organization = await createOrganization(db, id, {
    name: DEMO_ORGANIZATION, email: 'office@jirani.co.ke', phone: '+254722000111', address: 'Ngong Road, Kilimani, Nairobi', kra_pin: 'P051234567X',
  });
  try {
    const months = options.historyMonths ?? (Number(process.env.DEMO_HISTORY_MONTHS) || DEMO_HISTORY_MONTHS);
    await build(createContext(db, organization.id, id, new Date(), months));
  } catch (err) {
    // take everything written so far, the administrator and the organisation too, so the next start seeds again
    await removeDemo(db, organization.id, id).catch(() => undefined);
    throw err;
  }
  await db.update(users).set({ last_organization_id: organization.id }).where(sql`${users.id} = ${id}`);
  return login;
}

/** The steps in order: the first four in one transaction, the history in many (its billing runs commit on their own), then maintenance and messaging in one. */
async function build(ctx: DemoContext): Promise<void> {
  await step(ctx, async () => {
    await addColleagues(ctx);
    await addPortfolio(ctx);
    await updateSettings(ctx);
    await addTenancies(ctx);
  });
  await addHistory(ctx);
  await step(ctx, async () => {
    await addMaintenance(ctx);
    await addMeters(ctx);
    await addMessaging(ctx);
  });
}
