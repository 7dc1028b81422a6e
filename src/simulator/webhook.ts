/**
 * Webhook delivery when a task ends. The body is JSON:
 *   { event: 'task.completed' | 'task.failed', task_ref, status, recipients: [full records], sent_at }
 * Headers: X-Fax-Event, X-Fax-Delivery (same id on every attempt), X-Fax-Attempt (1..6),
 * X-Fax-Timestamp (Unix seconds) and X-Fax-Signature = hex HMAC-SHA256 of
 * `${timestamp}.${body}` keyed by the API secret.
 * A non-2xx answer, a network error or no answer within the attempt timeout
 * is retried up to 5 times, after 5, 10, 20, 40 and 80 simulated seconds.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { SimContext } from './context';
import { taskView } from './routes/queries';
import type { TaskRecord } from './types';

export const WEBHOOK_RETRY_DELAYS_MS = [5_000, 10_000, 20_000, 40_000, 80_000] as const;
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The scaled attempt timeout never drops below this many real ms. */
export const WEBHOOK_MIN_TIMEOUT_MS = 500;

export function signWebhook(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export class Webhooks {
  constructor(private readonly ctx: SimContext) {}

  taskEnded(task: TaskRecord): void {
    const url = this.ctx.store.account.webhook_url;
    if (!url) return;
    const view = taskView(task);
    const body = JSON.stringify({
      event: task.status === 'failed' ? 'task.failed' : 'task.completed',
      task_ref: view.task_ref,
      status: view.status,
      recipients: view.recipients,
      sent_at: this.ctx.stamp(),
    });
    const delivery = `dlv_${randomBytes(8).toString('hex')}`;
    void this.attempt(url, body, delivery, task.status === 'failed' ? 'task.failed' : 'task.completed', 1);
  }

  private async attempt(url: string, body: string, delivery: string, event: string, n: number): Promise<void> {
    const { ctx } = this;
    if (ctx.stopSignal.aborted) return;
    const timestamp = String(Math.floor(ctx.nowMs() / 1000));
    const timeout = Math.max(WEBHOOK_MIN_TIMEOUT_MS, ctx.scaled(WEBHOOK_TIMEOUT_MS));
    let outcome: string;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'FaxService-Simulator/2',
          'X-Fax-Event': event,
          'X-Fax-Delivery': delivery,
          'X-Fax-Attempt': String(n),
          'X-Fax-Timestamp': timestamp,
          'X-Fax-Signature': signWebhook(ctx.settings.apiSecret, timestamp, body),
        },
        body,
        signal: AbortSignal.any([ctx.stopSignal, AbortSignal.timeout(timeout)]),
      });
      await res.body?.cancel();
      if (res.status >= 200 && res.status < 300) {
        ctx.log(`webhook ${event} ${delivery} delivered (attempt ${n})`);
        return;
      }
      outcome = `HTTP ${res.status}`;
    } catch (e) {
      if (ctx.stopSignal.aborted) return;
      outcome = (e as Error).name === 'TimeoutError' ? 'timeout' : (e as Error).message;
    }
    const delay = WEBHOOK_RETRY_DELAYS_MS[n - 1];
    if (delay === undefined) {
      ctx.log(`webhook ${event} ${delivery} failed (${outcome}); giving up after ${n} attempts`);
      return;
    }
    ctx.log(`webhook ${event} ${delivery} attempt ${n} failed (${outcome}); retrying`);
    ctx.timers.after(ctx.scaled(delay), () => void this.attempt(url, body, delivery, event, n + 1));
  }
}
