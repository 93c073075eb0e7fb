// react-admin's store in local storage. Logging out resets react-admin's store; we keep the
// visitor's language and light/dark choice, which are preferences of the browser, not the user.
import { localStorageStore, type Store } from 'react-admin';

/** react-admin prefixes its keys with `RaStore` + this: `RaStore.keja.theme`. */
export const STORE_APP_KEY = '.keja';
/** The key react-admin's theme choice lands under in local storage. */
export const THEME_STORAGE_KEY = `RaStore${STORE_APP_KEY}.theme`;
const KEPT = ['theme', 'locale'];

export function createStore(): Store {
  const base = localStorageStore(undefined, STORE_APP_KEY);
  return {
    ...base,
    reset() {
      const kept = KEPT.map((key) => [key, base.getItem(key)] as const);
      base.reset();
      for (const [key, value] of kept) if (value !== undefined) base.setItem(key, value);
    },
  };
}
