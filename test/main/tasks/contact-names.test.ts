/**
 * Names from the phonebook (issue #30 leftover): the name each number had in the phonebook when the fax
 * was sent is stored with the task and shown with it (task detail, CSV, report); renaming the contact
 * later does not rewrite that history, and a resend goes to the same people under the same names.
 */
import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '@main/ipc/dispatch';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/index';
import type { Contact } from '@shared/phonebook/types';
import type { SendResult } from '@shared/send/types';
import type { TaskDetailView } from '@shared/tasks/types';
import { makeTestServices, type TestServices } from '../../helpers/services';
import { pdfText } from '../../helpers/pdf-text';
import { samplePdf as pdfBytes } from '../../helpers/sample-documents';
import { makeRig, samplePdf, type Rig } from './helpers';

const ANNA = '8613800138000';
const WANG = '8613800138666';
const NOBODY = '8613800138001';

describe('a send stores the phonebook names of its numbers (real services, simulator on loopback)', () => {
  let sim: RunningSimulator;
  let t: TestServices;
  const call = async <T>(name: string, input: unknown): Promise<T> => {
    const r = await dispatch(t.services.handlers, name, input);
    if (!r.ok) throw new Error(`${name}: ${r.error.code} ${r.error.message}`);
    return r.value as T;
  };

  beforeAll(async () => {
    sim = await startSimulator({ speed: 200 });
    t = await makeTestServices();
    await call('connectAccount', { baseUrl: sim.baseUrl, apiKey: sim.apiKey, secret: sim.apiSecret });
  });
  afterAll(async () => {
    await t?.cleanup();
    await sim?.stop();
  });

  async function send(name: string, file: string, confirmRepeat = false): Promise<string> {
    const handle = t.services.grants.grant(file);
    const r = await call<SendResult>('sendFax', {
      name,
      documents: [{ handle, url: null, name: path.basename(file), pages: 1, fileRef: null }],
      numbers: [ANNA, WANG, NOBODY],
      scheduledAt: null,
      ...(confirmRepeat ? { confirmRepeat } : {}),
    });
    expect(r.overall).toBe('sent');
    return r.parts[0]!.task!.taskRef;
  }
  const names = async (ref: string) => (await call<TaskDetailView>('getTaskDetail', { id: ref })).recipients.map((r) => [r.phoneNumber, r.contactName]);

  it('shows the names the numbers had when it was sent, in the detail, the CSV and the report, after the contact is renamed', async () => {
    const anna = await call<Contact>('saveContact', { name: 'Anna Schmidt', fax: '+86 138 0013 8000', company: null, note: null });
    await call<Contact>('saveContact', { name: '王芳', fax: '+86 138 0013 8666', company: null, note: null });
    const file = path.join(t.dataDir, 'price-list.pdf');
    fs.writeFileSync(file, await pdfBytes(1));
    const first = await send('Price list', file);
    expect(await names(first)).toEqual([
      [ANNA, 'Anna Schmidt'],
      [WANG, '王芳'],
      [NOBODY, null],
    ]);

    // Anna marries: the phonebook says Weber from now on; the fax of last month went to Anna Schmidt.
    await call<Contact>('saveContact', { id: anna.id, name: 'Anna Weber', fax: '+86 138 0013 8000', company: null, note: null });
    expect((await names(first))[0]).toEqual([ANNA, 'Anna Schmidt']);

    const csvFile = path.join(t.dataDir, 'out.csv');
    t.dialogs.answers.save.push(csvFile);
    await call('exportTaskCsv', { taskRef: first });
    const csv = Papa.parse<Record<string, string>>(fs.readFileSync(csvFile, 'utf8').replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true });
    expect(csv.data.map((r) => r['contact_name'])).toEqual(['Anna Schmidt', '王芳', '']);

    const pdfFile = path.join(t.dataDir, 'out.pdf');
    t.dialogs.answers.save.push(pdfFile);
    await call('transmissionReport', { taskRef: first });
    const [page] = await pdfText(fs.readFileSync(pdfFile));
    expect(page).toContain('Anna Schmidt');
    expect(page).not.toContain('Weber');

    // A fax sent now goes to Anna Weber.
    const second = await send('Price list', file, true);
    expect((await names(second))[0]).toEqual([ANNA, 'Anna Weber']);
  });
});

describe('polls and resends keep the names', () => {
  let rig: Rig | null = null;
  afterEach(async () => {
    await rig?.close();
    rig = null;
  });

  it('the service’s answers never clear a stored name, and a resend carries the names of the numbers it resends', async () => {
    rig = await makeRig();
    const file = await samplePdf(rig.dir);
    const up = await rig.client.uploadFile(file);
    const { taskIds } = rig.history.recordSend({
      name: 'Invoices',
      files: [{ path: file, name: 'invoice.pdf', size: fs.statSync(file).size, pages: 1, fileRef: up.file_ref }],
      parts: [{ name: 'Invoices', phoneNumbers: [ANNA, WANG] }],
      contactNames: new Map([
        [ANNA, 'Anna Schmidt'],
        [WANG, '王芳'],
      ]),
    });
    const created = await rig.client.createTask({ name: 'Invoices', file_refs: [up.file_ref], phone_numbers: [ANNA, WANG] });
    rig.history.recordCreated(taskIds[0]!, created);
    const ref = String(created.task_ref);
    rig.feature.tracker.start();
    for (let i = 0; i < 40 && rig.history.getTask(ref)!.status !== 'done'; i++) {
      await rig.clock.advance(60_000, () => rig!.feature.tracker.idle());
    }
    const done = await rig.feature.detail(ref);
    expect(done.recipients.map((r) => [r.phoneNumber, r.status, r.contactName])).toEqual([
      [ANNA, 'success', 'Anna Schmidt'],
      [WANG, 'failed', '王芳'],
    ]);

    const resent = await rig.handlers.resendFailed({ taskRef: ref, only: 'all' });
    const again = await rig.feature.detail(resent.taskRef);
    expect(again.recipients.map((r) => [r.phoneNumber, r.contactName])).toEqual([[WANG, '王芳']]);
  });
});
