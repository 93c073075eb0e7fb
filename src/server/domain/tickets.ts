import type { RecordValues } from '../../shared/resource.js';
import type { Db } from '../db/client.js';
import { checkHouseInProperty } from './houses.js';
import { formatNumber, nextNumber } from './numbering.js';

export const TICKET_PREFIX = 'TKT-';

/** Finished: a ticket that goes from one of these back to OPEN_AGAIN has been reopened. */
const FINISHED = ['resolved', 'closed', 'declined'];
const OPEN_AGAIN = ['open', 'in_progress'];

/**
 * Tickets: the number comes from the organisation's gapless 'ticket' series when one is created
 * (whatever the body says); reopening one counts, so a fault that keeps coming back shows.
 */
export const ticketHooks = {
  async beforeWrite(tx: Db, organizationId: string, values: RecordValues, existing: RecordValues | null) {
    await checkHouseInProperty(tx, organizationId, values, existing);
    if (!existing) {
      values.number = formatNumber(TICKET_PREFIX, await nextNumber(tx, organizationId, 'ticket'));
      values.reopen_count = 0;
      return;
    }
    if (values.status !== undefined && FINISHED.includes(String(existing.status)) && OPEN_AGAIN.includes(String(values.status))) {
      values.reopen_count = Number(existing.reopen_count ?? 0) + 1;
    }
  },
};
