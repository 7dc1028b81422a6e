/**
 * Moves tasks through simulated time (every duration divided by speed):
 * - a task stays `pending` until its start time: creation (or scheduled_at,
 *   measured from now) plus about 2 s; then it is `sending`;
 * - if a file cannot be converted the task is `failed` as a whole and every
 *   recipient `failed` with CONVERSION_FAILED;
 * - otherwise recipients are dialled on up to 5 lines in parallel, in order:
 *   `sending`, ~10 s to dial, then ~20 s per page; the outcome is fixed by the
 *   number's last three digits (see OUTCOMES), all others succeed;
 * - a recipient whose turn comes while the account is not active is `canceled`;
 * - the task is `done` once every recipient is processed.
 * Charges: unit_price x page_count, rounded to 0.01 yuan, taken from the balance
 * as each recipient finishes; the worst case was reserved at creation.
 */
import type { SimContext } from './context';
import { chargeFen, fenToYuan } from './ids';
import type { RecipientRecord, TaskRecord } from './types';
import type { Webhooks } from './webhook';

export const DIAL_MS = 10_000;
export const PAGE_MS = 20_000;
export const LINES_PER_TASK = 5;

export const OUTCOMES: Readonly<Record<string, { code: string; reason: string }>> = {
  '666': { code: 'BUSY', reason: 'The line was busy' },
  '777': { code: 'NO_ANSWER', reason: 'The remote side did not answer' },
  '888': { code: 'NOT_A_FAX_MACHINE', reason: 'The number answered but is not a fax machine' },
};

export const CONVERSION_FAILED = 'CONVERSION_FAILED';

export class StateMachine {
  private readonly activeLines = new Map<string, number>();

  constructor(
    private readonly ctx: SimContext,
    private readonly webhooks: Webhooks,
  ) {}

  schedule(task: TaskRecord): void {
    this.ctx.timers.after(task.startAtMs - this.ctx.nowMs(), () => this.start(task));
  }

  /** After a restart: pending tasks wait for their time, sending ones carry on (interrupted calls are redialled). */
  resume(task: TaskRecord): void {
    if (task.status === 'pending') this.schedule(task);
    else if (task.status === 'sending') {
      for (const r of task.recipients) if (r.status === 'sending') r.status = 'pending';
      this.launchLines(task);
    }
  }

  private start(task: TaskRecord): void {
    if (task.status !== 'pending') return;
    task.status = 'sending';
    this.ctx.store.changed(task);
    if (task.conversionError !== null) return this.failWhole(task);
    this.launchLines(task);
  }

  private launchLines(task: TaskRecord): void {
    const lines = Math.min(LINES_PER_TASK, task.recipients.length);
    for (let i = 0; i < lines; i++) {
      this.activeLines.set(task.task_ref, (this.activeLines.get(task.task_ref) ?? 0) + 1);
      this.nextOnLine(task);
    }
  }

  private nextOnLine(task: TaskRecord): void {
    for (;;) {
      const r = task.recipients.find((x) => x.status === 'pending');
      if (!r) return this.lineFree(task);
      if (this.ctx.store.account.status !== 'active') {
        this.finishRecipient(task, r, 'canceled', 0, null, null);
        continue;
      }
      r.status = 'sending';
      this.ctx.store.changed(task);
      this.ctx.timers.after(this.ctx.scaled(DIAL_MS), () => this.dialled(task, r));
      return;
    }
  }

  private dialled(task: TaskRecord, r: RecipientRecord): void {
    const outcome = OUTCOMES[r.phone_number.slice(-3)];
    if (outcome) {
      this.finishRecipient(task, r, 'failed', 0, outcome.code, outcome.reason);
      return this.nextOnLine(task);
    }
    this.ctx.timers.after(this.ctx.scaled(PAGE_MS * task.pages), () => {
      this.finishRecipient(task, r, 'success', task.pages, null, null);
      this.nextOnLine(task);
    });
  }

  private finishRecipient(
    task: TaskRecord,
    r: RecipientRecord,
    status: 'success' | 'failed' | 'canceled',
    pages: number,
    code: string | null,
    reason: string | null,
  ): void {
    const { store } = this.ctx;
    const fen = chargeFen(r.unit_price, pages);
    store.release(task, chargeFen(r.unit_price, task.pages));
    store.charge(fen);
    r.status = status;
    r.page_count = pages;
    r.charged_amount = fenToYuan(fen);
    r.failed_code = code;
    r.failed_reason = reason;
    r.completed_at = this.ctx.stamp();
    store.account.updated_at = r.completed_at;
    store.changed(task);
  }

  private lineFree(task: TaskRecord): void {
    const left = (this.activeLines.get(task.task_ref) ?? 1) - 1;
    if (left > 0) {
      this.activeLines.set(task.task_ref, left);
      return;
    }
    this.activeLines.delete(task.task_ref);
    if (task.status !== 'sending') return;
    task.status = 'done';
    this.end(task);
  }

  private failWhole(task: TaskRecord): void {
    for (const r of task.recipients) {
      if (r.status === 'pending' || r.status === 'sending') {
        this.finishRecipient(task, r, 'failed', 0, CONVERSION_FAILED, task.conversionError);
      }
    }
    task.status = 'failed';
    this.end(task);
  }

  private end(task: TaskRecord): void {
    this.ctx.store.release(task, task.reservedFen);
    this.ctx.store.changed(task);
    this.webhooks.taskEnded(task);
    this.ctx.taskEnded(task);
  }
}
