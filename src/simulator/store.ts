/**
 * The simulator's whole state: one account, uploaded files' metadata (never
 * their bytes) and tasks. Everything that checks and then changes the balance
 * is synchronous, so within Node's single thread no request can slip in
 * between a balance check and the reservation that follows it.
 */
import { JournalWriter, type Snapshot } from './persist';
import { loadStateStreamed } from './persist-load';
import { fenToYuan } from './ids';
import type { AccountRecord, FileRecord, RecipientRecord, TaskRecord } from './types';

/** Finished tasks are evicted oldest first once this many recipients are held. */
const MAX_RECIPIENTS_HELD = 500_000;
/** Tasks restored per event-loop turn at start (~1 ms of work; on a loaded machine a slice of CPU is stretched many times over). */
const TASKS_PER_TURN = 100;

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
  private writer: JournalWriter | null = null;

  constructor(initialAccount: AccountRecord) {
    this.account = initialAccount;
  }

  /**
   * A store kept in `stateFile`: its state read as a stream and restored a slice of tasks per
   * event-loop turn (so the process it runs in, the app's main process in demo mode, goes on
   * meanwhile), then every change persisted as it happens.
   */
  static async open(initialAccount: AccountRecord, stateFile: string, onError?: (e: unknown) => void): Promise<Store> {
    const store = new Store(initialAccount);
    const loaded = await loadStateStreamed(stateFile);
    if (loaded) await store.restore(loaded.snapshot);
    store.writer = new JournalWriter(
      stateFile,
      { account: () => store.account, files: () => store.files.values(), tasks: () => store.tasks.values() },
      loaded?.generation ?? 0,
      50,
      onError,
    );
    // the account as configured at start (name, webhook) is written with the first batch
    store.writer.accountTouched();
    // a state kept on one line (FaxDesk before) was read whole; laid out by lines, the next start streams it
    if (loaded?.oneLine) store.writer.compact();
    return store;
  }

  /**
   * Call after every mutation, naming the task it changed; persistence is batched and writes only
   * what changed. Without a task: the account and the uploaded files' metadata.
   */
  changed(task?: TaskRecord): void {
    if (!this.writer) return;
    if (task) this.writer.taskChanged(task);
    else for (const f of this.files.values()) this.writer.fileChanged(f);
    this.writer.accountTouched();
  }

  flush(): void {
    this.writer?.flush();
  }

  /** Resolves once no snapshot is being written in the background. */
  settled(): Promise<void> {
    return this.writer?.idle() ?? Promise.resolve();
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
    if (!this.restoring) this.changed(task);
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
      if (f.expiresAtMs + keepExpiredMs < nowMs) {
        this.files.delete(ref);
        this.writer?.fileDeleted(ref, f);
      }
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
      if (!this.restoring) this.writer?.taskDeleted(ref, t);
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

  private restoring = false;

  private async restore(snap: Snapshot): Promise<void> {
    this.restoring = true;
    this.account = snap.account;
    for (const f of snap.files) this.files.set(f.file_ref, f);
    for (let i = 0; i < snap.tasks.length; i += TASKS_PER_TURN) {
      if (i > 0) await new Promise((r) => setImmediate(r));
      for (const t of snap.tasks.slice(i, i + TASKS_PER_TURN)) this.addTask(t);
    }
    this.restoring = false;
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
