import type Database from 'better-sqlite3';
import type { CreatedTask, RecipientRecord, Task } from '../../shared/api/schemas';
import { serviceTimeToMs } from '../../shared/service-time';
import { isTerminalRecipient, isTerminalTask, normalizeRecipientStatus, normalizeTaskStatus } from '../../shared/task-state';
import type { RecipientDbRow } from './rows';
import type { RecipientChange, TaskChanges } from './types';

/**
 * A recipient as the service returns it: the full record from a task query,
 * or only rcpt_ref and phone_number from create-task. Structural, so both the
 * parsed wire types (Task, CreatedTask) and plain objects fit.
 */
export interface ResponseRecipient {
  rcpt_ref: string;
  phone_number: string;
  status?: string;
  unit_price?: number;
  page_count?: number;
  charged_amount?: number;
  failed_code?: string | null;
  failed_reason?: string | null;
  completed_at?: string | null;
  created_at?: string;
}

/** A task as the service returns it (Task or CreatedTask from the API schemas). */
export interface TaskResponse {
  task_ref: string;
  name: string;
  status: string;
  scheduled_at: string | null;
  created_at: string;
  recipients: readonly ResponseRecipient[];
}

// Keep the structural type honest: the parsed wire types must fit it.
const _taskFits: (t: Task | CreatedTask) => TaskResponse = (t) => t;
void _taskFits;

export interface ApplyContext {
  db: Database.Database;
  serviceTimeZone: string;
  /** the profile a task first seen in a response belongs to (the one it was fetched from) */
  profile: string;
  /** refresh the text-search row of a task (name and numbers) */
  refreshSearch(taskId: number): void;
}

interface TaskState {
  id: number;
  name: string;
  status: string | null;
  scheduled_at: string | null;
  scheduled_at_ms: number | null;
  created_at: string | null;
  created_at_ms: number;
}

/** Query responses carry full records; create responses only rcpt_ref and phone_number. */
type FullRecord = Pick<RecipientRecord, 'rcpt_ref' | 'phone_number' | 'unit_price' | 'page_count' | 'charged_amount' | 'failed_code' | 'failed_reason' | 'completed_at' | 'created_at'> & { status: string };

function isFullRecord(r: ResponseRecipient): r is ResponseRecipient & FullRecord {
  return typeof r.status === 'string' && typeof r.created_at === 'string';
}

type Stmts = ReturnType<typeof prepare>;
const prepared = new WeakMap<Database.Database, Stmts>();

function prepare(db: Database.Database) {
  return {
    taskById: db.prepare('SELECT id, name, status, scheduled_at, scheduled_at_ms, created_at, created_at_ms FROM tasks WHERE id = ?'),
    taskByRef: db.prepare('SELECT id FROM tasks WHERE task_ref = ?'),
    insertTask: db.prepare(
      `INSERT INTO tasks (task_ref, source, create_state, name, created_at_ms, profile) VALUES (?, 'added_by_ref', 'created', '', ?, ?)`,
    ),
    updateTask: db.prepare(
      `UPDATE tasks SET name = @name, status = @status, scheduled_at = @scheduled_at, scheduled_at_ms = @scheduled_at_ms,
         created_at = @created_at, created_at_ms = @created_at_ms, last_checked_at_ms = @now WHERE id = @id`,
    ),
    recipientByRef: db.prepare('SELECT * FROM recipients WHERE rcpt_ref = ?'),
    recipientsOf: db.prepare('SELECT * FROM recipients WHERE task_id = ? ORDER BY position, id'),
    insertRecipient: db.prepare(
      `INSERT INTO recipients (task_id, position, rcpt_ref, phone_number, status, unit_price, page_count, charged_amount,
         failed_code, failed_reason, completed_at, completed_at_ms, created_at, finished_at_ms)
       VALUES (@task_id, @position, @rcpt_ref, @phone_number, @status, @unit_price, @page_count, @charged_amount,
         @failed_code, @failed_reason, @completed_at, @completed_at_ms, @created_at, @finished_at_ms)`,
    ),
    updateRecipient: db.prepare(
      `UPDATE recipients SET rcpt_ref = @rcpt_ref, phone_number = @phone_number, status = @status, unit_price = @unit_price,
         page_count = @page_count, charged_amount = @charged_amount, failed_code = @failed_code, failed_reason = @failed_reason,
         completed_at = @completed_at, completed_at_ms = @completed_at_ms, created_at = @created_at, finished_at_ms = @finished_at_ms
       WHERE id = @id`,
    ),
    recount: db.prepare(
      `UPDATE tasks SET (recipient_count, success_count, failed_count, canceled_count, pending_count, pages, charges) = (
         SELECT count(*), coalesce(sum(status = 'success'), 0), coalesce(sum(status = 'failed'), 0), coalesce(sum(status = 'canceled'), 0),
                coalesce(sum(status IS NULL OR status NOT IN ('success', 'failed', 'canceled')), 0),
                coalesce(sum(page_count), 0), round(coalesce(sum(charged_amount), 0), 4)
         FROM recipients WHERE task_id = @id) WHERE id = @id`,
    ),
    counts: db.prepare(
      `SELECT recipient_count AS total, success_count AS success, failed_count AS failed, pending_count AS pending,
              canceled_count AS canceled, pages, charges FROM tasks WHERE id = ?`,
    ),
  };
}

