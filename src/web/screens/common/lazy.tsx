// Screens load on first visit (docs/stack.md: keep the first page small). Each carries its own
// Suspense boundary, so it works wherever the generic kit renders it.
import { Suspense, lazy, type ComponentType, type ReactNode } from 'react';
import { Loading } from './FormPage';

export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = <Loading />): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() }));
  function Screen(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Screen;
}
