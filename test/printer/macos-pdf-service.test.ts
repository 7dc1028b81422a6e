import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// The PDF Service script, run the way the macOS printing system runs it
// (title, options, PDF path). `open` is macOS's own launcher; elsewhere a
// stand-in on PATH records what the script asked it to open.
const installer = path.resolve('resources/printer/macos/install-pdf-service.sh');
const uninstaller = path.resolve('resources/printer/macos/uninstall-pdf-service.sh');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe.skipIf(process.platform === 'win32')('Send with FaxDesk (macOS PDF Service)', () => {
  it('copies the PDF out of the temporary spool and opens the copy with FaxDesk', () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-pdfsvc-'));
    dirs.push(home);
    const bin = path.join(home, 'bin');
    fs.mkdirSync(bin);
    const log = path.join(home, 'open.log');
    fs.writeFileSync(path.join(bin, 'open'), `#!/bin/sh\nprintf '%s\\n' "$@" >> "${log}"\n`, { mode: 0o755 });
    const spool = path.join(home, 'spool');
    fs.mkdirSync(spool);
    const pdf = path.join(spool, 'job.pdf');
    fs.writeFileSync(pdf, '%PDF-1.4 printed');

    const installed = spawnSync('sh', [installer], { encoding: 'utf8', env: { ...process.env, HOME: home } });
    expect(installed.status, installed.stderr).toBe(0);
    const service = path.join(home, 'Library', 'PDF Services', 'Send with FaxDesk');
    expect(fs.statSync(service).mode & 0o111).not.toBe(0);

    const r = spawnSync(service, ['季度 Report.pdf', 'media=A4', pdf], {
      encoding: 'utf8',
      env: { ...process.env, HOME: home, PATH: `${bin}:${process.env['PATH'] ?? ''}` },
    });
    expect(r.status, r.stderr).toBe(0);
    const printed = fs.readdirSync(path.join(home, 'FaxDesk', 'Printed'));
    expect(printed).toHaveLength(1);
    expect(printed[0]).toMatch(/^季度 Report \(\d{4}-\d\d-\d\d \d\d\.\d\d\.\d\d\)\.pdf$/);
    const copy = path.join(home, 'FaxDesk', 'Printed', printed[0]!);
    expect(fs.readFileSync(copy, 'utf8')).toBe('%PDF-1.4 printed');
    expect(fs.readFileSync(log, 'utf8').trim().split('\n')).toEqual(['-b', 'com.faxdesk.desktop', copy]);
  });

  it.skipIf(process.getuid?.() !== 0)('--all-users installs one root-owned copy every account sees, and removes it again', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-pdfsvc-root-'));
    dirs.push(root);
    const home = path.join(root, 'Users', 'someone');
    const env = { ...process.env, HOME: home, FAXDESK_ROOT: root };
    const installed = spawnSync('sh', [installer, '--all-users'], { encoding: 'utf8', env });
    expect(installed.status, installed.stderr).toBe(0);
    const service = path.join(root, 'Library', 'PDF Services', 'Send with FaxDesk');
    const st = fs.statSync(service);
    expect([st.uid, st.mode & 0o777]).toEqual([0, 0o755]);
    // nothing in the installing user's own folder
    expect(fs.existsSync(path.join(home, 'Library'))).toBe(false);
    const removed = spawnSync('sh', [uninstaller, '--all-users'], { encoding: 'utf8', env });
    expect(removed.status, removed.stderr).toBe(0);
    expect(fs.existsSync(service)).toBe(false);
  });

  it('--all-users without administrator rights says to use sudo', () => {
    const r = spawnSync('sh', [installer, '--all-users'], { encoding: 'utf8', env: { ...process.env, PATH: `${fakeIdDir()}:${process.env['PATH'] ?? ''}` } });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('sudo');
  });
});

/** A PATH folder whose `id -u` answers as an ordinary user. */
function fakeIdDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-fakeid-'));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, 'id'), '#!/bin/sh\necho 501\n', { mode: 0o755 });
  return dir;
}
