// The screens against the fake contract: login, register, organisation, passwords, switcher,
// dark mode and the language switch.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, loggedIn, AMINA, LAKESIDE } from './fake-api';
import { renderApp, currentPath } from './render-app';
import { englishMessages } from '../../src/web/i18n/en';
import { swahiliMessages } from '../../src/web/i18n/sw';

const T = { timeout: 5000 };
const greeting = () => screen.findByText(/Good (morning|afternoon|evening), Amina/, {}, T);

describe('login', () => {
  it('shows the server’s 422 message next to the email field', async () => {
    const user = userEvent.setup();
    fakeApi();
    renderApp('/auth/login');
    await screen.findByRole('heading', { name: 'Welcome back' }, T);
    await user.type(screen.getByLabelText(/Email address/), 'nobody@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const email = screen.getByLabelText(/Email address/);
    await waitFor(() => expect(email).toHaveAccessibleDescription('These credentials do not match our records.'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(currentPath()).toBe('/auth/login');
  });

  it('shows a rate-limit answer above the form', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    api.on('POST', '/login', () => ({ status: 429, body: { message: 'Too many login attempts. Please try again in 60 seconds.' }, headers: { 'Retry-After': '60' } }));
    renderApp('/auth/login');
    await screen.findByRole('heading', { name: 'Welcome back' }, T);
    await user.type(screen.getByLabelText(/Email address/), 'amina@example.co.ke');
    await user.type(screen.getByLabelText(/^Password/), 'whatever1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Too many login attempts. Please try again in 60 seconds.')).toBeInTheDocument();
  });

  it('sends email, password and remember, then opens the dashboard that greets the user and names the organisation', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    api.state.accounts[AMINA.email] = { password: 'correct horse', user: AMINA };
    renderApp('/auth/login');
    await screen.findByRole('heading', { name: 'Welcome back' }, T);
    Object.assign(api.state, { ...loggedIn(), user: null });
    await user.type(screen.getByLabelText(/Email address/), AMINA.email);
    await user.type(screen.getByLabelText(/^Password/), 'correct horse');
    await user.click(screen.getByLabelText('Remember me'));
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await greeting()).toBeInTheDocument();
    expect(screen.getByText('You are working in Riverside Lettings.')).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard');
    expect(api.apiCalls('POST', '/login')[0].body).toEqual({ email: AMINA.email, password: 'correct horse', remember: true });
  });
});

describe('register and create an organisation', () => {
  it('goes register → create organisation → dashboard', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    renderApp('/auth/register');
    await screen.findByRole('heading', { name: 'Create your account' }, T);
    await user.type(screen.getByLabelText(/Full name/), 'Baraka Mwangi');
    await user.type(screen.getByLabelText(/Email address/), 'baraka@example.co.ke');
    await user.type(screen.getByLabelText(/^Password/), 'a long passphrase');
    await user.type(screen.getByLabelText(/Confirm password/), 'a long passphrase');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: 'Set up your organisation' }, T)).toBeInTheDocument();
    expect(currentPath()).toBe('/auth/create-organization');
    expect(api.apiCalls('POST', '/register')[0].body).toEqual({
      name: 'Baraka Mwangi',
      email: 'baraka@example.co.ke',
      password: 'a long passphrase',
      password_confirmation: 'a long passphrase',
    });
    await screen.findByText(/Karibu, Baraka Mwangi!/, {}, T);

    await user.type(screen.getByLabelText(/Organisation name/), 'Mwangi Properties');
    await user.type(screen.getByLabelText(/KRA PIN/), 'a123456789z');
    await user.click(screen.getByRole('button', { name: 'Create organisation' }));
    expect(await screen.findByText(/Good (morning|afternoon|evening), Baraka/, {}, T)).toBeInTheDocument();
    expect(screen.getByText('You are working in Mwangi Properties.')).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard');
    expect(api.apiCalls('POST', '/organisations')[0].body).toEqual({ name: 'Mwangi Properties', kra_pin: 'A123456789Z' });
  });

  it('refuses mismatched passwords before sending', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    renderApp('/auth/register');
    await screen.findByRole('heading', { name: 'Create your account' }, T);
    await user.type(screen.getByLabelText(/Full name/), 'Baraka');
    await user.type(screen.getByLabelText(/Email address/), 'baraka@example.co.ke');
    await user.type(screen.getByLabelText(/^Password/), 'a long passphrase');
    await user.type(screen.getByLabelText(/Confirm password/), 'another passphrase');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    expect(api.apiCalls('POST', '/register')).toHaveLength(0);
  });
});

