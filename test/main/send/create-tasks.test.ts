/**
 * Creating tasks, the rules that keep a fax from going out twice or silently
 * (create-tasks.ts, shared by send, resend and auto-retry), called directly
 * over the real client, the simulator and the real SQLite history: the intent
 * is written once before any create, a refused file_ref is uploaded again once,
 * an outcome that may have reached the service stops the send and is never
 * repeated, and every part ends in the history as what it is.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UserError } from '@main/errors';
import { createTasks, type CreateTasksDeps, type CreateTasksHistory } from '@main/send/create-tasks';
import { createsSeen, makeRig, numbers, writePdf, type SendRig } from './helpers';

let rig: SendRig | null = null;
afterEach(async () => {
  await rig?.close();
  rig = null;
});

/** the history as the send sees it (the same port send-feature.ts builds) */
function port(r: SendRig, over: Partial<CreateTasksHistory> = {}): CreateTasksHistory {
  return {
    recordSend: (intent) => r.history.recordSend(intent),
    markCreated: (taskId, task) => void r.history.recordCreated(taskId, task),
    markFailed: (taskId, error) => r.history.markCreateFailed(taskId, error.message),
    markOutcomeUnknown: (taskId, reason) => r.history.markOutcomeUnknown(taskId, reason),
    updateSendFiles: (sendId, files) => r.history.updateSendFiles(sendId, files),
    ...over,
  };
}

async function setUp(opts: Parameters<typeof makeRig>[0] = {}) {
  rig = await makeRig(opts);
  const r = rig;
  const pdfs = [await writePdf(r.dir, 'a.pdf', 1), await writePdf(r.dir, 'b.pdf', 1)];
  const upload = async () => Promise.all(pdfs.map(async (p) => (await r.client.uploadFile(p, { fileName: path.basename(p) })).file_ref));
  const refs = await upload();
  const files = pdfs.map((p, i) => ({ path: p, name: path.basename(p), size: 1, pages: 1, fileRef: refs[i] ?? null }));
  let uploadsAgain = 0;
  const created: string[] = [];
  const deps = (over: Partial<CreateTasksDeps> = {}): CreateTasksDeps => ({
    client: r.client,
    history: port(r),
    log: { info: (m: string) => void r.logLines.push(`info ${m}`), warn: (m: string) => void r.logLines.push(`warn ${m}`), error: (m: string) => void r.logLines.push(`error ${m}`) } as never,
    label: 'send',
    uploadAgain: async () => {
      uploadsAgain++;
      return upload();
    },
    onCreated: (t) => void created.push(t.task_ref),
    ...over,
  });
  const plan = (parts: string[][], over: object = {}) => ({
    name: 'Offer',
    files,
    parts: parts.map((phoneNumbers, i) => ({ name: `Offer (${i + 1})`, phoneNumbers })),
    scheduledAt: null,
    profile: 'account:test',
    ...over,
  });
  return { r, deps, plan, refs, created, uploadsAgain: () => uploadsAgain };
}

describe('the intent', () => {
  it('is not written when the check right before it refuses (the same fax again): nothing is created', async () => {
    const { r, deps, plan } = await setUp();
    const no = () => {
      throw new UserError('send.repeat', 'again?');
    };
    await expect(createTasks(deps({ beforeRecord: no }), plan([numbers(1)]))).rejects.toMatchObject({ code: 'send.repeat' });
    expect(r.history.listTasks()).toEqual([]);
    expect(createsSeen(r.sim)).toBe(0);
  });

  it('records the send with its names cut to the service’s 255 characters, what it resends, its schedule and the phonebook names', async () => {
    const { r, deps, plan, created } = await setUp();
    const long = '长'.repeat(300);
    const to = numbers(2);
    const out = await createTasks(
      deps(),
      plan([to], { name: long, parts: [{ name: long, phoneNumbers: to }], resendOf: 'T-ORIGINAL', scheduledAt: '2031-01-15 09:30:00', contactNames: new Map([[to[0]!, 'Wang Wei']]) }),
    );
    expect(out.parts[0]).toMatchObject({ status: 'created', error: null, cause: null, name: '长'.repeat(255) });
    const task = out.parts[0]!.task!;
    expect(created).toEqual([task.task_ref]);
    const sim = r.sim.tasks()[0]!;
    expect(sim.name).toBe('长'.repeat(255));
    expect(sim.scheduled_at).toBe('2031-01-15 09:30:00');
    const stored = r.history.getTaskById(out.taskIds[0]!)!;
    expect(stored).toMatchObject({ taskRef: task.task_ref, createState: 'created', resendOf: 'T-ORIGINAL', profile: 'account:test' });
    expect(stored.send).toMatchObject({ id: out.sendId, name: '长'.repeat(255), resendOf: 'T-ORIGINAL', scheduledAt: '2031-01-15 09:30:00' });
    expect(stored.recipients.map((x) => [x.phoneNumber, x.contactName])).toEqual([
      [to[0], 'Wang Wei'],
      [to[1], null],
    ]);
    expect(out.reuploaded).toBe(0);
  });

  it('sends no schedule when there is none (the service sends at once)', async () => {
    const bodies: unknown[] = [];
    const recording: typeof fetch = async (url, init) => {
      if (String(url).endsWith('/faxes') && typeof init?.body === 'string') bodies.push(JSON.parse(init.body));
      return fetch(url, init);
    };
    const { deps, plan } = await setUp({ fetch: recording });
    await createTasks(deps(), plan([numbers(1)]));
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).not.toHaveProperty('scheduled_at');
  });
});

