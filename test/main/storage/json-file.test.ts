import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadJsonFile, readJsonFile, writeJsonFile } from '@main/storage/json-file';

let dir = '';
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = '';
});
const tmp = () => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-json-')));

describe('a JSON store file', () => {
  it('is written whole into a new folder and read back, leaving no temporary file', () => {
    const file = path.join(tmp(), 'send', 'draft.json');
    expect(readJsonFile(file)).toBeNull();
    writeJsonFile(file, { a: 1 });
    writeJsonFile(file, { a: 2 });
    expect(readJsonFile(file)).toEqual({ a: 2 });
    expect(fs.readdirSync(path.dirname(file))).toEqual(['draft.json']);
  });

  it('moves a damaged or unexpected file aside as .damaged-<time>, says so once in the log, and starts afresh', () => {
    const file = path.join(tmp(), 'uploads.json');
    const lines: string[] = [];
    const log = { warn: (m: string) => void lines.push(m) };
    fs.writeFileSync(file, '{"cut short');
    const read = loadJsonFile(file, { log, what: 'the uploads' });
    expect(read.value).toBeNull();
    expect(path.basename(read.movedAside!)).toMatch(/^uploads\.json\.damaged-\d{4}-\d\d-\d\dT[\d-]+Z$/);
    expect(fs.readFileSync(read.movedAside!, 'utf8')).toBe('{"cut short');
    expect(lines).toEqual([expect.stringContaining('the uploads')]);

    fs.writeFileSync(file, '{"version":2}');
    const parse = (raw: unknown) => {
      if ((raw as { version?: unknown }).version !== 1) throw new Error('not version 1');
      return raw;
    };
    expect(readJsonFile(file, { parse, log })).toBeNull();
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.readdirSync(dir).filter((f) => f.includes('.damaged-'))).toHaveLength(2);
  });
});
