// "Run billing" on the invoices list: a month, the run's progress while it goes, then what it
// made and what it skipped and why. "Run penalties" posts the penalties due as of a date.
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInAdmin } from '../harness';
import { InvoiceListActions } from '../../../src/web/money/BillingActions';
import { sessionStore } from '../../../src/web/session/session-store';
import { fakeApi, loggedIn } from '../fake-api';
import type { BillingRun } from '../../../src/web/money/types';

const T = { timeout: 8000 };

const run = (patch: Partial<BillingRun>): BillingRun => ({
  id: 'R1', period: '2026-12', period_start: '2026-12-01', period_end: '2026-12-31', status: 'queued', trigger: 'manual',
  total: 0, processed: 0, made: 0, skipped: 0, skipped_by_reason: {}, error: null, ...patch,
});

function signIn(permissions: string[]) {
  const state = loggedIn({ permissions });
  sessionStore.set({ user: { ...state.user! }, roles: state.roles!, permissions, organization: { ...state.organization! }, loading: false, error: null });
  return fakeApi(state);
}

describe('run billing', () => {
  it('posts the month, shows the progress, then what was made and skipped and why', async () => {
    const user = userEvent.setup();
    const api = signIn(['run.billing', 'list.invoice']);
    const answers = [
      run({ status: 'running', total: 10, processed: 5, made: 3, skipped: 2 }),
      run({ status: 'done', total: 10, processed: 10, made: 7, skipped: 3, skipped_by_reason: { already_billed: 2, draft: 1 } }),
    ];
    let polls = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    api.on('POST', '/billing-runs', () => ({ status: 202, body: run({}) }));
    api.on('GET', '/billing-runs/R1', async () => {
      polls += 1;
      if (polls > 1) await gate;
      return { status: 200, body: answers[Math.min(polls - 1, 1)] };
    });
    // a CSRF cookie as after login
    await fetch('/sanctum/csrf-cookie');
    renderInAdmin(<InvoiceListActions />);
    await user.click(screen.getByRole('button', { name: 'Run billing' }));
    const month = await screen.findByLabelText('Month');
    await user.clear(month);
    await user.type(month, '2026-12');
    await user.click(screen.getByRole('button', { name: 'Start' }));

    await waitFor(() => expect(screen.getByTestId('billing-progress')).toHaveTextContent('5 of 10 leases (50%)'), T);
    expect(screen.getByRole('progressbar', { name: 'Billing progress' })).toHaveAttribute('aria-valuenow', '50');
    expect(api.apiCalls('POST', '/billing-runs')[0].body).toEqual({ period: '2026-12' });

    release();
    const summary = await screen.findByTestId('billing-summary', {}, T);
    expect(summary).toHaveTextContent('Billing for December 2026 is finished.');
    expect(summary).toHaveTextContent('7 invoices made');
    expect(summary).toHaveTextContent('3 leases skipped');
    expect(summary).toHaveTextContent('2 already billed for this period');
    expect(summary).toHaveTextContent('1 still draft (not activated)');
    const link = screen.getByRole('link', { name: 'See the invoices for December 2026' });
    expect(decodeURIComponent(link.getAttribute('href')!).replace(/^#/, '')).toBe('/invoices?filter={"period_start":"2026-12-01"}');
  });

  it('shows the server’s answer when the month cannot be billed', async () => {
    const user = userEvent.setup();
    const api = signIn(['run.billing']);
    api.on('POST', '/billing-runs', () => ({ status: 422, body: { message: 'The given data was invalid.', errors: { period: ['A month, YYYY-MM.'] } } }));
    await fetch('/sanctum/csrf-cookie');
    renderInAdmin(<InvoiceListActions />);
    await user.click(screen.getByRole('button', { name: 'Run billing' }));
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    expect(await screen.findByText('A month, YYYY-MM.', {}, T)).toBeInTheDocument();
  });

  it('is not offered without run.billing', () => {
    signIn(['list.invoice']);
    renderInAdmin(<InvoiceListActions />);
    expect(screen.queryByRole('button', { name: 'Run billing' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Run penalties' })).toBeNull();
  });
});

describe('run penalties', () => {
  it('posts the date and says how many penalties were posted', async () => {
    const user = userEvent.setup();
    const api = signIn(['run.billing']);
    api.on('POST', '/penalties/run', () => ({ status: 200, body: { posted: 3, invoices: 2, amount: '1500.00' } }));
    await fetch('/sanctum/csrf-cookie');
    renderInAdmin(<InvoiceListActions />);
    await user.click(screen.getByRole('button', { name: 'Run penalties' }));
    const date = await screen.findByLabelText('As of');
    await user.clear(date);
    await user.type(date, '2026-11-20');
    await user.click(screen.getByRole('button', { name: 'Post penalties' }));
    expect(await screen.findByTestId('penalties-summary', {}, T)).toHaveTextContent('3 penalties posted on 2 invoices, Ksh 1,500.00 in all (as of 20 Nov 2026).');
    expect(api.apiCalls('POST', '/penalties/run')[0].body).toEqual({ as_of: '2026-11-20' });
  });
});
