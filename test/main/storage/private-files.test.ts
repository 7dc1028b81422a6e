/**
 * What FaxDesk keeps is private to its user, tested as another local user
 * would look: the outbox with sent/ and failed/, the data folder with its
 * databases and settings, reports and covers. Where this test runs as root,
 * the look is real (`runuser -u nobody -- ls` and `cat`); everywhere the
 * modes are checked. Folders an older version left 0755 (files 0644) are
 * tightened at start, with a log line.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '@main/ipc/dispatch';
import { makeTestServices, type TestServices } from '../../helpers/services';

const posix = process.platform !== 'win32';
const asNobody = posix && process.getuid?.() === 0 && spawnSync('runuser', ['-u', 'nobody', '--', 'true']).status === 0;

const mode = (p: string) => fs.statSync(p).mode & 0o777;

/** What another user gets: true when `nobody` could list the folder or read the file. */
function otherUserCan(cmd: 'ls' | 'cat', target: string): boolean {
  return spawnSync('runuser', ['-u', 'nobody', '--', cmd, target], { stdio: 'ignore' }).status === 0;
}

let t: TestServices | null = null;
let base = '';
afterEach(async () => {
  await t?.cleanup();
  t = null;
  if (base) fs.rmSync(base, { recursive: true, force: true });
});

/** A home another user could walk through (0755 all the way), as a real home often is. */
function openHome(): string {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-perm-'));
  fs.chmodSync(base, 0o755);
  return base;
}

describe.skipIf(!posix)('folders and files FaxDesk creates are private to its user', () => {
  it('a fresh start: data folder, outbox, sent/, failed/ 0700; history, settings, directories 0600; another user lists and reads nothing', async () => {
    const home = openHome();
    const dataDir = path.join(home, 'data');
    t = await makeTestServices({ dataDir }, { intake: { home } });
    t.services.settings.update({ defaultCountry: 'DE' });
    await dispatch(t.services.handlers, 'saveContact', { name: 'Zhang', fax: '+86 10 8888 1234' });
    const outbox = path.join(home, 'FaxDesk', 'Outbox');
    for (const dir of [dataDir, outbox, path.join(outbox, 'sent'), path.join(outbox, 'failed')]) expect(mode(dir), dir).toBe(0o700);
    const files = fs.readdirSync(dataDir).filter((f) => fs.statSync(path.join(dataDir, f)).isFile());
    expect(files).toEqual(expect.arrayContaining(['history.sqlite']));
    for (const f of files) expect(mode(path.join(dataDir, f)), f).toBe(0o600);
    if (asNobody) {
      expect(otherUserCan('ls', outbox)).toBe(false);
      expect(otherUserCan('ls', dataDir)).toBe(false);
    }
  });

  it('folders and files an older version left open are tightened at start, and the log says so', async () => {
    const home = openHome();
    const dataDir = path.join(home, 'data');
    const outbox = path.join(home, 'FaxDesk', 'Outbox');
    for (const d of [dataDir, path.join(outbox, 'sent'), path.join(outbox, 'failed'), path.join(dataDir, 'reports')]) fs.mkdirSync(d, { recursive: true, mode: 0o755 });
    for (const d of [dataDir, path.join(home, 'FaxDesk'), outbox, path.join(outbox, 'sent'), path.join(outbox, 'failed'), path.join(dataDir, 'reports')]) fs.chmodSync(d, 0o755);
    const waiting = path.join(outbox, 'sent', 'contract.pdf');
    fs.writeFileSync(waiting, '%PDF-1.4\n%%EOF\n', { mode: 0o644 });
    fs.chmodSync(waiting, 0o644);
    const report = path.join(dataDir, 'reports', 'transmission-report-T1.pdf');
    fs.writeFileSync(report, '%PDF-1.4\n%%EOF\n');
    fs.chmodSync(report, 0o644);
    if (asNobody) expect(otherUserCan('cat', waiting)).toBe(true); // the attack, before the start

    t = await makeTestServices({ dataDir }, { intake: { home } });
    for (const d of [dataDir, outbox, path.join(outbox, 'sent'), path.join(outbox, 'failed'), path.join(dataDir, 'reports')]) expect(mode(d), d).toBe(0o700);
    expect(mode(waiting)).toBe(0o600);
    expect(mode(report)).toBe(0o600);
    expect(t.logLines.join('\n')).toMatch(new RegExp(`permissions: ${outbox.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/sent made private to this user .*the folder was 0755, 1 file others could read`));
    if (asNobody) expect(otherUserCan('cat', waiting)).toBe(false);
  });
});
