/**
 * Sent with a list answer whose Content-Range total is the server's estimate, not a count: a
 * filtered list past 10,000 matches that is not a single choice-field filter (server
 * crud/count.ts). Absent when the total is exact. The screen shows such a total as "about 38,900"
 * (web generic/ListPagination). Same origin only: no CORS exposure needed.
 */
export const TOTAL_ESTIMATED_HEADER = 'X-Total-Estimated';
