/**
 * Parts of a page whose modules stay out of its initial JavaScript (issue #17: home ≤ 150 KB gzip).
 *
 * `deferred(load)` — a component whose module is fetched after the page has hydrated, for parts
 * that draw nothing when the page is served: effects and listeners (tracking, idle logout, live
 * chat…) and the dialogs they open. It renders nothing on the server and in the hydrating render, so the
 * markup and hydration are unchanged; once hydrated (or at once, when mounted by a later client
 * render) it loads the module and mounts the component with the same props.
 *
 * `servedLazily(load)` — a component the server renders as usual (every document waits for all
 * content, entry.server.tsx) but whose module the browser fetches after the initial JavaScript:
 * for parts below the fold or seldom shown (the footer, error pages). The served markup stays on
 * screen and is hydrated once the module is there (React's selective hydration). It is memoised so
 * that a parent's re-render with the same props does not update the boundary before it hydrates,
 * which would make React drop the served markup and render it again.
 */
import { type ComponentType, lazy, memo, Suspense, useSyncExternalStore } from 'react';

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

export function servedLazily<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  const Lazy = lazy(async () => ({ default: await load() }));
  function ServedLazily(props: Props) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return memo(ServedLazily) as unknown as ComponentType<Props>;
}
