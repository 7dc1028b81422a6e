import { lazy, Suspense, type ComponentType } from 'react';

const prefetches: Array<() => Promise<unknown>> = [];

/**
 * A component whose code is a chunk of its own, fetched on first use — or before, by
 * prefetchOnDemand() once the first screen is painted (main.tsx), so a first click waits for no
 * download. Once the module is here it renders directly: through React.lazy every first render
 * suspended, and React holds a suspended component's fallback for at least 300 ms even when the
 * module is already loaded.
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>): {
  Component: ComponentType<P>;
  load: () => Promise<ComponentType<P>>;
} {
  let loaded: ComponentType<P> | null = null;
  const loadOnce = () => load().then((c) => (loaded = c));
  const Lazy = lazy(() => loadOnce().then((c) => ({ default: c })));
  function Component(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  prefetches.push(loadOnce);
  return { Component, load: loadOnce };
}

/**
 * A dialog (or any overlay) loaded on demand: it draws nothing until its code is here, inside a
 * Suspense boundary of its own, so the screen around it never waits or changes for it.
 */
export function dialogOnDemand<P extends object>(load: () => Promise<ComponentType<P>>): { Component: ComponentType<P>; load: () => Promise<ComponentType<P>> } {
  const { Component: Inner, load: loadOnce } = onDemand(load);
  function Component(props: P) {
    return (
      <Suspense fallback={null}>
        <Inner {...props} />
      </Suspense>
    );
  }
  return { Component, load: loadOnce };
}

/** Fetches every on-demand component's code (after the first paint: nothing there waited for it). */
export function prefetchOnDemand(): void {
  for (const load of prefetches) void load().catch(() => {});
}
