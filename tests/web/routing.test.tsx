// Seed sections 2, 4, 6 and 8: guest and auth routes, the 404 page, permissions per route,
// the 200 ms guard, the 401 rule.
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { fakeApi, loggedIn } from './fake-api';
import { renderApp, currentPath } from './render-app';
import { appRoutes, type AppRoute } from '../../src/web/routing/routes';
import { RouteGuard } from '../../src/web/routing/RouteGuard';
import { decideRoute, requiredPermission, canAccessResource } from '../../src/web/routing/access';
import { sessionStore } from '../../src/web/session/session-store';
import { SESSION_POLL_MS } from '../../src/web/session/wait-for-session';
import { authProvider } from '../../src/web/providers/auth-provider';
import { dataProvider } from '../../src/web/providers/data-provider';

const T = { timeout: 5000 };
const ChargesList = () => <h1>Charges list</h1>;
const ChargeForm = () => <h1>Charge form</h1>;

/** The real table plus two area screens, the way the next issue will attach them. */
const withCharges: AppRoute[] = appRoutes.map((r) =>
  r.path === '/charges' ? { ...r, component: ChargesList } : r.path === '/charge-form/:ulid?' ? { ...r, component: ChargeForm } : r,
);

const notFound = () => screen.findByRole('heading', { name: 'Page not found' }, T);

describe('guest routes', () => {
  it('/ is the landing page for a visitor', async () => {
    fakeApi();
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: /Collect rent/ }, T)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Log in' })[0]).toHaveAttribute('href', '/auth/login');
    expect(screen.getAllByRole('link', { name: 'Get started' })[0]).toHaveAttribute('href', '/auth/register');
  });

  it('/ is the dashboard for a logged-in user', async () => {
    fakeApi(loggedIn());
    renderApp('/');
    expect(await screen.findByText(/Good (morning|afternoon|evening), Amina/, {}, T)).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard');
  });

  it.each(['/auth/login', '/auth/register', '/auth/forgot-password', '/auth/reset-password', '/auth/callback', '/auth/access', '/auth/error'])(
    'a logged-in user opening %s lands on the dashboard',
    async (path) => {
      fakeApi(loggedIn());
      renderApp(path);
      expect(await screen.findByText(/Good (morning|afternoon|evening), Amina/, {}, T)).toBeInTheDocument();
      expect(currentPath()).toBe('/dashboard');
    },
  );

  it('a visitor sees the guest screens', async () => {
    fakeApi();
    renderApp('/auth/login');
    expect(await screen.findByRole('heading', { name: 'Welcome back' }, T)).toBeInTheDocument();
    expect(currentPath()).toBe('/auth/login');
  });

  it('/auth/create-organization stays open to a logged-in user without an organisation', async () => {
    fakeApi(loggedIn({ organization: null, organizations: [], permissions: [], roles: [] }));
    renderApp('/auth/create-organization');
    expect(await screen.findByRole('heading', { name: 'Set up your organisation' }, T)).toBeInTheDocument();
    expect(currentPath()).toBe('/auth/create-organization');
  });

  it('/auth/create-organization sends a user who has an organisation to the dashboard', async () => {
    fakeApi(loggedIn());
    renderApp('/auth/create-organization');
    expect(await screen.findByText(/Good (morning|afternoon|evening), Amina/, {}, T)).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard');
  });
});

describe('authenticated routes', () => {
  it('a 401 on /dashboard lands on /auth/login', async () => {
    fakeApi(); // GET /user → 401
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome back' }, T)).toBeInTheDocument();
    expect(currentPath()).toBe('/auth/login');
  });

  it('after logging in the user goes back to the page they asked for', async () => {
    const api = fakeApi({ accounts: {} });
    api.state.accounts['amina@example.co.ke'] = { password: 'correct horse', user: loggedIn().user! };
    renderApp('/change-password');
    expect(await screen.findByRole('heading', { name: 'Welcome back' }, T)).toBeInTheDocument();
    Object.assign(api.state, { ...loggedIn(), user: null });
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Email address/), 'amina@example.co.ke');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Change password' }, T)).toBeInTheDocument();
    expect(currentPath()).toBe('/change-password');
  });

  it('a 401 from an API call on a page outside /auth/ sends the browser to /auth/login', async () => {
    const api = fakeApi(loggedIn());
    renderApp('/dashboard');
    await screen.findByText(/Good (morning|afternoon|evening), Amina/, {}, T);
    api.on('GET', '/charges', () => ({ status: 401, body: { message: 'Unauthenticated.' } }));
    await expect(dataProvider.getList('charges', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} })).rejects.toMatchObject({ status: 401 });
    expect(await screen.findByRole('heading', { name: 'Welcome back' }, T)).toBeInTheDocument();
    expect(currentPath()).toBe('/auth/login');
  });

  it('a 401 on a page under /auth/ does not move the browser', async () => {
    const api = fakeApi();
    renderApp('/auth/forgot-password');
    await screen.findByRole('heading', { name: 'Reset your password' }, T);
    api.on('GET', '/charges', () => ({ status: 401, body: { message: 'Unauthenticated.' } }));
    await expect(dataProvider.getList('charges', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} })).rejects.toMatchObject({ status: 401 });
    await new Promise((r) => setTimeout(r, 50));
    expect(currentPath()).toBe('/auth/forgot-password');
  });
});

