/**
 * A full disk, for real: a 256 KiB tmpfs mounted for the test (needs root with
 * the right to mount, as on the build machines and in CI's container), filled
 * to the last byte. Every save must fail with a sentence that names the file
 * and says the disk is full, and leave nothing behind: no .tmp file, no 0-byte
 * PDF, the previous version of a file intact.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toIpcError } from '@main/ipc/to-ipc-error';
import { openHistory } from '@main/history';
import { writeTransmissionReport } from '@main/report/transmission-report';
import { writeCoverPage } from '@main/send/cover-page';
import { writeJsonFile } from '@main/storage/json-file';
import type { TaskDetailView } from '@shared/tasks/types';

const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-fulldisk-'));
let mounted = false;
let whyNot = '';
try {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k,mode=0700', 'tmpfs', mountPoint], { stdio: 'pipe' });
  mounted = true;
} catch (e) {
  whyNot = `cannot mount a small tmpfs here (${(e as Error).message.split('\n')[0]})`;
  console.log(`[disk-full] real full-disk tests skipped: ${whyNot}`);
}

afterAll(() => {
  if (mounted) execFileSync('umount', [mountPoint]);
  fs.rmSync(mountPoint, { recursive: true, force: true });
});

/** Takes every free block of the tmpfs. */
function fillDisk(): void {
  const filler = path.join(mountPoint, 'filler');
  const fd = fs.openSync(filler, 'a');
  const block = Buffer.alloc(4096, 0x55);
  try {
    for (;;) fs.writeSync(fd, block);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
  } finally {
    fs.closeSync(fd);
  }
  // the last partial page too
  try {
    fs.appendFileSync(filler, 'x');
  } catch {
    /* full */
  }
}

function filesUnder(dir: string): string[] {
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String) : [];
}

const detail: TaskDetailView = {
  task: {
    id: 'T1', taskRef: 'T1', name: 'Invoices', status: 'done', outcomeUnknown: false, createdAtMs: Date.now(), scheduledAtMs: null,
    recipients: { total: 0, success: 0, failed: 0, pending: 0, canceled: 0 }, pages: 1, charges: 0, resendOf: null,
    checkedAtMs: null, error: null, source: 'sent', demo: false, readOnly: false,
  },
  recipients: [],
  resentAs: [],
  files: [],
  nextCheckAtMs: null,
  serviceTimeZone: 'Asia/Shanghai',
};

describe.skipIf(!mounted)('on a full disk', () => {
  let dataDir = '';
  beforeAll(() => {
    dataDir = path.join(mountPoint, 'data');
    // folders FaxDesk made while there was room
    for (const d of ['send/covers', 'reports', 'drafts']) fs.mkdirSync(path.join(dataDir, d), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'drafts', 'draft.json'), JSON.stringify({ numbers: ['8613800138000'] }));
    fillDisk();
  });
  beforeEach(() => expect(() => fs.appendFileSync(path.join(mountPoint, 'filler'), Buffer.alloc(4096))).toThrow(/ENOSPC/));

  it('a cover page fails with "the disk is full" and its folder, and leaves no 0-byte PDF', async () => {
    const e = await writeCoverPage(dataDir, { from: 'Ann', to: 'Bob', subject: 'Invoice', message: 'Hello', documentPages: 1 }).catch((x: unknown) => x);
    expect(toIpcError(e)).toMatchObject({ code: 'storage.disk_full' });
    expect(toIpcError(e).message).toMatch(/^FaxDesk could not save the cover page to .*send[\\/]covers[\\/]cover-[^/\\]+\.pdf: the disk is full — free some space and try again\.$/);
    expect(filesUnder(path.join(dataDir, 'send', 'covers'))).toEqual([]);
  });

  it('a transmission report fails naming the report file, and leaves no .tmp file', async () => {
    const e = await writeTransmissionReport(dataDir, detail).catch((x: unknown) => x);
    expect(toIpcError(e).message).toBe(
      `FaxDesk could not save the transmission report to ${path.join(dataDir, 'reports', 'transmission-report-T1.pdf')}: the disk is full — free some space and try again.`,
    );
    expect(filesUnder(path.join(dataDir, 'reports'))).toEqual([]);
  });

  it('a JSON file (draft, uploads) keeps its previous content and no .tmp file', () => {
    const file = path.join(dataDir, 'drafts', 'draft.json');
    const before = fs.readFileSync(file, 'utf8');
    const e = (() => {
      try {
        writeJsonFile(file, { numbers: Array.from({ length: 2000 }, (_, i) => `86138${String(i).padStart(8, '0')}`) });
        return null;
      } catch (x) {
        return x;
      }
    })();
    expect(toIpcError(e)).toMatchObject({ code: 'storage.disk_full' });
    expect(toIpcError(e).message).toContain(file);
    expect(fs.readFileSync(file, 'utf8')).toBe(before);
    expect(filesUnder(path.join(dataDir, 'drafts'))).toEqual(['draft.json']);
  });

  it('the task history refuses the write with SQLITE_FULL and the IPC error says the disk is full', () => {
    // made before the disk filled? no: opening needs room, so free the filler briefly, open, then fill again
    fs.rmSync(path.join(mountPoint, 'filler'));
    const history = openHistory(path.join(dataDir, 'history.sqlite'));
    try {
      fillDisk();
      const e = (() => {
        try {
          for (let i = 0; i < 500; i++) history.addTrackedTaskRef(`REF${i}${'x'.repeat(200)}`);
          return null;
        } catch (x) {
          return x;
        }
      })();
      expect((e as { code?: string }).code).toMatch(/^SQLITE_FULL|^SQLITE_IOERR/);
      expect(toIpcError(e)).toMatchObject({ message: expect.stringMatching(/^FaxDesk could not save its local data \(task history or phonebook\): the disk (is full|reported an error)/) });
    } finally {
      history.close();
    }
  });
});

describe('I/O errors at the IPC door', () => {
  it('a raw ENOSPC names the file (not its temporary name); read errors stay generic', () => {
    const enospc = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', path: '/home/ann/FaxDesk/.export.csv.0a1b2c3d.tmp' });
    expect(toIpcError(enospc)).toEqual({
      code: 'storage.disk_full',
      message: 'FaxDesk could not save a file to /home/ann/FaxDesk/export.csv: the disk is full — free some space and try again.',
    });
    expect(toIpcError(Object.assign(new Error('ENOENT'), { code: 'ENOENT', path: '/x' })).code).toBe('internal');
  });
});
