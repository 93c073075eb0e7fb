// react-admin's store: preferences survive logout, and the early dark-mode class reads the right key.
import { describe, expect, it } from 'vitest';
import { createStore, THEME_STORAGE_KEY } from '../../src/web/providers/store';

describe('the react-admin store', () => {
  it('keeps the theme under the key main.tsx reads before the first paint', () => {
    const store = createStore();
    store.setup();
    store.setItem('theme', 'dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('"dark"');
    store.teardown();
  });

  it('keeps language and theme when logout resets it, and drops the rest', () => {
    const store = createStore();
    store.setup();
    store.setItem('theme', 'dark');
    store.setItem('locale', 'sw');
    store.setItem('charges.listParams', { page: 3 });
    store.reset();
    expect(store.getItem('theme')).toBe('dark');
    expect(store.getItem('locale')).toBe('sw');
    expect(store.getItem('charges.listParams')).toBeUndefined();
    store.teardown();
  });
});
