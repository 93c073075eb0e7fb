// The dashboard from one GET /dashboard: figures a landlord reads at a glance, each tile linking
// to its list with the filter applied; an organisation with no houses sees how to start.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
// the screens load lazily in the app; loading them here keeps the first test within its timeout
import '../../../src/web/pages/DashboardPage';
import { renderApp } from '../render-app';
import { DASHBOARD, moneyApi } from './fixtures';

const T = { timeout: 20_000 };
const text = (el: Element) => (el.textContent ?? '').replace(/\u00a0/g, ' ');
const filterOf = (href: string | null) => JSON.parse(new URLSearchParams((href ?? '').split('?')[1]).get('filter') ?? '{}');

describe('dashboard', () => {
  it('shows occupancy, this month’s billing and collection, arrears by bucket, unmatched payments, tickets and SMS credits', async () => {
    const api = moneyApi();
    api.on('GET', '/dashboard', () => ({ status: 200, body: DASHBOARD }));
    renderApp('/dashboard');
    const occupancy = await screen.findByTestId('tile-occupancy', {}, T);
    expect(screen.getByText(/Good (morning|afternoon|evening), Amina/)).toBeInTheDocument();
    expect(screen.getByText('You are working in Riverside Lettings.')).toBeInTheDocument();
    expect(text(occupancy)).toContain('80.0%');
    expect(text(occupancy)).toContain('48 of 60 houses occupied');
    expect(text(occupancy)).toContain('10 vacant houses');
    expect(text(screen.getByTestId('tile-billed'))).toContain('Ksh 169,550.00');
    expect(text(screen.getByTestId('tile-collected'))).toContain('Ksh 137,075.00');
    expect(text(screen.getByTestId('collection-rate'))).toBe('80.8% of what was billed');
    expect(text(screen.getByTestId('tile-arrears'))).toContain('Ksh 51,475.00');
    expect(text(screen.getByTestId('bucket-d1_30'))).toContain('Ksh 75,475.00');
    expect(text(screen.getByTestId('tile-unmatched'))).toContain('Ksh 18,000.00 waiting to be assigned');
    expect(text(screen.getByTestId('tile-tickets'))).toContain('5');
    expect(text(screen.getByTestId('tile-sms'))).toContain('2,994');
    expect(text(screen.getByTestId('tile-flows'))).toContain('Ksh 3,000.00');
    expect(text(screen.getByTestId('tile-flows'))).toContain('Ksh 12,000.00');
    // the chart's figures for a screen reader: the last 12 months
    const table = screen.getByRole('table', { name: 'Billed and collected' });
    expect(within(table).getAllByRole('row')).toHaveLength(12);
    // getting started is for an empty organisation only
    expect(screen.queryByText('Getting started')).toBeNull();
    expect(api.apiCalls('GET', '/dashboard')).toHaveLength(1);
  });

  it('links each tile to its list, filtered, named by what it shows', async () => {
    const api = moneyApi();
    api.on('GET', '/dashboard', () => ({ status: 200, body: DASHBOARD }));
    renderApp('/dashboard');
    await screen.findByTestId('tile-occupancy', {}, T);
    const vacant = screen.getByRole('link', { name: /^Occupancy/ });
    expect(vacant.getAttribute('href')).toMatch(/^\/houses\?filter=/);
    expect(filterOf(vacant.getAttribute('href'))).toEqual({ status: ['vacant'] });
    const unmatched = screen.getByRole('link', { name: /^Payments to match/ });
    expect(filterOf(unmatched.getAttribute('href'))).toEqual({ status: ['unmatched'] });
    expect(filterOf(screen.getByRole('link', { name: /^Open tickets/ }).getAttribute('href'))).toEqual({ status: ['open', 'in_progress', 'deferred'] });
    expect(filterOf(screen.getByRole('link', { name: /Billed in/ }).getAttribute('href'))).toMatchObject({ issue_date_gte: '2026-11-01' });
    // 31–60 days late as of 22 Nov: due between 23 Sep and 22 Oct, still open
    expect(filterOf(screen.getByRole('link', { name: '31–60 days late' }).getAttribute('href'))).toEqual({
      status: ['issued', 'partially_paid'], due_date_gte: '2026-09-23', due_date_lte: '2026-10-22',
    });
    expect(screen.getByRole('link', { name: 'See the aging report' })).toHaveAttribute('href', '/statements/aging-balances');
    expect(screen.getByRole('link', { name: /^SMS credits/ })).toHaveAttribute('href', '/sms-credits');
  });

  it('shows the getting-started steps to an organisation with no houses yet', async () => {
    const api = moneyApi();
    api.on('GET', '/dashboard', () => ({ status: 200, body: { ...DASHBOARD, occupancy: { houses: 0, occupied: 0, vacant: 0, other: 0, rate: '0.0' } } }));
    renderApp('/dashboard');
    expect(await screen.findByText('Getting started', {}, T)).toBeInTheDocument();
    expect(screen.queryByTestId('tile-occupancy')).toBeNull();
  });

  it('does not link a tile to a list the user may not open', async () => {
    const api = moneyApi(['list.statement', 'view.financials']);
    api.on('GET', '/dashboard', () => ({ status: 200, body: DASHBOARD }));
    renderApp('/dashboard');
    await screen.findByTestId('tile-occupancy', {}, T);
    expect(screen.queryByRole('link', { name: /^Occupancy/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Payments to match/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'See the aging report' })).toBeInTheDocument();
  });

  it('draws no money tile for a member without view.financials, even if figures came', async () => {
    const api = moneyApi(['list.house', 'list.ticket', 'list.payment']);
    api.on('GET', '/dashboard', () => ({ status: 200, body: DASHBOARD }));
    renderApp('/dashboard');
    await screen.findByTestId('tile-occupancy', {}, T);
    for (const id of ['tile-billed', 'tile-collected', 'tile-unmatched', 'tile-arrears', 'tile-flows', 'chart-months']) {
      expect(screen.queryByTestId(id), id).toBeNull();
    }
    expect(screen.queryByText(/Ksh/)).toBeNull();
    expect(screen.getByTestId('tile-tickets')).toBeInTheDocument();
    expect(screen.getByTestId('tile-sms')).toBeInTheDocument();
  });

  it('says what needs attention today, each count linking to its filtered list, only for lists the member may open', async () => {
    const attention = { urgent_tickets: 2, draft_leases: 1, failed_messages: 3, unmatched_payments: 0 };
    const api = moneyApi(['list.ticket', 'list.lease', 'list.payment']);
    api.on('GET', '/dashboard', () => ({ status: 200, body: { ...DASHBOARD, attention } }));
    renderApp('/dashboard');
    const panel = await screen.findByTestId('attention', {}, T);
    expect(within(panel).getByRole('heading', { name: 'Needs attention today' })).toBeInTheDocument();
    const urgent = within(panel).getByRole('link', { name: /^2\s*urgent tickets open$/ });
    expect(filterOf(urgent.getAttribute('href'))).toEqual({ priority: ['urgent'], status: ['open', 'in_progress', 'deferred'] });
    expect(filterOf(within(panel).getByRole('link', { name: /^1\s*draft lease to activate$/ }).getAttribute('href'))).toEqual({ status: ['draft'] });
    expect(filterOf(within(panel).getByRole('link', { name: /^0\s*payments to match$/ }).getAttribute('href'))).toEqual({ status: ['unmatched'] });
    // messages: the count came, but this member may not open the list
    expect(within(panel).queryByText(/messages not sent/)).toBeNull();
    expect(within(panel).queryByText(/SMS credits ran out/)).toBeNull();
  });

  it('says when messages wait because SMS credits ran out, linking to them; nothing about it when none wait', async () => {
    const api = moneyApi(['list.message']);
    let waiting = 4;
    api.on('GET', '/dashboard', () => ({ status: 200, body: { ...DASHBOARD, attention: { failed_messages: 1, waiting_for_credits: waiting } } }));
    const { unmount } = renderApp('/dashboard');
    const panel = await screen.findByTestId('attention', {}, T);
    const link = within(panel).getByRole('link', { name: /^4\s*messages waiting: SMS credits ran out$/ });
    expect(filterOf(link.getAttribute('href'))).toEqual({ status: ['insufficient_credits'] });
    expect(filterOf(within(panel).getByRole('link', { name: /^1\s*message not sent$/ }).getAttribute('href'))).toEqual({ status: ['failed'] });
    unmount();
    waiting = 0;
    renderApp('/dashboard');
    const again = await screen.findByTestId('attention', {}, T);
    expect(within(again).getByRole('link', { name: /message not sent/ })).toBeInTheDocument();
    expect(within(again).queryByText(/SMS credits ran out/)).toBeNull();
  });
});
