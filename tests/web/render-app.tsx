import { render } from '@testing-library/react';
import { memoryStore } from 'react-admin';
import { App } from '../../src/web/App';
import type { AppRoute } from '../../src/web/routing/routes';

/** Renders the whole app at `path`, with a fresh in-memory react-admin store. */
export function renderApp(path: string, routes?: AppRoute[]) {
  window.history.replaceState(null, '', path);
  return render(<App routes={routes} store={memoryStore()} />);
}

export const currentPath = () => window.location.pathname;
