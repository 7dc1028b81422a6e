import type { QueryClient, QueryFilters, QueryKey } from '@tanstack/react-query';

/**
 * A value main pushed (an event) into the cache. It is newer than an answer to a request still on
 * its way, which would otherwise land after it and put the older state back: that request is
 * cancelled first. Pushes for one key keep their order.
 */
export function setPushed(client: QueryClient, queryKey: QueryKey, value: unknown): void {
  void client.cancelQueries({ queryKey, exact: true }).then(() => client.setQueryData(queryKey, value));
}

/**
 * Main said these queries' answers changed (another account, a task's new state): read them again.
 * An answer still on its way is from before the change, so it is cancelled first. invalidateQueries
 * alone cancels it only when the query already holds data: a first read in flight was kept, and its
 * old answer stayed (the demo's balance in the header after connecting an account, until the next
 * 3-minute read).
 */
export function readAgain(client: QueryClient, filters: QueryFilters): Promise<void> {
  return client.cancelQueries(filters).then(() => client.invalidateQueries(filters));
}
