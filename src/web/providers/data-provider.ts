// Resources follow ra-data-simple-rest at /api/v1/<resource> (docs/api.md); the HTTP client adds
// cookies, CSRF, the tenant header, the 419 retry and the 401 rule.
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, GetListResult } from 'react-admin';
import { TOTAL_ESTIMATED_HEADER } from '../../shared/list-total';
import { API_URL, httpClient } from './http-client';

const simpleRest = simpleRestProvider(API_URL, (url, options) => httpClient(url, options));


/** What a list answer's `meta` says of its total: the pagination reads it (ListPagination). */
export interface ListMeta {
  totalEstimated?: boolean;
}

/**
 * A simple-rest list read (getList, getManyReference) that also keeps X-Total-Estimated: the
 * result's `meta.totalEstimated` is true when the total is an estimate, so the screen can say
 * "about 38,900" rather than pass a guess for a count.
 */
async function readList<R extends GetListResult>(read: (provider: DataProvider) => Promise<R>): Promise<R> {
  let estimated = false;
  const provider = simpleRestProvider(API_URL, async (url, options) => {
    const res = await httpClient(url, options);
    estimated = res.headers.get(TOTAL_ESTIMATED_HEADER) === 'true';
    return res;
  });
  const result = await read(provider);
  return estimated ? { ...result, meta: { ...(result.meta as object | undefined), totalEstimated: true } satisfies ListMeta } : result;
}

export const dataProvider: DataProvider = {
  ...simpleRest,
  getList: (resource, params) => readList((p) => p.getList(resource, params)),
  getManyReference: (resource, params) => readList((p) => p.getManyReference(resource, params)),
  /**
   * A list's bulk delete in one request and one transaction (DELETE /<resource>?filter={"id":[…]}):
   * one refused record keeps every selected record, where one DELETE per row would have removed
   * some before the refusal.
   */
  async deleteMany(resource, params) {
    const filter = encodeURIComponent(JSON.stringify({ id: params.ids }));
    await httpClient(`${API_URL}/${resource}?filter=${filter}`, { method: 'DELETE' });
    return { data: params.ids };
  },
};
