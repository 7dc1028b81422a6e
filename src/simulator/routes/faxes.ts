/**
 * POST /api/v2/faxes: validate, check the business rules, reserve the
 * worst-case cost and commit the task — all synchronously once the body is
 * read, so concurrent creates can never overdraw the balance. Then, for the
 * client's reliability tests, an injected create fault may spoil the answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SimContext } from '../context';
import { envelopeBody, fail, HttpFailure, readJson, sendJson } from '../http';
import { chargeFen, fenToYuan, newId } from '../ids';
import type { TaskRecord } from '../types';
import { validateCreate, type CreateInput } from '../validate';

/** HTTP status of the business failure 'Failed to create fax job' (the spec does not give one). */
export const BUSINESS_FAILURE_STATUS = 422;
export const CREATE_FAILED = 'Failed to create fax job';
/** Simulated delay between creation (or the scheduled time) and the task starting to send. */
export const START_DELAY_MS = 2_000;

const business = (detail: string): HttpFailure => new HttpFailure(BUSINESS_FAILURE_STATUS, CREATE_FAILED, detail);

export async function handleCreate(req: IncomingMessage, res: ServerResponse, ctx: SimContext): Promise<void> {
  const body = await readJson(req, (d) => new HttpFailure(400, 'Invalid parameters', { body: [d] }));
  if (ctx.faults.current.create === '429-before-commit' && ctx.faults.takeCreateFault() !== 'none') {
    const after = ctx.faults.current.rateLimit?.retryAfterSeconds ?? 1;
    fail(res, 429, 'Too many requests', 'Rate limit exceeded; retry later.', { 'Retry-After': String(after) });
    return;
  }
  const now = ctx.nowMs();
  const checked = validateCreate(body, ctx.settings.timezone, now);
  if (!checked.ok) throw new HttpFailure(400, 'Invalid parameters', checked.errors);
  const task = commit(checked.value, ctx, now);
  // Faults that spoil the answer apply only to creates that committed.
  const fault = ctx.faults.current.create === '429-before-commit' ? 'none' : ctx.faults.takeCreateFault();
  const payload = envelopeBody(true, 'Fax queued for sending', {
    task_ref: task.task_ref,
    name: task.name,
    status: task.status,
    scheduled_at: task.scheduled_at,
    created_at: task.created_at,
    recipients: task.recipients.map((r) => ({ rcpt_ref: r.rcpt_ref, phone_number: r.phone_number })),
  });
  answerWithFault(fault, res, payload);
}

/** Synchronous from the checks to the reservation: no await may be added here. */
function commit(input: CreateInput, ctx: SimContext, now: number): TaskRecord {
  const { store, settings } = ctx;
  const account = store.account;
  if (account.status === 'suspended') throw business('The account is suspended; fax tasks cannot be created.');
  if (account.status === 'inactive') throw business('The account is not activated; fax tasks cannot be created.');

  const problems: string[] = [];
  let pages = 0;
  let conversionError: string | null = null;
  for (const ref of input.fileRefs) {
    const f = store.files.get(ref);
    if (!f) problems.push(`file_ref ${ref} is invalid (no such file was uploaded)`);
    else if (f.expiresAtMs <= now) problems.push(`file_ref ${ref} has expired; upload the file again`);
    else {
      // An unconvertible file still costs at least a page in the worst case.
      pages += f.pages ?? 1;
      conversionError ??= f.conversionError ? `${f.file_name}: ${f.conversionError}` : null;
    }
  }
  if (problems.length > 0) throw business(`Invalid or expired file reference: ${problems.join('; ')}.`);

  const perRecipient = chargeFen(settings.unitPrice, pages);
  const worst = perRecipient * input.phoneNumbers.length;
  if (worst > store.availableFen()) {
    throw business(
      `Insufficient balance: this task may cost up to ${fenToYuan(worst).toFixed(2)} yuan ` +
        `(${input.phoneNumbers.length} recipients x ${pages} pages x ${settings.unitPrice} yuan), ` +
        `the available balance is ${fenToYuan(store.availableFen()).toFixed(2)} yuan.`,
    );
  }

  const createdAt = ctx.stamp(now);
  const startSim = input.scheduledAtMs === null ? 0 : input.scheduledAtMs - now;
  const task: TaskRecord = {
    task_ref: newId('task'),
    name: input.name,
    status: 'pending',
    scheduled_at: input.scheduledAtText ?? createdAt,
    created_at: createdAt,
    recipients: input.phoneNumbers.map((phone) => ({
      rcpt_ref: newId('rcpt'),
      phone_number: phone,
      unit_price: settings.unitPrice,
      page_count: 0,
      charged_amount: 0,
      status: 'pending',
      failed_code: null,
      failed_reason: null,
      completed_at: null,
      created_at: createdAt,
    })),
    file_refs: [...input.fileRefs],
    pages,
    conversionError,
    startAtMs: now + ctx.scaled(startSim + START_DELAY_MS),
    reservedFen: worst,
  };
  store.addTask(task);
  store.tasksCreated++;
  ctx.schedule(task);
  return task;
}

function answerWithFault(fault: string, res: ServerResponse, payload: string): void {
  switch (fault) {
    case 'commit-then-drop':
      res.socket?.destroy();
      return;
    case 'reset-mid-response': {
      res.writeHead(200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': String(Buffer.byteLength(payload)),
      });
      const half = payload.slice(0, Math.floor(payload.length / 2));
      res.write(half, () => res.socket?.destroy());
      return;
    }
    case 'timeout':
      // Committed; the answer never comes. stop() closes the socket.
      return;
    case '500-after-commit':
      fail(res, 500, CREATE_FAILED, 'Internal server error');
      return;
    default:
      sendJson(res, 200, payload);
  }
}