describe('a refused file_ref', () => {
  it('uploads every document again once, tries the same part again, and records the new refs for later resends', async () => {
    const { r, deps, plan, refs, uploadsAgain } = await setUp();
    r.sim.expireFileRefs();
    const out = await createTasks(deps(), plan([numbers(1), numbers(1, 1)]));
    expect(out.parts.map((p) => p.status)).toEqual(['created', 'created']);
    expect(uploadsAgain()).toBe(1);
    expect(out.reuploaded).toBe(2);
    expect(createsSeen(r.sim)).toBe(3);
    const fresh = r.sim.tasks()[0]!.file_refs;
    expect(fresh).toHaveLength(2);
    for (const ref of refs) expect(fresh).not.toContain(ref);
    expect(r.sim.tasks()[1]!.file_refs).toEqual(fresh);
    expect(r.history.getTaskById(out.taskIds[0]!)!.send!.files.map((f) => f.fileRef)).toEqual(fresh);
  });

  it('is uploaded again only once: refused again, the part is refused and the rest not attempted', async () => {
    const { r, deps, plan, uploadsAgain } = await setUp();
    r.sim.expireFileRefs();
    const out = await createTasks(deps({ uploadAgain: async () => ['expired-1', 'expired-2'] }), plan([numbers(1), numbers(1, 1)]));
    expect(out.parts.map((p) => [p.status, p.error?.code ?? null])).toEqual([
      ['refused', 'business.file_ref_invalid'],
      ['not_attempted', null],
    ]);
    expect(uploadsAgain()).toBe(0);
    expect(createsSeen(r.sim)).toBe(2);
    expect(r.sim.taskCount()).toBe(0);
    const [first, second] = out.taskIds.map((id) => r.history.getTaskById(id)!);
    expect(first).toMatchObject({ createState: 'failed' });
    expect(first!.error).toMatch(/refused/);
    expect(second).toMatchObject({ createState: 'failed', error: 'Not sent: an earlier part of this send did not go through.' });
    expect(r.logLines).toContainEqual('info send: file_ref refused; uploading the documents again');
  });

  it('tells the history why a part was not attempted, as error data with its own code', async () => {
    const { r, deps, plan } = await setUp({ sim: { faults: { create: '429-before-commit', createFaultCount: 1 } } });
    const failed: [number, unknown][] = [];
    const history = port(r, { markFailed: (taskId, error) => void failed.push([taskId, error]) });
    const out = await createTasks(deps({ history }), plan([numbers(1), numbers(1, 1)]));
    expect(failed).toEqual([
      [out.taskIds[0], expect.objectContaining({ code: 'rate_limited' })],
      [out.taskIds[1], { code: 'send.not_attempted', message: 'Not sent: an earlier part of this send did not go through.' }],
    ]);
  });

  it('when the new upload fails, the part is refused with the upload’s reason and nothing more is sent', async () => {
    const { r, deps, plan } = await setUp();
    r.sim.expireFileRefs();
    const gone = new UserError('document.missing', 'a.pdf no longer exists. Add it again.', { 'documents.0': ['gone'] });
    const out = await createTasks(
      deps({
        uploadAgain: async () => {
          throw gone;
        },
      }),
      plan([numbers(1), numbers(1, 1)]),
    );
    expect(out.parts[0]).toMatchObject({ status: 'refused', cause: gone, error: { code: 'document.missing', message: 'a.pdf no longer exists. Add it again.', fields: { 'documents.0': ['gone'] } } });
    expect(out.parts[1]!.status).toBe('not_attempted');
    expect(r.history.getTaskById(out.taskIds[0]!)!.error).toBe('a.pdf no longer exists. Add it again.');
    expect(createsSeen(r.sim)).toBe(1);
  });

  it('an unexpected failure is said as FaxDesk’s own, with what to do', async () => {
    const { deps, plan, r } = await setUp();
    r.sim.expireFileRefs();
    const out = await createTasks(
      deps({
        uploadAgain: async () => {
          throw new TypeError('x is undefined');
        },
      }),
      plan([numbers(1)]),
    );
    expect(out.parts[0]!.error).toEqual({
      code: 'internal',
      message: 'Something went wrong inside FaxDesk while sending. Nothing more was sent; check the task list before trying again.',
    });
  });

  it('new refs that cannot be recorded do not stop the fax (logged)', async () => {
    const { r, deps, plan } = await setUp();
    r.sim.expireFileRefs();
    const history = port(r, {
      updateSendFiles: () => {
        throw new Error('disk full');
      },
    });
    const out = await createTasks(deps({ history }), plan([numbers(1)]));
    expect(out.parts[0]!.status).toBe('created');
    expect(r.logLines).toContainEqual(expect.stringMatching(/^warn send: the new file refs could not be recorded/));
  });
});

