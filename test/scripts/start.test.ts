import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// `npm start` as a newcomer sees it: one line per thing that matters, not the build's listing.
describe('npm start', () => {
  it('says in a few plain lines what it did, then starts (the preview where Electron is missing)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-start-'));
    const child = spawn(process.execPath, ['scripts/start.mjs', '--data-dir', dataDir, '--port', '0'], {
      env: { ...process.env, FAXDESK_KEYCHAIN_SERVICE: `FaxDesk-start-test-${path.basename(dataDir)}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start within 90 s:\n${out}`)), 90_000);
        const check = () => {
          if (/FaxDesk preview: http/.test(out) || /Electron/.test(out.split('\n').slice(-2).join(''))) {
            clearTimeout(timer);
            resolve();
          }
        };
        child.stdout.on('data', check);
        child.on('exit', (code) => reject(new Error(`start exited with ${code}:\n${out}`)));
      });
      const lines = out.trim().split('\n').filter(Boolean);
      expect(lines[0]).toMatch(/^FaxDesk: built in \d+\.\d s\.$/);
      // the build's own listing (vite's version line, output files and sizes) stays out of it
      expect(out).not.toMatch(/vite v\d|out\/main\/index\.js|kB │|building SSR|transforming/);
      // no start-up line in D-Bus or X11 jargon before plain words
      expect(out).not.toMatch(/^.*(D-Bus|DBus|X11)/m);
      expect(lines.length).toBeLessThanOrEqual(6);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
