// Bulk delete from a list: one request for the whole selection (one transaction on the server),
// and a refusal says which record and that nothing was deleted.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, loggedIn } from '../fake-api';
import { renderApp } from '../render-app';
import { crud, HOUSE, HOUSE2, HOUSE_TYPE, OWNER, PROPERTY, serveResources } from './fake-resources';

const T = { timeout: 15_000 };

function app() {
  const api = fakeApi(loggedIn({ permissions: crud('house', 'property', 'house_type', 'property_owner') }));
  const lists = serveResources(api, { 'property-owners': [OWNER], properties: [PROPERTY], 'house-types': [HOUSE_TYPE], charges: [], houses: [HOUSE, HOUSE2] });
  return { api, lists };
}

async function selectAllAndDelete() {
  const user = userEvent.setup();
  renderApp('/houses');
  await screen.findByRole('table', {}, T);
  await screen.findByText('KILA2', {}, T);
  await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
  await user.click(await screen.findByRole('button', { name: 'Delete' }, T));
  const dialog = await screen.findByRole('dialog', {}, T);
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
}

describe('bulk delete', { timeout: 60_000 }, () => {
  it('sends the whole selection in one request', async () => {
    const { api, lists } = app();
    api.on('DELETE', '/houses', () => {
      lists.set('houses', []);
      return { status: 200, body: [HOUSE, HOUSE2] };
    });
    await selectAllAndDelete();
    await waitFor(() => expect(api.apiCalls('DELETE')).toHaveLength(1), T);
    const [call] = api.apiCalls('DELETE');
    const sent = api.fetch.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'DELETE')!;
    const url = new URL(String(sent[0]), 'http://x');
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ id: ['h1', 'h2'] });
    expect(call.path).toBe('/houses');
  });

  it('shows the refusal, naming the record, and keeps the rows', async () => {
    const { api } = app();
    api.on('DELETE', '/houses', () => ({ status: 409, body: { message: 'KILA1: A house with leases cannot be deleted. Nothing was deleted.' } }));
    await selectAllAndDelete();
    expect(await screen.findByText(/KILA1: A house with leases cannot be deleted\. Nothing was deleted\./, {}, T)).toBeInTheDocument();
    expect(screen.getByText('KILA2')).toBeInTheDocument();
  });
});
