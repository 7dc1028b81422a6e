/**
 * The price per page behind the Send screen's cost estimate: the service's
 * (learnt from one task query after a send) wins over the contract price from
 * Settings, since it is what the account is actually charged.
 */
import type { Task } from '../../shared/api/schemas';
import type { CostEstimate, SendPartResult } from '../../shared/send/types';
import type { FaxApiClient } from '../api/client';
import type { Logger } from '../log';

export function estimateCost(seen: number | null, contractPrice: () => number | null, pages: number | null, recipients: number): CostEstimate {
  const contract = seen === null ? contractPrice() : null;
  const price = seen ?? contract;
  const priceSource = seen !== null ? 'service' : contract !== null ? 'contract' : null;
  const estimate = price === null || pages === null ? null : Math.round(price * pages * recipients * 100) / 100;
  return { unitPrice: price, priceSource, estimate, pages };
}

/**
 * One query after a send that created a task (none otherwise): the create answer has no prices, the
 * task query has (and feeds history and the estimate).
 */
export async function learnUnitPrice(client: FaxApiClient, results: readonly SendPartResult[], apply: (task: Task) => void, log: Logger): Promise<void> {
  const created = results.find((r) => r.task)?.task;
  if (!created) return;
  try {
    apply(await client.getTask(created.taskRef));
  } catch (e) {
    // Only an estimate: the tasks view learns the price on its next poll.
    log.info(`send: could not read task ${created.taskRef} for its unit price: ${(e as Error).message}`);
  }
}
