import type { StoreApi } from 'zustand';

/** Resolves once a store's state meets `ready` (at once if it already does): a wait on an event, not a poll. */
export function whenState<S>(store: Pick<StoreApi<S>, 'getState' | 'subscribe'>, ready: (state: S) => boolean): Promise<void> {
  if (ready(store.getState())) return Promise.resolve();
  return new Promise((resolve) => {
    const off = store.subscribe((s) => {
      if (!ready(s)) return;
      off();
      resolve();
    });
  });
}
