import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../../src/main/ipc/dispatch';
import type { DocumentsOffered, HotFolderStatus } from '../../../src/shared/ipc/channels/intake';
import { grantDroppedFile } from '../../../src/main/files/file-handlers';
import { makeTestServices, type TestServices } from '../../helpers/services';

let t: TestServices | null = null;
const dirs: string[] = [];
afterEach(async () => {
  await t?.cleanup();
  t = null;
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-outbox-'));
  dirs.push(d);
  return d;
}

describe('intake through the IPC contract', () => {
  it('hot folder follows the setting, the Send screen takes what arrived, and settleDocument files it under sent/', async () => {
    t = await makeTestServices();
    const { services, emitted } = t;
    const outbox = path.join(tempDir(), 'Outbox 传真');

    let status = (await dispatch(services.handlers, 'hotFolderStatus', undefined)) as { ok: true; value: HotFolderStatus };
    expect(status.value).toMatchObject({ enabled: false, watching: false });
    expect(status.value.path).toBe(path.join(os.homedir(), 'FaxDesk', 'Outbox'));

    // the window cannot name the folder; the user picks it in main's folder dialog
    const typed = await dispatch(services.handlers, 'updateSettings', { hotFolder: { enabled: true, path: outbox } });
    expect(typed).toMatchObject({ ok: false, error: { code: 'ipc.invalid_input' } });
    expect(services.settings.get().hotFolder).toEqual({ enabled: false, path: '' });
    t.dialogs.answers.folder.push(outbox);
    expect(await dispatch(services.handlers, 'chooseHotFolder', undefined)).toMatchObject({ ok: true, value: { chosen: true } });
    expect(await dispatch(services.handlers, 'updateSettings', { hotFolder: { enabled: true } })).toMatchObject({
      ok: true,
      value: { hotFolder: { enabled: true, path: outbox } },
    });
    status = (await dispatch(services.handlers, 'hotFolderStatus', undefined)) as { ok: true; value: HotFolderStatus };
    expect(status.value).toEqual({ enabled: true, path: outbox, watching: true, problem: null });
    expect(fs.existsSync(path.join(outbox, 'sent'))).toBe(true);

    const file = path.join(outbox, 'letter.pdf');
    fs.writeFileSync(file, '%PDF-1.4\n%%EOF\n');
    await expect.poll(() => emitted.filter((e) => e.name === 'documentsOffered').length, { timeout: 10_000 }).toBe(1);
    expect(emitted.map((e) => e.name)).toEqual(['documentsOffered', 'navigate']);

    const taken = (await dispatch(services.handlers, 'takePendingDocuments', undefined)) as { ok: true; value: DocumentsOffered };
    expect(taken.value.documents).toMatchObject([{ name: 'letter.pdf', source: 'hot-folder' }]);
    const handle = taken.value.documents[0]!.handle;
    expect(JSON.stringify(taken.value)).not.toContain(outbox);
    expect(((await dispatch(services.handlers, 'takePendingDocuments', undefined)) as { ok: true; value: DocumentsOffered }).value.documents).toEqual([]);

    const settled = await dispatch(services.handlers, 'settleDocument', { handle, outcome: 'sent' });
    expect(settled).toEqual({ ok: true, value: { movedTo: path.join(outbox, 'sent', 'letter.pdf') } });

    // a file the user dropped (not offered by the hot folder) is not moved, nor is anything behind a forged handle
    const other = path.join(tempDir(), 'elsewhere.pdf');
    fs.writeFileSync(other, 'x');
    const dropped = grantDroppedFile(services.grants, other).handle;
    expect(await dispatch(services.handlers, 'settleDocument', { handle: dropped, outcome: 'failed' })).toEqual({ ok: true, value: { movedTo: null } });
    expect(await dispatch(services.handlers, 'settleDocument', { handle: `fh_${'Z'.repeat(32)}`, outcome: 'failed' })).toEqual({ ok: true, value: { movedTo: null } });
    expect(await dispatch(services.handlers, 'settleDocument', { path: other, outcome: 'failed' })).toMatchObject({ ok: false, error: { code: 'ipc.invalid_input' } });
    expect(fs.existsSync(other)).toBe(true);

    services.settings.update({ hotFolder: { enabled: false, path: outbox } });
    expect(services.intake.status().watching).toBe(false);
  });

  it('reports a hot folder it cannot create instead of failing silently', async () => {
    t = await makeTestServices();
    const blocker = path.join(tempDir(), 'a-file');
    fs.writeFileSync(blocker, 'x');
    t.services.settings.update({ hotFolder: { enabled: true, path: path.join(blocker, 'Outbox') } });
    const s = t.services.intake.status();
    expect(s.watching).toBe(false);
    expect(s.problem).toMatch(/cannot be used/);
  });

  it('rejects a malformed settle request at the door', async () => {
    t = await makeTestServices();
    const r = await dispatch(t.services.handlers, 'settleDocument', { handle: `fh_${'Z'.repeat(32)}`, outcome: 'deleted' });
    expect(r).toMatchObject({ ok: false, error: { code: 'ipc.invalid_input' } });
  });
});