function stmts(db: Database.Database): Stmts {
  let s = prepared.get(db);
  if (!s) {
    s = prepare(db);
    prepared.set(db, s);
  }
  return s;
}

/** Recompute a task's denormalized counts from its recipients (the list view reads only tasks). */
export function recountTask(db: Database.Database, taskId: number): void {
  stmts(db).recount.run({ id: taskId });
}

// The name stays as the send recorded it: a poll never writes it.
type RecipientValues = Omit<RecipientDbRow, 'id' | 'contact_name'>;

const COMPARED: (keyof RecipientValues)[] = [
  'rcpt_ref', 'phone_number', 'status', 'unit_price', 'page_count', 'charged_amount',
  'failed_code', 'failed_reason', 'completed_at', 'created_at',
];

/**
 * The task's recipients, read once: a poll of a 100-recipient task then costs one query plus the
 * writes that actually change something. `unlinked` are those recorded with the send intent, before
 * the service gave them refs; `positionAfter` is the first free position.
 */
function knownRecipients(s: Stmts, taskId: number): { byRef: Map<string, RecipientDbRow>; unlinked: Map<string, RecipientDbRow[]>; positionAfter: number } {
  const byRef = new Map<string, RecipientDbRow>();
  const unlinked = new Map<string, RecipientDbRow[]>();
  let positionAfter = 0;
  for (const r of s.recipientsOf.all(taskId) as RecipientDbRow[]) {
    if (r.rcpt_ref !== null) byRef.set(r.rcpt_ref, r);
    else unlinked.set(r.phone_number, [...(unlinked.get(r.phone_number) ?? []), r]);
    positionAfter = Math.max(positionAfter, r.position + 1);
  }
  return { byRef, unlinked, positionAfter };
}

/** A recipient's row after this response: a full record's fields, else what was known (a short record changes only the number). */
function recipientValues(
  rec: TaskResponse['recipients'][number],
  found: RecipientDbRow | undefined,
  at: { taskId: number; position: () => number; serviceTimeZone: string; nowMs: number },
): RecipientValues & { status: string } {
  const full = isFullRecord(rec) ? rec : null;
  const recStatus = full ? normalizeRecipientStatus(full.status) : (found?.status ?? 'pending');
  const completedAt = full ? (full.completed_at ?? null) : (found?.completed_at ?? null);
  const completedAtMs = serviceTimeToMs(completedAt, at.serviceTimeZone);
  return {
    task_id: found?.task_id ?? at.taskId,
    position: found?.position ?? at.position(),
    rcpt_ref: String(rec.rcpt_ref),
    phone_number: rec.phone_number,
    status: recStatus,
    unit_price: full ? (full.unit_price ?? null) : (found?.unit_price ?? null),
    page_count: full ? (full.page_count ?? null) : (found?.page_count ?? null),
    charged_amount: full ? (full.charged_amount ?? null) : (found?.charged_amount ?? null),
    failed_code: full ? (full.failed_code ?? null) : (found?.failed_code ?? null),
    failed_reason: full ? (full.failed_reason ?? null) : (found?.failed_reason ?? null),
    completed_at: completedAt,
    completed_at_ms: completedAtMs,
    created_at: full ? (full.created_at ?? null) : (found?.created_at ?? null),
    // When it ended: the service's time if given, else when we first saw it end.
    finished_at_ms: isTerminalRecipient(recStatus) ? (completedAtMs ?? found?.finished_at_ms ?? at.nowMs) : null,
  };
}

