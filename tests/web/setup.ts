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
