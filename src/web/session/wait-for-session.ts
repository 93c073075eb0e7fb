// Route guard timing (seed sections 4 and 9): navigation waits, checking every 200 ms, until the
// session is loaded.
import { sessionStore } from './session-store';

export const SESSION_POLL_MS = 200;

/**
 * Calls `onLoaded` once the session is loaded: at once if it already is, otherwise at the first
 * 200 ms check that finds it loaded. Returns a function that stops waiting.
 */
export function whenSessionLoaded(onLoaded: () => void): () => void {
  if (!sessionStore.get().loading) {
    onLoaded();
    return () => {};
  }
  const timer = setInterval(() => {
    if (!sessionStore.get().loading) {
      clearInterval(timer);
      onLoaded();
    }
  }, SESSION_POLL_MS);
  return () => clearInterval(timer);
}

/** The promise form, for the auth provider. */
export function waitForSession(): Promise<void> {
  return new Promise((resolve) => {
    whenSessionLoaded(resolve);
  });
}
