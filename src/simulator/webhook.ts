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
/**
 * The scaled attempt timeout never drops below this many real ms: at
 * --speed 1000 the scaled 10 s would be 10 ms, less than a busy machine
 * takes to answer, and a healthy endpoint would get every retry.
 */
export const WEBHOOK_MIN_TIMEOUT_MS = 2_000;

/**
 * An abort after `ms` real milliseconds that never beats an answer already
 * received: when the event loop was blocked (page counting of a large upload,
 * a loaded machine), due timers run before pending socket reads, so the
 * timeout is deferred to the check phase, after I/O was read.
 */
function lagTolerantTimeout(ms: number): { signal: AbortSignal; clear(): void } {
  const controller = new AbortController();
  let immediate: NodeJS.Immediate | null = null;
  const timer = setTimeout(() => {
    immediate = setImmediate(() => controller.abort(new DOMException('The webhook attempt timed out', 'TimeoutError')));
  }, ms);
  return {
    signal: controller.signal,
    clear() {
      clearTimeout(timer);
      if (immediate) clearImmediate(immediate);
    },
  };
}

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
    const limit = lagTolerantTimeout(timeout);
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
        signal: AbortSignal.any([ctx.stopSignal, limit.signal]),
      });
      // Answered: the status decides, however long reading the rest takes.
      limit.clear();
      await res.body?.cancel().catch(() => {});
      if (res.status >= 200 && res.status < 300) {
        ctx.log(`webhook ${event} ${delivery} delivered (attempt ${n})`);
        return;
      }
      outcome = `HTTP ${res.status}`;
    } catch (e) {
      if (ctx.stopSignal.aborted) return;
      outcome = (e as Error).name === 'TimeoutError' ? 'timeout' : (e as Error).message;
    } finally {
      limit.clear();
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
