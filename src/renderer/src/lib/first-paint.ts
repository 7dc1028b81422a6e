import { useSyncExternalStore } from 'react';

/**
 * The first screen paints before the window asks main for what it does not show:
 * header chips, sidebar counts, the phonebook's lists. Each such query is enabled
 * by `useAfterFirstPaint()`; every request is still made, one frame later.
 *
 * Open unless the entry arms it (components rendered on their own, in tests or
 * later screens, never wait).
 */
let painted = true;
const listeners = new Set<() => void>();

/** Called by the entry before the first render. */
export function holdUntilFirstPaint(): void {
  painted = false;
}

/** Called by the entry once the first screen's frame has been drawn. */
export function markFirstPaint(): void {
  if (painted) return;
  painted = true;
  for (const l of [...listeners]) l();
  listeners.clear();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAfterFirstPaint(): boolean {
  return useSyncExternalStore(subscribe, () => painted);
}
