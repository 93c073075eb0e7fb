// The 404 screen, in a module of its own: the route table, the guard and the generic screens all
// show it, and the generic screens must not import the route table (which imports them).
import { lazy, type ComponentType } from 'react';

export const NotFoundScreen = lazy(async () => ({ default: (await import('../pages/status/NotFoundPage')).NotFoundPage as ComponentType }));
