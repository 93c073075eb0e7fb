// Resources follow ra-data-simple-rest at /api/v1/<resource> (docs/api.md); the HTTP client adds
// cookies, CSRF, the tenant header, the 419 retry and the 401 rule.
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { API_URL, httpClient } from './http-client';

const simpleRest = simpleRestProvider(API_URL, (url, options) => httpClient(url, options));

export const dataProvider: DataProvider = {
  ...simpleRest,
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
