import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { normaliseAccount } from './c2b-payload.js';

/** Edit distance, giving up (returns limit + 1) once it must exceed limit: codes are short. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, cur[j]);
    }
    if (best > limit) return limit + 1;
    prev = cur;
  }
  return prev[b.length];
}

export interface Suggestion {
  tenant_id: string;
  lease_id: string;
  house_id: string;
  account_code: string;
  distance: number;
}

/**
 * For an unmatched payment: the tenant of the house whose account code is closest to what the
 * payer typed (1 or 2 edits on the normalised codes, e.g. A12 for A21 or B2O4 for B204), when
 * exactly one house is that close. Only this organisation's houses are read.
 */
export async function suggestTenant(tx: Db, organizationId: string, typed: string | null): Promise<Suggestion | null> {
  const code = normaliseAccount(typed ?? '');
  if (code.length < 2) return null;
  const houses = rowsOf<{ id: string; account_code: string }>(await tx.execute(sql`
    select id, account_code from houses
    where organization_id = ${organizationId} and length(account_code) between ${code.length - 2} and ${code.length + 2}`));
  let best: { id: string; account_code: string; distance: number } | null = null;
  let tie = false;
  for (const h of houses) {
    const d = editDistance(code, h.account_code, 2);
    if (d > 2 || (best && d > best.distance)) continue;
    if (best && d === best.distance) { tie = true; continue; }
    best = { ...h, distance: d };
    tie = false;
  }
  if (!best || tie) return null;
  const [lease] = rowsOf<{ id: string; tenant_id: string }>(await tx.execute(sql`
    select id, tenant_id from leases where organization_id = ${organizationId} and house_id = ${best.id}
    order by (status in ('active', 'notice')) desc, (status = 'draft') desc, start_date desc limit 1`));
  if (!lease) return null;
  return { tenant_id: lease.tenant_id, lease_id: lease.id, house_id: best.id, account_code: best.account_code, distance: best.distance };
}
