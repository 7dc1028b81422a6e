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

/** One webhook delivery (every attempt shares its id): where it stands, for tests and diagnostics. */
export interface WebhookDelivery {
  delivery: string;
  taskRef: string;
  event: 'task.completed' | 'task.failed';
  /** Attempts started so far (1..6). */
  attempts: number;
  /** 'delivered' and 'gave_up' are final: no attempt follows either. */
  state: 'sending' | 'retrying' | 'delivered' | 'gave_up';
}

/** Deliveries remembered for deliveries(); the oldest are forgotten beyond this. */
const KEPT_DELIVERIES = 1000;

export function signWebhook(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export class Webhooks {
  private readonly records = new Map<string, WebhookDelivery>();

  constructor(private readonly ctx: SimContext) {}

  /** Every delivery since start (the last KEPT_DELIVERIES), oldest first. */
  deliveries(): WebhookDelivery[] {
    return [...this.records.values()].map((r) => ({ ...r }));
  }

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
    const record: WebhookDelivery = {
      delivery: `dlv_${randomBytes(8).toString('hex')}`,
      taskRef: view.task_ref,
      event: task.status === 'failed' ? 'task.failed' : 'task.completed',
      attempts: 0,
      state: 'sending',
    };
    this.records.set(record.delivery, record);
    if (this.records.size > KEPT_DELIVERIES) this.records.delete(this.records.keys().next().value!);
    void this.attempt(url, body, record, 1);
  }

  private async attempt(url: string, body: string, record: WebhookDelivery, n: number): Promise<void> {
    const { ctx } = this;
    if (ctx.stopSignal.aborted) return;
    const { delivery, event } = record;
    record.attempts = n;
    record.state = 'sending';
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
        record.state = 'delivered';
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
      record.state = 'gave_up';
      ctx.log(`webhook ${event} ${delivery} failed (${outcome}); giving up after ${n} attempts`);
      return;
    }
    record.state = 'retrying';
    ctx.log(`webhook ${event} ${delivery} attempt ${n} failed (${outcome}); retrying`);
    ctx.timers.after(ctx.scaled(delay), () => void this.attempt(url, body, record, n + 1));
  }
}
