import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { filesOpenForWriting } from '@main/intake/complete-file';

let dir = '';
const fds: number[] = [];
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-writers-'));
});
afterEach(() => {
  for (const fd of fds.splice(0)) fs.closeSync(fd);
  fs.rmSync(dir, { recursive: true, force: true });
});
function file(name: string): string {
  const p = path.join(dir, name);
  fs.writeFileSync(p, 'page 1\n');
  return p;
}

describe.runIf(process.platform === 'linux')('who still writes a hot-folder file (Linux /proc), one look for a whole batch', () => {
  it('names the files a process holds open for writing, and only those', async () => {
    const writing = file('writing.pdf');
    const appending = file('appending.txt');
    const reading = file('reading.pdf');
    const closed = file('closed.pdf');
    fds.push(fs.openSync(writing, 'w'), fs.openSync(appending, 'a+'), fs.openSync(reading, 'r'));
    const found = await filesOpenForWriting([writing, appending, reading, closed, path.join(dir, 'gone.pdf')]);
    expect([...found].sort()).toEqual([appending, writing].sort());
  });

  it('finds a file held open through another name (a link to it)', async () => {
    const real = file('real.pdf');
    const link = path.join(dir, 'link.pdf');
    fs.symlinkSync(real, link);
    fds.push(fs.openSync(real, 'r+'));
    expect([...(await filesOpenForWriting([link]))]).toEqual([link]);
  });

  it('finds nothing once the writer has closed the file', async () => {
    const done = file('done.pdf');
    fs.closeSync(fs.openSync(done, 'w'));
    expect((await filesOpenForWriting([done])).size).toBe(0);
  });
});

describe('where the check means nothing', () => {
  it('does not look on Windows or macOS, even at a file held open for writing', async () => {
    const writing = file('writing.pdf');
    fds.push(fs.openSync(writing, 'w'));
    expect((await filesOpenForWriting([writing], 'win32')).size).toBe(0);
    expect((await filesOpenForWriting([writing], 'darwin')).size).toBe(0);
  });
});
