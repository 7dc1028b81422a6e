import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * A value main pushed (an event) into the cache. It is newer than an answer to a request still on
 * its way, which would otherwise land after it and put the older state back: that request is
 * cancelled first. Pushes for one key keep their order.
 */
export function setPushed(client: QueryClient, queryKey: QueryKey, value: unknown): void {
  void client.cancelQueries({ queryKey, exact: true }).then(() => client.setQueryData(queryKey, value));
}