describe('a history or caller that wants less', () => {
  it('a history that keeps no file refs (nothing to update) and no after-create step: the re-upload and the create go on quietly', async () => {
    const { r, deps, plan } = await setUp();
    r.sim.expireFileRefs();
    const { updateSendFiles: _, ...withoutRefs } = port(r);
    const out = await createTasks(deps({ history: withoutRefs, onCreated: undefined }), plan([numbers(1)]));
    expect(out.parts[0]!.status).toBe('created');
    expect(out.reuploaded).toBe(2);
    expect(r.logLines.filter((l) => /^(warn|error) /.test(l))).toEqual([]);
  });
});

describe('an outcome that may have reached the service', () => {
  it('is never repeated: the part is outcome unknown, the rest not attempted, and the log says which part', async () => {
    const { r, deps, plan, uploadsAgain } = await setUp({ sim: { faults: { create: '500-after-commit', createFaultCount: 1 } } });
    const out = await createTasks(deps(), plan([numbers(1), numbers(1, 1)]));
    expect(out.parts.map((p) => p.status)).toEqual(['outcome_unknown', 'not_attempted']);
    expect(out.parts[0]!.error?.message).toMatch(/Check the task list before sending again/);
    expect(out.parts[0]!.cause).toBeTruthy();
    expect(createsSeen(r.sim)).toBe(1);
    expect(uploadsAgain()).toBe(0);
    expect(r.history.getTaskById(out.taskIds[0]!)).toMatchObject({ createState: 'outcome_unknown' });
    expect(r.history.getTaskById(out.taskIds[1]!)).toMatchObject({ createState: 'failed' });
    expect(r.logLines).toContainEqual(expect.stringMatching(/^warn send part 1\/2: outcome unknown \(.*outcome_unknown\); not sent again/));
  });

  it('a refusal (nothing created) is refused, not unknown', async () => {
    const { r, deps, plan } = await setUp({ sim: { faults: { create: '429-before-commit' } } });
    const out = await createTasks(deps(), plan([numbers(1)]));
    expect(out.parts[0]).toMatchObject({ status: 'refused', task: null, error: { code: 'rate_limited' } });
    expect(r.history.getTaskById(out.taskIds[0]!)).toMatchObject({ createState: 'failed' });
  });
});

describe('another refusal', () => {
  it('is not tried again: a create refused for the balance is refused once, with no new upload', async () => {
    const { r, deps, plan, uploadsAgain } = await setUp({ sim: { balance: 0 } });
    const out = await createTasks(deps(), plan([numbers(1), numbers(1, 1)]));
    expect(out.parts.map((p) => [p.status, p.error?.code ?? null])).toEqual([
      ['refused', 'business.insufficient_balance'],
      ['not_attempted', null],
    ]);
    expect(uploadsAgain()).toBe(0);
    expect(createsSeen(r.sim)).toBe(1);
  });
});

describe('a created task', () => {
  it('is reported as sent even when the history cannot record it or the after-create step fails (both logged)', async () => {
    const { r, deps, plan } = await setUp();
    const history = port(r, {
      markCreated: () => {
        throw new Error('disk full');
      },
    });
    const out = await createTasks(
      deps({
        history,
        onCreated: () => {
          throw new Error('balance unreadable');
        },
      }),
      plan([numbers(1), numbers(1, 1)]),
    );
    expect(out.parts.map((p) => p.status)).toEqual(['created', 'created']);
    expect(r.sim.taskCount()).toBe(2);
    const ref = out.parts[0]!.task!.task_ref;
    expect(r.logLines).toContainEqual(expect.stringMatching(new RegExp(`^error send: task ${ref} was created but could not be recorded`)));
    expect(r.logLines).toContainEqual(expect.stringMatching(/^warn send: after-create handler failed/));
  });
});
