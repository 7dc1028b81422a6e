/**
 * The simulator's whole state: one account, uploaded files' metadata (never
 * their bytes) and tasks. Everything that checks and then changes the balance
 * is synchronous, so within Node's single thread no request can slip in
 * between a balance check and the reservation that follows it.
 */
import { DebouncedWriter, loadSnapshot, type Snapshot } from './persist';
import { fenToYuan } from './ids';
import type { AccountRecord, FileRecord, RecipientRecord, TaskRecord } from './types';

/** Finished tasks are evicted oldest first once this many recipients are held. */
const MAX_RECIPIENTS_HELD = 500_000;

export class Store {
  account: AccountRecord;
  readonly files = new Map<string, FileRecord>();
  readonly tasks = new Map<string, TaskRecord>();
  private readonly rcptIndex = new Map<string, { task: TaskRecord; index: number }>();
  private recipientsHeld = 0;
  /** Tasks committed since start (not persisted). */
  tasksCreated = 0;
  /** Sum of every task's reservedFen. */
  reservedFen = 0;
  private writer: DebouncedWriter | null = null;

  constructor(initialAccount: AccountRecord, stateFile?: string, onError?: (e: unknown) => void) {
    this.account = initialAccount;
    if (stateFile) {
      const snap = loadSnapshot(stateFile);
      if (snap) this.restore(snap);
      this.writer = new DebouncedWriter(stateFile, () => this.snapshot(), 50, onError);
      this.changed();
    }
  }

  /** Call after every mutation; persistence is debounced. */
  changed(): void {
    this.writer?.schedule();
  }

  flush(): void {
    this.writer?.flush();
  }

  /** Balance the account can still commit: the balance minus open reservations. */
  availableFen(): number {
    return this.account.balanceFen - this.reservedFen;
  }

  addTask(task: TaskRecord): void {
    this.tasks.set(task.task_ref, task);
    task.recipients.forEach((r, index) => this.rcptIndex.set(r.rcpt_ref, { task, index }));
    this.recipientsHeld += task.recipients.length;
    this.reservedFen += task.reservedFen;
    this.evictFinished();
    this.changed();
  }

  recipient(rcptRef: string): RecipientRecord | undefined {
    const hit = this.rcptIndex.get(rcptRef);
    return hit ? hit.task.recipients[hit.index] : undefined;
  }

  /** Moves `fen` out of a task's reservation (a recipient has finished). */
  release(task: TaskRecord, fen: number): void {
    const n = Math.min(fen, task.reservedFen);
    task.reservedFen -= n;
    this.reservedFen -= n;
  }

  charge(fen: number): void {
    this.account.balanceFen -= fen;
  }

  pruneFiles(nowMs: number, keepExpiredMs: number): void {
    for (const [ref, f] of this.files) {
      if (f.expiresAtMs + keepExpiredMs < nowMs) this.files.delete(ref);
    }
  }

  private evictFinished(): void {
    if (this.recipientsHeld <= MAX_RECIPIENTS_HELD) return;
    for (const [ref, t] of this.tasks) {
      if (this.recipientsHeld <= MAX_RECIPIENTS_HELD) break;
      if (t.status !== 'done' && t.status !== 'failed') continue;
      this.tasks.delete(ref);
      for (const r of t.recipients) this.rcptIndex.delete(r.rcpt_ref);
      this.recipientsHeld -= t.recipients.length;
    }
  }

  snapshot(): Snapshot {
    return {
      version: 1,
      account: this.account,
      files: [...this.files.values()],
      tasks: [...this.tasks.values()],
    };
  }

  private restore(snap: Snapshot): void {
    this.account = snap.account;
    for (const f of snap.files) this.files.set(f.file_ref, f);
    for (const t of snap.tasks) this.addTask(t);
  }

  accountView(): Record<string, unknown> {
    const a = this.account;
    return {
      uid: a.uid,
      name: a.name,
      balance: fenToYuan(a.balanceFen),
      webhook_url: a.webhook_url,
      status: a.status,
      created_at: a.created_at,
      updated_at: a.updated_at,
    };
  }
}
