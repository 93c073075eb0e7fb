import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { sessionStore } from '../../src/web/session/session-store';
import { resetCountryLookup } from '../../src/web/components/phone/country-lookup';
import { setNavigator } from '../../src/web/routing/navigation';

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

// react-admin's data provider logs every refused request with console.error (a stack trace per
// 4xx). Tests provoke refusals on purpose (404s, 403s, 409s, 422s) and assert what the screen
// shows instead, so those are expected: dropped here. Anything else (a 5xx, a React warning, a
// crash) is still printed.
const printError = console.error.bind(console);
const expectedRefusal = (arg: unknown) =>
  typeof arg === 'object' && arg !== null && (arg as { name?: unknown }).name === 'HttpError'
  && typeof (arg as { status?: unknown }).status === 'number' && (arg as { status: number }).status >= 400 && (arg as { status: number }).status < 500;
console.error = (...args: unknown[]) => {
  if (args.length && expectedRefusal(args[0])) return;
  printError(...args);
};

beforeEach(() => {
  localStorage.clear();
  clearCookies();
  sessionStore.reload();
  resetCountryLookup();
  document.documentElement.className = '';
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  cleanup();
  setNavigator(null);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
