import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

async function start(args: string[], dataDir: string): Promise<string> {
  const child = spawn(process.execPath, ['scripts/start.mjs', '--data-dir', dataDir, ...args], {
    // the hot folder inside the test's folder, not the real ~/FaxDesk/Outbox (the CUPS test's, which runs beside this one)
    env: { ...process.env, FAXDESK_KEYCHAIN_SERVICE: `FaxDesk-start-test-${path.basename(dataDir)}`, FAXDESK_OUTBOX_HOME: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start within 90 s:\n${out}`)), 90_000);
      const check = () => {
        if (/FaxDesk preview: http/.test(out)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout.on('data', check);
      child.on('exit', (code) => reject(new Error(`start exited with ${code}:\n${out}`)));
    });
    return out;
  } finally {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
  }
}

// Where the Electron binary is installed, `npm start` opens the app (nothing to read here): the preview is asked for.
const electronInstalled = spawnSync(process.execPath, ['-e', "require('electron')"]).status === 0;

// `npm start` as a newcomer sees it: one line per thing that matters, not the build's listing.
describe('npm start', () => {
  it('builds only when something changed, says so in a few plain lines, and starts on the port the system picks (--port 0)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-start-'));
    try {
      const first = await start(['--port', '0', ...(electronInstalled ? ['--web'] : [])], dataDir);
      const lines = first.trim().split('\n').filter(Boolean);
      expect(lines[0]).toMatch(/^FaxDesk: (built in \d+\.\d s|build up to date)\.$/);
      // the build's own listing (vite's version line, output files and sizes, the chunk-size advice) stays out of it
      expect(first).not.toMatch(/vite v\d|out\/main\/index\.js|kB │|building SSR|transforming|chunks are larger/);
      // no start-up line in D-Bus or X11 jargon: the system's own words only after plain ones, as its reason
      for (const line of first.split('\n').filter((l) => /D-Bus|DBus|X11/.test(l))) {
        expect(line).toMatch(/^.*Settings says how to fix this\. \(System's reason: [^)]*(D-Bus|DBus|X11)/);
      }
      expect(lines.length).toBeLessThanOrEqual(6);
      // what to do with the address is said beside it
      expect(first).toMatch(/FaxDesk preview: http:\/\/127\.0\.0\.1:\d+\/\?token=\S+ \(open this address in your browser/);

      // nothing changed since: no second build
      const second = await start(['--port', '0', '--web'], dataDir);
      expect(second.split('\n')[0]).toBe('FaxDesk: build up to date.');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);

  it('stops at once, in one line, on a document that does not exist', async () => {
    const child = spawn(process.execPath, ['scripts/start.mjs', 'no-such-fax.pdf'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, INIT_CWD: os.tmpdir() } });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const code = await new Promise((r) => child.once('exit', r));
    expect(code).toBe(2);
    expect(out.trim()).toBe(`FaxDesk: There is no file ${path.join(os.tmpdir(), 'no-such-fax.pdf')}. Check the name (or leave it out) and start again.`);
  });
});
