// Resources follow ra-data-simple-rest at /api/v1/<resource> (docs/api.md); the HTTP client adds
// cookies, CSRF, the tenant header, the 419 retry and the 401 rule.
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { API_URL, httpClient } from './http-client';

export const dataProvider: DataProvider = simpleRestProvider(API_URL, (url, options) => httpClient(url, options));
