import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SendFaxInput } from '@shared/ipc/channels/send';
import { call } from '../../lib/api';

export const sendKeys = {
  all: ['send'] as const,
  estimate: (pages: number | null, recipients: number) => ['send', 'estimate', pages, recipients] as const,
};

/** One estimate per page count and recipient count; the details panel and the review share it. */
export const estimateQuery = (pages: number | null, recipients: number) =>
  queryOptions({
    queryKey: sendKeys.estimate(pages, recipients),
    queryFn: () => call('estimateCost', { pages, recipients }),
    staleTime: 30_000,
  });

/**
 * The send itself. A mutation, never retried: a create that may have reached
 * the service must not be repeated (DESIGN.md). Afterwards every screen that
 * shows tasks, counts or the balance reads again.
 */
export function useSendFax() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['send', 'fax'],
    mutationFn: (input: SendFaxInput) => call('sendFax', input),
    retry: false,
    onSettled: () => void client.invalidateQueries(),
  });
}