describe('password reset', () => {
  it('forgot password shows the server’s answer', async () => {
    const user = userEvent.setup();
    fakeApi();
    renderApp('/auth/forgot-password');
    await screen.findByRole('heading', { name: 'Reset your password' }, T);
    await user.type(screen.getByLabelText(/Email address/), 'amina@example.co.ke');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('If that email is registered, a reset link has been sent.')).toBeInTheDocument();
  });

  it('/auth/callback with a good token continues to the reset form with the same query', async () => {
    fakeApi();
    renderApp('/auth/callback?token=good&email=amina%40example.co.ke');
    expect(await screen.findByRole('heading', { name: 'Choose a new password' }, T)).toBeInTheDocument();
    expect(currentPath()).toBe('/auth/reset-password');
    expect(new URLSearchParams(window.location.search).get('email')).toBe('amina@example.co.ke');
    expect(screen.getByDisplayValue('amina@example.co.ke')).toBeInTheDocument();
  });

  it('/auth/callback with a bad token lands on /auth/error', async () => {
    fakeApi();
    renderApp('/auth/callback?token=bad&email=amina%40example.co.ke');
    expect(await screen.findByRole('heading', { name: 'This link does not work' }, T)).toBeInTheDocument();
    expect(currentPath()).toBe('/auth/error');
    expect(screen.getByText('This password reset token is invalid.')).toBeInTheDocument();
  });

  it('resets the password and goes to the login page', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    renderApp('/auth/reset-password?token=good&email=amina%40example.co.ke');
    await screen.findByRole('heading', { name: 'Choose a new password' }, T);
    await user.type(screen.getByLabelText(/New password/), 'a brand new secret');
    await user.type(screen.getByLabelText(/Confirm password/), 'a brand new secret');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' }, T)).toBeInTheDocument();
    expect(screen.getByText('Password changed. You can log in now.')).toBeInTheDocument();
    expect(api.apiCalls('POST', '/reset-password')[0].body).toEqual({
      token: 'good',
      email: 'amina@example.co.ke',
      password: 'a brand new secret',
      password_confirmation: 'a brand new secret',
    });
  });
});

describe('change password', () => {
  it('shows a wrong current password next to its field, and confirms success', async () => {
    const user = userEvent.setup();
    const api = fakeApi(loggedIn());
    renderApp('/change-password');
    await screen.findByRole('heading', { level: 1, name: 'Change password' }, T);
    await user.type(screen.getByLabelText(/Current password/), 'not-it-at-all');
    await user.type(screen.getByLabelText(/New password/), 'a brand new secret');
    await user.type(screen.getByLabelText(/Confirm password/), 'a brand new secret');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    await waitFor(() => expect(screen.getByLabelText(/Current password/)).toHaveAccessibleDescription('The password is incorrect.'));

    await user.clear(screen.getByLabelText(/Current password/));
    await user.type(screen.getByLabelText(/Current password/), 'old-password');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(api.apiCalls('PUT', '/user/password')).toHaveLength(2);
  });
});

describe('the app bar', () => {
  it('switches organisation and reloads the session', async () => {
    const user = userEvent.setup();
    const api = fakeApi(loggedIn());
    renderApp('/dashboard');
    await greeting();
    await user.click(screen.getByRole('button', { name: /Organisation: Riverside Lettings/ }));
    const menu = await screen.findByRole('menu');
    await user.click(await within(menu).findByRole('menuitem', { name: /Lakeside Homes/ }));
    expect(await screen.findByText('You are working in Lakeside Homes.', {}, T)).toBeInTheDocument();
    expect(api.apiCalls('POST', `/organisations/${LAKESIDE.id}/switch`)).toHaveLength(1);
    const lastUserFetch = api.apiCalls('GET', '/user').at(-1)!;
    expect(lastUserFetch.headers.get('X-Tenant-Id')).toBe(LAKESIDE.id);
    expect(screen.getByText('Now working in Lakeside Homes')).toBeInTheDocument();
  });

  it('offers change password in the user menu', async () => {
    const user = userEvent.setup();
    fakeApi(loggedIn());
    renderApp('/dashboard');
    await greeting();
    await user.click(screen.getByRole('button', { name: 'Profile' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Change password' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Change password' }, T)).toBeInTheDocument();
    expect(currentPath()).toBe('/change-password');
  });
});

describe('dark mode', () => {
  it('puts the class app-dark on the document, in step with the theme toggle', async () => {
    const user = userEvent.setup();
    fakeApi();
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: /Collect rent/ }, T);
    expect(document.documentElement).not.toHaveClass('app-dark');
    await user.click(screen.getAllByRole('button', { name: 'Toggle light/dark mode' })[0]);
    await waitFor(() => expect(document.documentElement).toHaveClass('app-dark'));
    await user.click(screen.getAllByRole('button', { name: 'Toggle light/dark mode' })[0]);
    await waitFor(() => expect(document.documentElement).not.toHaveClass('app-dark'));
  });
});

describe('languages', () => {
  const keys = (tree: object, prefix = ''): string[] =>
    Object.entries(tree).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

  it('the Swahili dictionary has every English key, react-admin’s and Keja’s', () => {
    const en = keys(englishMessages);
    const sw = new Set(keys(swahiliMessages));
    expect(en.length).toBeGreaterThan(300);
    expect(en.filter((k) => !sw.has(k))).toEqual([]);
  });

  it('switches the screens to Kiswahili', async () => {
    const user = userEvent.setup();
    fakeApi();
    renderApp('/auth/login');
    await screen.findByRole('heading', { name: 'Welcome back' }, T);
    await user.click(screen.getByRole('button', { name: /English/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Kiswahili' }));
    expect(await screen.findByRole('heading', { name: 'Karibu tena' }, T)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ingia' })).toBeInTheDocument();
  });
});
