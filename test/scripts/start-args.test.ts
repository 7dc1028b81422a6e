import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseStartArgs, previewArgs } from '../../scripts/lib/start-args.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
function folderWith(...names: string[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-args-'));
  dirs.push(dir);
  for (const n of names) fs.writeFileSync(path.join(dir, n), '%PDF-1.4\n');
  return dir;
}

describe('the start command line', () => {
  it('takes `--port 0` as the port (the system picks one), not as a file named 0', () => {
    const cwd = folderWith();
    const r = parseStartArgs(['--port', '0'], { cwd });
    expect(r).toEqual({ ok: true, options: { web: false, port: 0, files: [] } });
    expect(parseStartArgs(['--port=8123'], { cwd })).toMatchObject({ ok: true, options: { port: 8123 } });
    expect(parseStartArgs(['--port', '65535'], { cwd })).toMatchObject({ ok: true, options: { port: 65535 } });
  });

  it('refuses a port that is not one, saying which numbers are', () => {
    const cwd = folderWith();
    for (const bad of ['65536', 'x', '80.5', '']) {
      const r = parseStartArgs(['--port', bad], { cwd });
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.message).toMatch(/0 to 65535/);
    }
    expect(parseStartArgs(['--port', '-1'], { cwd }).ok).toBe(false);
    const missing = parseStartArgs(['--port'], { cwd });
    expect(missing).toEqual({ ok: false, message: expect.stringMatching(/^--port needs a value\. Known options/) });
  });

  it('resolves documents from where the command was typed and refuses one that does not exist, naming it', () => {
    const cwd = folderWith('a.pdf', '-dash.pdf');
    expect(parseStartArgs(['a.pdf', '--', '-dash.pdf'], { cwd })).toEqual({
      ok: true,
      options: { web: false, files: [path.join(cwd, 'a.pdf'), path.join(cwd, '-dash.pdf')] },
    });
    const r = parseStartArgs(['a.pdf', 'typo.pdf'], { cwd });
    expect(r).toEqual({ ok: false, message: `There is no file ${path.join(cwd, 'typo.pdf')}. Check the name (or leave it out) and start again.` });
  });

  it('passes a web address on as it is (Add from URL), without looking for a file', () => {
    const cwd = folderWith();
    expect(parseStartArgs(['https://example.com/a.pdf'], { cwd })).toMatchObject({ ok: true, options: { files: ['https://example.com/a.pdf'] } });
  });

  it('reads the preview flags and refuses an unknown option or language in plain words', () => {
    const cwd = folderWith();
    expect(parseStartArgs(['--web', '--data-dir', 'd', '--locale', 'zh-CN'], { cwd })).toEqual({
      ok: true,
      options: { web: true, dataDir: path.join(cwd, 'd'), locale: 'zh-CN', files: [] },
    });
    expect(parseStartArgs(['--locale', 'en-US'], { cwd })).toMatchObject({ ok: true, options: { locale: 'en-US' } });
    expect(parseStartArgs(['--locale', 'fr'], { cwd })).toMatchObject({ ok: false, message: expect.stringMatching(/use en or zh-CN/) });
    expect(parseStartArgs(['--bogus'], { cwd })).toMatchObject({ ok: false, message: expect.stringMatching(/^--bogus is not an option of FaxDesk\./) });
  });

  it('hands the preview its flags and, after --, the documents (a name starting with - stays a document)', () => {
    expect(previewArgs({ web: true, port: 0, dataDir: '/d', files: ['/x/-a.pdf'] })).toEqual(['--port', '0', '--data-dir', '/d', '--', '/x/-a.pdf']);
  });
});
