/**
 * The send's own rules, each on its own and without a service: what input is
 * refused before anything is uploaded (numbers, the schedule's minute and ten
 * years, a document gone), how a send's parts add up to what the Send screen
 * says, the cost estimate, and the same compose twice at once. Limits come
 * from the rule's meaning (a minute, ten years, 100 numbers a task), not from
 * the code's constants. The same rules through the whole service (simulator,
 * history): send-service.test.ts, create-tasks.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ValidationError } from '@main/api/errors';
import { UserError } from '@main/errors';
import type { CreatedPart } from '@main/send/create-tasks';
import { onceInFlight } from '@main/send/in-flight';
import type { LocalSendFaxInput } from '@main/send/local-documents';
import { checkDocuments, checkInput } from '@main/send/send-input';
import { overallOf, sendOutcome } from '@main/send/send-outcome';
import { estimateCost } from '@main/send/unit-price';
import type { SendPartResult } from '@shared/send/types';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;
const ZONE = 'Asia/Shanghai';
const NOW = Date.UTC(2026, 10, 27, 4, 0, 0); // 12:00 in Shanghai

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-send-rules-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const doc = (name: string, p: string | null = null, url: string | null = null) => ({ path: p, url, name, pages: 1, fileRef: null });
const input = (over: Partial<LocalSendFaxInput> = {}): LocalSendFaxInput => ({
  name: 'Offer',
  documents: [doc('offer.pdf')],
  numbers: ['8610888812'],
  scheduledAt: null,
  ...over,
});
function refusal(f: () => unknown): UserError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(UserError);
    return e as UserError;
  }
  throw new Error('expected a refusal');
}

describe('the numbers of a send', () => {
  it('refuses a number the service would not take and a number listed twice, naming the rows and the first occurrence', () => {
    const e = refusal(() => checkInput(input({ numbers: ['8610888812', '0123', '8610888899', '8610888899'] }), NOW, ZONE));
    expect(e.code).toBe('send.invalid_numbers');
    expect(e.message).toMatch(/Some numbers cannot be sent\. Correct or remove the highlighted rows/);
    expect(e.fields).toEqual({
      'recipients.1': [expect.stringMatching(/^0123 is not a fax number the service accepts: country code and number, 7 to 15 digits/)],
      'recipients.3': ['8610888899 is already in the list (row 3).'],
    });
  });

  it('lets distinct valid numbers through', () => {
    expect(checkInput(input({ numbers: ['8610888812', '8610888899', '14155550100'] }), NOW, ZONE)).toEqual({ name: 'Offer', scheduledAt: null });
  });
});

describe('the name of the task', () => {
  it('is the name given, trimmed; without one, the first document without its extension; without documents, "Fax"', () => {
    expect(checkInput(input({ name: '  Rates  ' }), NOW, ZONE).name).toBe('Rates');
    expect(checkInput(input({ name: '   ', documents: [doc('report.final.pdf'), doc('other.pdf')] }), NOW, ZONE).name).toBe('report.final');
    expect(checkInput(input({ name: '', documents: [] }), NOW, ZONE).name).toBe('Fax');
    expect(checkInput(input({ name: '', documents: [doc('.pdf')] }), NOW, ZONE).name).toBe('.pdf');
  });
});

describe('the schedule', () => {
  it('takes a time exactly a minute away (at least a minute) and sends it in service time', () => {
    expect(checkInput(input({ scheduledAt: NOW + MINUTE }), NOW, ZONE).scheduledAt).toBe('2026-11-27 12:01:00');
    expect(checkInput(input({ scheduledAt: NOW + 2 * 3600 * SECOND }), NOW, 'Europe/Berlin').scheduledAt).toBe('2026-11-27 07:00:00');
  });

  it('refuses a time less than a minute away, and a time already past', () => {
    for (const at of [NOW + MINUTE - 1, NOW + 30 * SECOND, NOW, NOW - MINUTE]) {
      const e = refusal(() => checkInput(input({ scheduledAt: at }), NOW, ZONE));
      expect(e.code).toBe('send.schedule_past');
      expect(e.message).toBe('The scheduled time has passed or is less than a minute away. Pick a later time, or clear it to send now.');
      expect(e.fields).toEqual({ scheduledAt: ['Pick a time at least a minute from now.'] });
    }
  });

  it('takes a time ten years ahead (to the calendar day) and refuses one eleven years ahead', () => {
    const tenYears = new Date(NOW);
    tenYears.setUTCFullYear(tenYears.getUTCFullYear() + 10);
    expect(checkInput(input({ scheduledAt: tenYears.getTime() }), NOW, ZONE).scheduledAt).toBe('2036-11-27 12:00:00');
    const e = refusal(() => checkInput(input({ scheduledAt: NOW + 11 * 365 * DAY }), NOW, ZONE));
    expect(e.code).toBe('send.schedule_too_far');
    expect(e.message).toBe('The scheduled time is more than ten years away. Check the date.');
    expect(e.fields).toEqual({ scheduledAt: ['Pick a time within the next ten years.'] });
  });
});

describe('the documents, checked again before a send', () => {
  it('refuses a document gone since it was added, naming its row; an address is not a file to check', async () => {
    const here = path.join(dir, 'here.jpg');
    fs.writeFileSync(here, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]));
    await expect(checkDocuments([doc('web.pdf', null, 'https://example.com/a.pdf'), doc('here.jpg', here)])).resolves.toBeUndefined();
    const gone = path.join(dir, 'gone.pdf');
    const e = (await checkDocuments([doc('here.jpg', here), doc('gone.pdf', gone)]).catch((x: unknown) => x)) as UserError;
    expect(e).toBeInstanceOf(UserError);
    expect(e.code).toMatch(/^document\./);
    expect(e.message).toMatch(/gone\.pdf no longer exists/);
    expect(e.fields).toEqual({ 'documents.1': [e.message] });
    expect(e.details).toMatchObject({ name: 'gone.pdf' });
  });
});

const task = (ref: string, numbers: string[]) => ({
  task_ref: ref,
  name: 'Offer',
  scheduled_at: null,
  status: 'pending',
  recipients: numbers.map((n, i) => ({ rcpt_ref: `${ref}-R${i}`, phone_number: n })),
});
function part(index: number, status: CreatedPart['status'], numbers: string[], extra: Partial<CreatedPart> = {}): CreatedPart {
  return { index, name: `Offer (${index + 1})`, phoneNumbers: numbers, status, task: status === 'created' ? (task(`T${index}`, numbers) as never) : null, error: null, cause: null, ...extra };
}
const nums = (n: number, start = 0) => Array.from({ length: n }, (_, i) => `86108800${String(start + i).padStart(4, '0')}`);

describe('what a send of several parts adds up to', () => {
  const results = (...statuses: SendPartResult['status'][]) => statuses.map((status, index) => ({ index, status }) as SendPartResult);
  it('sent only when every part was created; partial when some were and others refused; refused when none was', () => {
    expect(overallOf(results('created'))).toBe('sent');
    expect(overallOf(results('created', 'created'))).toBe('sent');
    expect(overallOf(results('created', 'refused'))).toBe('partial');
    expect(overallOf(results('refused', 'not_attempted'))).toBe('refused');
    expect(overallOf(results('refused'))).toBe('refused');
  });

  it('outcome unknown as soon as one part may have gone out, whatever the others did', () => {
    expect(overallOf(results('outcome_unknown'))).toBe('outcome_unknown');
    expect(overallOf(results('created', 'outcome_unknown', 'not_attempted'))).toBe('outcome_unknown');
    expect(overallOf(results('refused', 'outcome_unknown'))).toBe('outcome_unknown');
  });

  it("places each part's numbers in the whole list, maps the service's field errors to those rows, and lists the numbers sent", () => {
    const first = nums(100);
    const second = nums(100, 100);
    const third = nums(20, 200);
    const refusedWhy = new ValidationError('create', 422, { 'phone_numbers.3': ['The phone number format is invalid.'], scheduled_at: ['too soon'] });
    const out = sendOutcome([
      part(0, 'created', first),
      part(1, 'refused', second, { cause: refusedWhy, error: refusedWhy.toErrorData() }),
      part(2, 'not_attempted', third),
    ]);
    expect(out.overall).toBe('partial');
    expect(out.parts.map((p) => [p.index, p.name, p.firstIndex, p.count, p.status])).toEqual([
      [0, 'Offer (1)', 0, 100, 'created'],
      [1, 'Offer (2)', 100, 100, 'refused'],
      [2, 'Offer (3)', 200, 20, 'not_attempted'],
    ]);
    expect(out.fields).toEqual({ 'recipients.103': ['The phone number format is invalid.'], scheduledAt: ['too soon'] });
    expect(out.sentNumbers).toEqual(first);
    expect(out.parts[0]!.task).toEqual({
      taskRef: 'T0',
      name: 'Offer',
      scheduledAt: null,
      recipients: first.map((n, i) => ({ rcptRef: `T0-R${i}`, phoneNumber: n })),
    });
    expect(out.parts[1]).toMatchObject({ task: null, error: { code: 'validation' } });
  });

  it('gathers the field errors of two refused parts under the same field', () => {
    const a = new ValidationError('create', 422, { scheduled_at: ['first'] });
    const b = new ValidationError('create', 422, { scheduled_at: ['second'] });
    const out = sendOutcome([part(0, 'refused', nums(1), { cause: a }), part(1, 'refused', nums(1, 1), { cause: b })]);
    expect(out.fields).toEqual({ scheduledAt: ['first', 'second'] });
    expect(out.sentNumbers).toEqual([]);
    expect(out.overall).toBe('refused');
  });
});

describe('the cost estimate', () => {
  it("uses the service's price once one is known (what the account is charged), otherwise the contract price, otherwise none", () => {
    let contractAsked = 0;
    const contract = () => (contractAsked++, 0.5);
    expect(estimateCost(0.3, contract, 3, 10)).toEqual({ unitPrice: 0.3, priceSource: 'service', estimate: 9, pages: 3 });
    expect(contractAsked).toBe(0);
    expect(estimateCost(null, contract, 3, 10)).toEqual({ unitPrice: 0.5, priceSource: 'contract', estimate: 15, pages: 3 });
    expect(estimateCost(null, () => null, 3, 10)).toEqual({ unitPrice: null, priceSource: null, estimate: null, pages: 3 });
  });

  it('is to the fen (0.07 yuan × 3 pages is 0.21, not 0.21000000000000002), and none without a page count', () => {
    expect(estimateCost(0.07, () => null, 3, 1).estimate).toBe(0.21);
    expect(estimateCost(0.333, () => null, 1, 1).estimate).toBe(0.33);
    expect(estimateCost(0.335, () => null, 1, 3).estimate).toBe(1.01);
    expect(estimateCost(0.3, () => null, null, 10)).toEqual({ unitPrice: 0.3, priceSource: 'service', estimate: null, pages: null });
  });
});

describe('the same compose twice at once', () => {
  function deferred() {
    let resolve!: (v: string) => void;
    let reject!: (e: unknown) => void;
    const promise = new Promise<string>((res, rej) => ((resolve = res), (reject = rej)));
    return { promise, resolve, reject };
  }

  /** what a call comes to once its microtasks have run (one turn of the event loop): its value, its error, or still running */
  async function settle<T>(p: Promise<T>): Promise<T | unknown> {
    return Promise.race([p.catch((e: unknown) => e), new Promise((res) => setImmediate(() => res('still running')))]);
  }

  it('refuses the second while the first runs (numbers in another order, or listed twice, are the same compose), then lets it through', async () => {
    const runs: ReturnType<typeof deferred>[] = [];
    const send = onceInFlight((_: LocalSendFaxInput) => {
      const d = deferred();
      runs.push(d);
      return d.promise;
    });
    const a = input({ numbers: ['8610888812', '8610888899'] });
    const first = send(a);
    for (const again of [a, { ...a, numbers: ['8610888899', '8610888812'] }, { ...a, numbers: ['8610888812', '8610888899', '8610888812'] }]) {
      const e = (await settle(send(again))) as UserError;
      expect(e).toBeInstanceOf(UserError);
      expect(e.code).toBe('send.in_progress');
      expect(e.message).toBe('This fax is already being sent. Wait for its result on the Send screen; nothing more was sent.');
    }
    expect(runs).toHaveLength(1);
    // another compose is not held back
    const other = send({ ...a, numbers: ['8610888812'] });
    expect(runs).toHaveLength(2);
    runs[1]!.resolve('other');
    expect(await settle(other)).toBe('other');
    runs[0]!.resolve('first');
    expect(await settle(first)).toBe('first');
    const again = send(a);
    expect(runs).toHaveLength(3);
    runs[2]!.reject(new Error('refused'));
    expect(await settle(again)).toEqual(new Error('refused'));
    // a send that failed does not hold the compose either
    const last = send(a);
    expect(runs).toHaveLength(4);
    runs[3]!.resolve('last');
    expect(await settle(last)).toBe('last');
  });
});