describe('the 404 page', () => {
  it.each([
    ['a visitor', {}],
    ['a logged-in user', loggedIn()],
  ])('/pages/notfound is open to %s', async (_who, state) => {
    fakeApi(state);
    renderApp('/pages/notfound');
    expect(await notFound()).toBeInTheDocument();
    expect(currentPath()).toBe('/pages/notfound');
  });

  it('any unknown path shows it', async () => {
    fakeApi(loggedIn());
    renderApp('/no/such/place');
    expect(await notFound()).toBeInTheDocument();
    expect(currentPath()).toBe('/no/such/place');
  });

  it('an unknown path shows it to visitors too, without the app shell', async () => {
    fakeApi();
    renderApp('/nowhere');
    expect(await notFound()).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Profile' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});

describe('permissions per route (seed section 6)', () => {
  it('a list route without list.{module} shows the 404 page', async () => {
    fakeApi(loggedIn({ permissions: ['create.charge', 'edit.charge'] }));
    renderApp('/charges', withCharges);
    expect(await notFound()).toBeInTheDocument();
    expect(screen.queryByText('Charges list')).not.toBeInTheDocument();
    expect(currentPath()).toBe('/charges');
  });

  it('a list route with list.{module} shows its screen', async () => {
    fakeApi(loggedIn({ permissions: ['list.charge'] }));
    renderApp('/charges', withCharges);
    expect(await screen.findByRole('heading', { name: 'Charges list' }, T)).toBeInTheDocument();
  });

  it('a form route without a record needs create.{module}', async () => {
    fakeApi(loggedIn({ permissions: ['list.charge', 'edit.charge'] }));
    renderApp('/charge-form', withCharges);
    expect(await notFound()).toBeInTheDocument();
  });

  it('a form route with a record needs edit.{module}', async () => {
    fakeApi(loggedIn({ permissions: ['list.charge', 'create.charge'] }));
    renderApp('/charge-form/01HZX5J6Q0W3Z8C3B1K2M4N5P6', withCharges);
    expect(await notFound()).toBeInTheDocument();
  });

  it('a form route shows its screen with the right permission', async () => {
    fakeApi(loggedIn({ permissions: ['edit.charge'] }));
    renderApp('/charge-form/01HZX5J6Q0W3Z8C3B1K2M4N5P6', withCharges);
    expect(await screen.findByRole('heading', { name: 'Charge form' }, T)).toBeInTheDocument();
  });

  it('an area route sends a visitor to the login page before any permission check', async () => {
    fakeApi();
    renderApp('/charges', withCharges);
    expect(await screen.findByRole('heading', { name: 'Welcome back' }, T)).toBeInTheDocument();
  });

  it('every seed route declares what it needs', () => {
    const need = (path: string, params: Record<string, string> = {}) => {
      const route = appRoutes.find((r) => r.path === path)!;
      return requiredPermission(route, params);
    };
    expect(need('/charges')).toBe('list.charge');
    expect(need('/invoices')).toBe('list.invoice');
    expect(need('/invoice-form/:ulid?')).toBe('create.invoice');
    expect(need('/invoice-form/:ulid?', { ulid: 'x' })).toBe('edit.invoice');
    expect(need('/expenses')).toBe('list.expense');
    expect(need('/incomes')).toBe('list.income');
    expect(need('/service-providers')).toBe('list.service_provider');
    expect(need('/service-provider-form/:id?')).toBe('create.service_provider');
    expect(need('/service-provider-form/:id?', { id: '7' })).toBe('edit.service_provider');
    expect(need('/role/form/:role_id?', { role_id: '3' })).toBe('edit.role');
    expect(need('/property/:property_id/house-form/:ulid?', { property_id: 'p' })).toBe('create.house');
    expect(need('/property/:property_id/house-form/:ulid?', { property_id: 'p', ulid: 'h' })).toBe('edit.house');
    expect(need('/:owner_ulid/house-form', { owner_ulid: 'o' })).toBe('create.house');
    expect(need('/dashboard')).toBeNull();
  });

  it('react-admin canAccess uses the same check', async () => {
    sessionStore.set({ user: { id: 'u' }, permissions: ['list.charge', 'edit.invoice'], loading: false });
    await expect(authProvider.canAccess!({ action: 'list', resource: 'charges' })).resolves.toBe(true);
    await expect(authProvider.canAccess!({ action: 'create', resource: 'charges' })).resolves.toBe(false);
    await expect(authProvider.canAccess!({ action: 'edit', resource: 'invoices' })).resolves.toBe(true);
    await expect(authProvider.canAccess!({ action: 'list', resource: 'service-providers' })).resolves.toBe(false);
    expect(canAccessResource(['list.service_provider'], 'list', 'service-providers')).toBe(true);
    expect(canAccessResource(['list.charge'], 'list', 'unknown-thing')).toBe(false);
  });

  it('decides with the loaded session only', () => {
    const route: AppRoute = { path: '/charges', area: 'auth', module: 'charge', action: 'list' };
    expect(decideRoute(route, { user: null, permissions: [], organization: null })).toEqual({ type: 'redirect', to: '/auth/login' });
    expect(decideRoute(route, { user: { id: 1 }, permissions: [], organization: null })).toEqual({ type: 'not-found' });
    expect(decideRoute(route, { user: { id: 1 }, permissions: ['list.charge'], organization: null })).toEqual({ type: 'render' });
  });
});

describe('the route guard waits for the session, checking every 200 ms', () => {
  it('renders nothing of the screen until a check finds the session loaded', async () => {
    vi.useFakeTimers();
    expect(SESSION_POLL_MS).toBe(200);
    sessionStore.set({ loading: true, user: { id: 'u1', name: 'Amina' } });
    const route: AppRoute = { path: '/dashboard', area: 'auth', component: () => <p>Inside</p> };
    render(
      <MemoryRouter initialEntries={['/dashboard']}>
        <Routes>
          <Route path="/dashboard" element={<RouteGuard route={route} />} />
          <Route path="/auth/login" element={<p>Login</p>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(150);
    });
    act(() => sessionStore.set({ loading: false })); // loaded at 150 ms…
    await act(async () => {
      vi.advanceTimersByTime(40);
    });
    expect(screen.queryByText('Inside')).not.toBeInTheDocument(); // …not seen before the 200 ms check
    await act(async () => {
      vi.advanceTimersByTime(10);
    });
    expect(screen.getByText('Inside')).toBeInTheDocument();
  });

  it('keeps checking every 200 ms for as long as the session loads, then applies the rules', async () => {
    vi.useFakeTimers();
    const spy = vi.spyOn(sessionStore, 'get');
    sessionStore.set({ loading: true, user: null });
    const route: AppRoute = { path: '/dashboard', area: 'auth', component: () => <p>Inside</p> };
    render(
      <MemoryRouter initialEntries={['/dashboard']}>
        <Routes>
          <Route path="/dashboard" element={<RouteGuard route={route} />} />
          <Route path="/auth/login" element={<p>Login screen</p>} />
        </Routes>
      </MemoryRouter>,
    );
    spy.mockClear();
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    // One look per 200 ms tick.
    expect(spy.mock.calls.length).toBe(5);
    act(() => sessionStore.set({ loading: false }));
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.getByText('Login screen')).toBeInTheDocument();
  });
});

describe('the HTTP client', () => {
  it('sends cookies, Accept, the decoded X-XSRF-TOKEN and X-Tenant-Id', async () => {
    const api = fakeApi(loggedIn());
    renderApp('/dashboard');
    await screen.findByText(/Good (morning|afternoon|evening), Amina/, {}, T);
    api.on('POST', '/charges', (c) => ({ status: 201, body: { id: 'c1', ...(c.body as object) } }));
    await dataProvider.create('charges', { data: { name: 'Water' } });
    const call = api.apiCalls('POST', '/charges')[0];
    expect(call.headers.get('Accept')).toBe('application/json');
    expect(call.headers.get('X-XSRF-TOKEN')).toBe(api.xsrf);
    expect(call.headers.get('X-XSRF-TOKEN')).toContain('=='); // URL-decoded from %3D%3D
    expect(call.headers.get('X-Tenant-Id')).toBe(loggedIn().organization!.id);
    const init = api.fetch.mock.calls.find(([u, i]) => String(u).endsWith('/api/v1/charges') && i?.method === 'POST')![1]!;
    expect(init.credentials).toBe('include');
  });

  it('on 419 asks for a fresh CSRF cookie and retries once', async () => {
    const api = fakeApi(loggedIn());
    await (await import('../../src/web/session/session-actions')).fetchSession();
    api.rotateToken(); // the server no longer knows our token
    api.on('POST', '/charges', () => ({ status: 201, body: { id: 'c1' } }));
    const before = api.calls.filter((c) => c.path === '/sanctum/csrf-cookie').length;
    // The first attempt is refused (419), the cookie is refreshed, the retry carries the new token.
    api.on('POST', '/charges', (c) => (c.headers.get('X-XSRF-TOKEN') === api.xsrf ? undefined : { status: 419, body: { message: 'CSRF token mismatch.' } }));
    await expect(dataProvider.create('charges', { data: {} })).resolves.toMatchObject({ data: { id: 'c1' } });
    expect(api.calls.filter((c) => c.path === '/sanctum/csrf-cookie').length).toBe(before + 1);
    expect(api.apiCalls('POST', '/charges')).toHaveLength(2);
  });

  it('retries only once', async () => {
    const api = fakeApi(loggedIn());
    api.on('POST', '/charges', () => ({ status: 419, body: { message: 'CSRF token mismatch.' } }));
    await expect(dataProvider.create('charges', { data: {} })).rejects.toMatchObject({ status: 419 });
    expect(api.apiCalls('POST', '/charges')).toHaveLength(2);
  });
});