/**
 * Upserts a task and every recipient record of a response; the caller runs
 * this inside one transaction. `taskId` names the local row when the caller
 * already knows it (a create response for a recorded intent).
 */
export function applyTaskInTransaction(ctx: ApplyContext, task: TaskResponse, nowMs: number, taskId?: number): TaskChanges {
  const s = stmts(ctx.db);
  const taskRef = String(task.task_ref);
  let inserted = false;
  let id = taskId ?? (s.taskByRef.get(taskRef) as { id: number } | undefined)?.id;
  if (id === undefined) {
    id = Number(s.insertTask.run(taskRef, nowMs, ctx.profile).lastInsertRowid);
    inserted = true;
  }
  const before = s.taskById.get(id) as TaskState;
  const status = normalizeTaskStatus(String(task.status));
  const scheduledAt = task.scheduled_at ?? before.scheduled_at;
  s.updateTask.run({
    id,
    name: task.name,
    status,
    scheduled_at: scheduledAt,
    scheduled_at_ms: serviceTimeToMs(scheduledAt, ctx.serviceTimeZone) ?? before.scheduled_at_ms,
    created_at: task.created_at,
    created_at_ms: serviceTimeToMs(task.created_at, ctx.serviceTimeZone) ?? before.created_at_ms,
    now: nowMs,
  });

  const newlyFailed: RecipientChange[] = [];
  const newlySucceeded: RecipientChange[] = [];
  let recipientsChanged = 0;
  let numbersChanged = inserted || before.name !== task.name;
  const { byRef, unlinked, positionAfter } = knownRecipients(s, id);
  let nextPosition = positionAfter;
  for (const rec of task.recipients) {
    const rcptRef = String(rec.rcpt_ref);
    const found =
      byRef.get(rcptRef) ??
      unlinked.get(rec.phone_number)?.shift() ??
      // rcpt_ref is unique across tasks; never insert a second row for it.
      (s.recipientByRef.get(rcptRef) as RecipientDbRow | undefined);
    const values = recipientValues(rec, found, { taskId: id, position: () => nextPosition++, serviceTimeZone: ctx.serviceTimeZone, nowMs });
    const recStatus = values.status;
    if (!found) {
      s.insertRecipient.run(values);
      numbersChanged = true;
    } else if (COMPARED.some((k) => found[k] !== values[k]) || found.finished_at_ms !== values.finished_at_ms) {
      s.updateRecipient.run({ ...values, id: found.id });
      if (found.phone_number !== values.phone_number) numbersChanged = true;
    } else {
      continue;
    }
    recipientsChanged += 1;
    const from = found?.status ?? null;
    if (from !== recStatus) {
      const change: RecipientChange = {
        rcptRef,
        phoneNumber: rec.phone_number,
        from,
        to: recStatus,
        failedCode: values.failed_code,
        failedReason: values.failed_reason,
      };
      if (recStatus === 'failed') newlyFailed.push(change);
      else if (recStatus === 'success') newlySucceeded.push(change);
    }
  }

  s.recount.run({ id });
  if (numbersChanged) ctx.refreshSearch(id);
  const from = before.status;
  return {
    taskId: id,
    taskRef,
    name: task.name,
    inserted,
    status: from === status ? null : { from, to: status },
    becameTerminal: isTerminalTask(status) && !(from !== null && isTerminalTask(from)),
    newlyFailed,
    newlySucceeded,
    recipientsChanged,
    counts: s.counts.get(id) as TaskChanges['counts'],
  };
}
