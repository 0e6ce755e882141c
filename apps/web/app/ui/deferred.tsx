/**
 * Parts of a page whose modules stay out of its initial JavaScript (issue #17: home ≤ 150 KB gzip).
 *
 * `deferred(load)` — a component whose module is fetched after the page has hydrated, for parts
 * that draw nothing when the page is served: effects and listeners (tracking, idle logout, live
 * chat…) and the dialogs they open. It renders nothing on the server and in the hydrating render, so the
 * markup and hydration are unchanged; once hydrated (or at once, when mounted by a later client
 * render) it loads the module and mounts the component with the same props.
 *
 * `servedLazily(name, load)` — a component the server renders as usual (every document waits for
 * all content, entry.server.tsx) but whose module stays out of the page's modulepreloaded
 * JavaScript: for parts seldom shown or not needed to paint (the footer, error pages, the home
 * page's blocks). The served markup is on screen from the first paint; before hydrating, the
 * browser fetches the modules of the parts the server rendered (`loadServedModules`, which finds
 * them by the empty `<template data-lazy>` each one renders) and hydrates them in place.
 * Without that wait, React would leave such a part dehydrated until its module arrived, and any
 * context update in between (the service worker becoming ready, a media query…) makes React throw
 * the served markup away and show the empty fallback: on a slow phone the home page collapsed
 * and grew back twice, a layout shift of 0.5–0.9 (issue #17). Later client renders (navigations)
 * suspend as usual.
 */
import { type ComponentType, lazy, Suspense, startTransition, use, useEffect, useState } from 'react';

/**
 * Set by the first deferred part's effect after the hydration commit; parts mounted by later client
 * renders (navigations, dialogs) start at once.
 */
let pageHydrated = false;

/**
 * False on the server and while hydrating; after hydration it turns true in a transition, so the
 * parts' first render is time-sliced like the hydration itself, not one synchronous task (a
 * `useSyncExternalStore` whose client value differs re-renders at once, synchronously: on the game
 * page that was a 100–155 ms task right after hydration).
 */
function useMountable(): boolean {
  const [mountable, setMountable] = useState(pageHydrated);
  useEffect(() => {
    if (mountable) return;
    pageHydrated = true;
    startTransition(() => setMountable(true));
  }, [mountable]);
  return mountable;
}

export function deferred<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  const Lazy = lazy(async () => ({ default: await load() }));
  function Deferred(props: Props) {
    if (!useMountable()) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Deferred;
}

/** Each served-lazily part's loader, by name, for `loadServedModules`. */
const servedModules = new Map<string, () => Promise<unknown>>();

export function servedLazily<Props extends object>(
  name: string,
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const loadOnce = () => {
    loading ??= load().then((component) => {
      loaded = component;
      return component;
    });
    return loading;
  };
  servedModules.set(name, loadOnce);
  function Part(props: Props) {
    // Loaded already (before hydration, or by an earlier page): rendered at once, so hydration
    // never suspends on it; otherwise the boundary suspends until the module is there.
    const Loaded = loaded ?? use(loadOnce());
    return <Loaded {...props} />;
  }
  function ServedLazily(props: Props) {
    return (
      <>
        <template data-lazy={name} />
        <Suspense fallback={null}>
          <Part {...props} />
        </Suspense>
      </>
    );
  }
  return ServedLazily;
}

/**
 * Loads the modules of the served-lazily parts in `root` (the served document, before hydrating).
 * A part whose module fails to load is left to its Suspense boundary; the page still hydrates.
 */
export function loadServedModules(root: ParentNode): Promise<unknown> {
  return Promise.allSettled(
    Array.from(root.querySelectorAll('template[data-lazy]'), (marker) =>
      servedModules.get(marker.getAttribute('data-lazy') ?? '')?.(),
    ),
  );
}
