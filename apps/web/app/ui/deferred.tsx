/**
 * `deferred(load)` — a component whose module is fetched after the page has hydrated, for parts
 * that draw nothing when the page is served: effects and listeners (tracking, idle logout, live
 * chat…) and the dialogs they open. They stay out of the page's initial JavaScript (issue #17:
 * home ≤ 150 KB gzip). It renders nothing on the server and in the hydrating render, so the
 * markup and hydration are unchanged; once hydrated (or at once, when mounted by a later client
 * render) it loads the module and mounts the component with the same props.
 */
import { type ComponentType, lazy, Suspense, useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/** False on the server and while hydrating, true in every client render after that. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

export function deferred<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  const Lazy = lazy(async () => ({ default: await load() }));
  function Deferred(props: Props) {
    if (!useHydrated()) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Deferred;
}
