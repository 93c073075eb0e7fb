// A list's total as the server gave it (issue 14): counted, "1-25 of 38,900"; estimated (the
// server's X-Total-Estimated: true beside Content-Range), "1-25 of about 38,900", in Swahili
// "takriban".
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { fakeApi, loggedIn } from '../fake-api';
import { renderApp } from '../render-app';
import { crud, HOUSE, HOUSE_TYPE, OWNER, PROPERTY, serveResources } from './fake-resources';
import { pageRangeText } from '../../../src/web/generic/ListPagination';
import { englishMessages } from '../../../src/web/i18n/en';
import { swahiliMessages } from '../../../src/web/i18n/sw';

const T = { timeout: 15_000 };

afterEach(() => vi.restoreAllMocks());

/** The houses list with 38,900 houses on the server, the total estimated or not. */
function houses(estimated: boolean) {
  const api = fakeApi(loggedIn({ permissions: crud('house', 'property', 'house_type', 'property_owner') }));
  serveResources(api, { 'property-owners': [OWNER], properties: [PROPERTY], 'house-types': [HOUSE_TYPE], charges: [] });
  const page = Array.from({ length: 25 }, (_, i) => ({ ...HOUSE, id: `h${i}`, number: `A${i}`, account_code: `KILA${i}` }));
  api.on('GET', '/houses', () => ({
    status: 200,
    body: page,
    headers: { 'Content-Range': 'houses 0-24/38900', ...(estimated ? { 'X-Total-Estimated': 'true' } : {}) },
  }));
  return api;
}

describe('a list total', { timeout: 60_000 }, () => {
  it('reads "about" when the server estimated it', async () => {
    houses(true);
    renderApp('/houses');
    expect(await screen.findByText('1-25 of about 38,900', {}, T)).toBeInTheDocument();
  });

  it('reads as a plain count when the server counted it', async () => {
    houses(false);
    renderApp('/houses');
    expect(await screen.findByText('1-25 of 38,900', {}, T)).toBeInTheDocument();
    expect(screen.queryByText(/about/)).toBeNull();
  });

  it('says "takriban" in Swahili, and "about" only for an estimate in English', () => {
    const sw = polyglotI18nProvider(() => swahiliMessages, 'sw', [], { allowMissing: true }).translate;
    const en = polyglotI18nProvider(() => englishMessages, 'en', [], { allowMissing: true }).translate;
    expect(pageRangeText(sw, 1, 25, 38_900, true)).toBe('1-25 kati ya takriban 38,900');
    expect(pageRangeText(sw, 1, 25, 38_900, false)).toBe('1-25 kati ya 38,900');
    expect(pageRangeText(en, 26, 50, 38_866, true)).toBe('26-50 of about 38,866');
    expect(pageRangeText(en, 26, 50, 35_322, false)).toBe('26-50 of 35,322');
  });
});
