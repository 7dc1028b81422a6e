/**
 * The IPC door's file rules on their own, fast (the mutation module `file-handles`): what a
 * handle looks like, which file a handle names and for what, and what the door does with a
 * malformed request. The attack scenarios through the whole app are in
 * test/reliability/file-capabilities.test.ts and file-identity.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileGrants, grantDroppedFile, NO_FOLLOW, sameFile } from '@main/files/grants';
import { dispatch, type Handlers } from '@main/ipc/dispatch';
import { UserError } from '@main/errors';
import { createLogger } from '@main/log';
import { fileHandleSchema } from '@shared/file-handle';
import { tempDirs } from '../../helpers/temp-dirs';

const tempDir = tempDirs('faxdesk-grants-');
const posix = process.platform !== 'win32';

function file(dir: string, name: string, content = '%PDF-1.4\n%%EOF\n'): string {
  const f = path.join(dir, name);
  fs.writeFileSync(f, content);
  return f;
}

const errorOf = (fn: () => unknown): { code: string; message: string } | null => {
  try {
    fn();
    return null;
  } catch (e) {
    expect(e).toBeInstanceOf(UserError);
    return { code: (e as UserError).code, message: (e as UserError).message };
  }
};

const NOT_GRANTED = { code: 'file.not_granted', message: 'FaxDesk no longer has access to this file. Add or choose it again.' };

describe('what a file handle is', () => {
  it('fh_ and 32 letters, digits, _ or -; anything else (a path, a URL, one character more or less) is refused with what to do', () => {
    const ok = `fh_${'aZ09_-'.repeat(5)}xy`;
    expect(ok).toHaveLength(35);
    expect(fileHandleSchema.safeParse(ok).success).toBe(true);
    for (const bad of [ok.slice(0, -1), `${ok}a`, `FH_${ok.slice(3)}`, `fh_${'a'.repeat(31)}/`, `fh_${'a'.repeat(31)}.`, `x${ok}`, `${ok}\n`, '/etc/passwd', 'file:///etc/passwd', '']) {
      const r = fileHandleSchema.safeParse(bad);
      expect([bad, r.success]).toEqual([bad, false]);
      if (!r.success) expect(r.error.issues[0]?.message).toBe('Choose the file again.');
    }
  });

  it('main issues handles of that shape, a new one per file and kind, the same one for the same file again', () => {
    const dir = tempDir();
    const grants = createFileGrants();
    const a = file(dir, 'a.pdf');
    const h = grants.grant(a);
    expect(fileHandleSchema.safeParse(h).success).toBe(true);
    expect(grants.grant(a)).toBe(h);
    expect(grants.grant(path.join(dir, '.', 'a.pdf'))).toBe(h);
    const asOutput = grants.grant(a, 'output');
    expect(asOutput).not.toBe(h);
    expect(fileHandleSchema.safeParse(asOutput).success).toBe(true);
    expect(grants.grant(file(dir, 'b.pdf'))).not.toBe(h);
  });
});

describe('which file a handle names, and for what', () => {
  it('an input handle gives its path for reading; as an output (open, show in folder) it is refused, and the reverse', () => {
    const dir = tempDir();
    const grants = createFileGrants();
    const doc = file(dir, 'doc.pdf');
    const report = path.join(dir, 'report.pdf');
    const input = grants.grant(doc);
    const output = grants.grant(report, 'output');
    expect(grants.pathOf(input)).toBe(doc);
    expect(grants.pathOf(input, 'input')).toBe(doc);
    expect(grants.lookup(input, 'input')).toBe(doc);
    expect(grants.lookup(input, 'output')).toBeNull();
    expect(errorOf(() => grants.pathOf(input, 'output'))).toEqual(NOT_GRANTED);
    expect(grants.pathOf(output, 'output')).toBe(report);
    expect(errorOf(() => grants.pathOf(output, 'input'))).toEqual(NOT_GRANTED);
    // an output is never read as a document, nor held to the file that was there before it was written
    expect(errorOf(() => grants.checkedPath(output))).toEqual(NOT_GRANTED);
    expect(grants.identityOf(output)).toBeNull();
    const existing = grants.grant(file(dir, 'old-export.csv'), 'output');
    expect(grants.identityOf(existing)).toBeNull();
  });

  it('a handle main never issued names nothing', () => {
    const grants = createFileGrants();
    const stranger = `fh_${'a'.repeat(32)}`;
    expect(grants.lookup(stranger)).toBeNull();
    expect(errorOf(() => grants.pathOf(stranger))).toEqual(NOT_GRANTED);
    expect(errorOf(() => grants.checkedPath(stranger))).toEqual(NOT_GRANTED);
    expect(grants.identityOf(stranger)).toBeNull();
    // a handle of another run of main (another grants) is a stranger too
    const other = createFileGrants().grant(file(tempDir(), 'x.pdf'));
    expect(grants.lookup(other)).toBeNull();
  });

  it.skipIf(!posix)('an input is the file it named when granted: swapped for a link or another file, it is refused by name', () => {
    const dir = tempDir();
    const grants = createFileGrants();
    const doc = file(dir, 'doc.pdf');
    const h = grants.grant(doc);
    expect(grants.identityOf(h)).toEqual({ dev: fs.statSync(doc).dev, ino: fs.statSync(doc).ino, born: fs.statSync(doc).birthtimeMs });
    // edited in place: the same file
    fs.appendFileSync(doc, '% more\n');
    expect(grants.checkedPath(h)).toBe(doc);
    // replaced by another file under its name
    const other = file(dir, 'other.pdf');
    fs.renameSync(other, doc);
    const changed = {
      code: 'file.changed',
      message: 'doc.pdf changed since you added it (it was replaced or moved). Add it again if it is still the document you mean.',
    };
    expect(errorOf(() => grants.checkedPath(h))).toEqual(changed);
    // added again: bound to what is there now, same handle
    expect(grants.grant(doc)).toBe(h);
    expect(grants.checkedPath(h)).toBe(doc);
    // replaced by a link (even to itself under another name)
    const moved = path.join(dir, 'moved.pdf');
    fs.renameSync(doc, moved);
    fs.symlinkSync(moved, doc);
    expect(errorOf(() => grants.checkedPath(h))).toEqual(changed);
  });

  it.skipIf(!posix)('a link handed over is followed once, at the grant: the handle reads its target, and a deleted file is left to the reader', () => {
    const dir = tempDir();
    const grants = createFileGrants();
    const target = file(dir, 'target.pdf');
    const link = path.join(dir, 'link.pdf');
    fs.symlinkSync(target, link);
    const h = grants.grant(link);
    // names and messages use the name handed over; reading goes to the target
    expect(grants.pathOf(h)).toBe(link);
    expect(grants.checkedPath(h)).toBe(fs.realpathSync(target));
    // the link re-pointed after the grant does not move the handle
    fs.unlinkSync(link);
    fs.symlinkSync(file(dir, 'private.pdf', 'PRIVATE'), link);
    expect(grants.checkedPath(h)).toBe(fs.realpathSync(target));
    // gone: the reader says so in its own words (checkedPath gives the path, the read fails)
    fs.unlinkSync(target);
    expect(grants.checkedPath(h)).toBe(fs.realpathSync(dir) + path.sep + 'target.pdf');
    // a file that did not exist when granted has no identity to hold it to
    const later = path.join(dir, 'later.pdf');
    const hl = grants.grant(later);
    expect(grants.identityOf(hl)).toBeNull();
    file(dir, 'later.pdf');
    expect(grants.checkedPath(hl)).toBe(later);
  });

  it.skipIf(!posix)('a file main moved (filed under sent/) keeps its handle; its old name is free for a new file', () => {
    const dir = tempDir();
    const grants = createFileGrants();
    const doc = file(dir, 'doc.pdf');
    const h = grants.grant(doc);
    fs.mkdirSync(path.join(dir, 'sent'));
    const filed = path.join(dir, 'sent', 'doc.pdf');
    fs.renameSync(doc, filed);
    grants.moved(h, filed);
    expect(grants.pathOf(h)).toBe(filed);
    expect(grants.checkedPath(h)).toBe(fs.realpathSync(filed));
    expect(grants.grant(filed)).toBe(h);
    const fresh = grants.grant(file(dir, 'doc.pdf'));
    expect(fresh).not.toBe(h);
    expect(grants.pathOf(fresh)).toBe(doc);
    // moved to a name that is not there (yet): the handle follows the name
    const nowhere = path.join(dir, 'nowhere', 'doc.pdf');
    grants.moved(h, nowhere);
    expect(grants.pathOf(h)).toBe(nowhere);
    expect(grants.checkedPath(h)).toBe(nowhere);
    // an unknown handle moved: nothing happens
    grants.moved(`fh_${'b'.repeat(32)}`, filed);
    expect(grants.lookup(`fh_${'b'.repeat(32)}`)).toBeNull();
  });

  it.skipIf(!posix)('an upload opened the way main opens it never goes through a link put in its place', () => {
    const dir = tempDir();
    const doc = file(dir, 'doc.pdf');
    const link = path.join(dir, 'link.pdf');
    fs.symlinkSync(doc, link);
    expect(() => fs.openSync(link, fs.constants.O_RDONLY | NO_FOLLOW)).toThrow(expect.objectContaining({ code: 'ELOOP' }));
    fs.closeSync(fs.openSync(doc, fs.constants.O_RDONLY | NO_FOLLOW));
  });

  it('the same file is a device, an inode and a creation time; no identity recorded holds nothing back', () => {
    const id = { dev: 1, ino: 2, born: 1_700_000_000_000.5 };
    expect(sameFile(id, { dev: 1, ino: 2, birthtimeMs: 1_700_000_000_000.5 })).toBe(true);
    expect(sameFile(id, { dev: 1, ino: 3, birthtimeMs: 1_700_000_000_000.5 })).toBe(false);
    expect(sameFile(id, { dev: 9, ino: 2, birthtimeMs: 1_700_000_000_000.5 })).toBe(false);
    // the inode number given back to a file created later
    expect(sameFile(id, { dev: 1, ino: 2, birthtimeMs: 1_700_000_000_000.6 })).toBe(false);
    expect(sameFile(null, { dev: 9, ino: 9, birthtimeMs: 0 })).toBe(true);
  });
});

describe('a dropped item', () => {
  it('an existing regular file by its absolute path is granted for reading; the window gets its handle and name only', () => {
    const dir = tempDir();
    const grants = createFileGrants();
    const doc = file(dir, 'Quote 7.pdf');
    const r = grantDroppedFile(grants, doc);
    expect(r).toEqual({ handle: expect.stringMatching(/^fh_/), name: 'Quote 7.pdf' });
    expect(grants.pathOf(r.handle, 'input')).toBe(doc);
    // a path of exactly 4096 characters is still a path (the OS limit); one more is not
    const deep = path.join(dir, 'x'.repeat(4096 - dir.length - 1));
    expect(deep).toHaveLength(4096);
    expect(errorOf(() => grantDroppedFile(grants, deep))).toEqual({ code: 'file.not_a_file', message: `${path.basename(deep)} is not a file FaxDesk can read. Drop a document file.` });
  });

  it('anything else is refused, saying what to drop, and nothing is granted', () => {
    const dir = tempDir();
    const grants = createFileGrants();
    const unreadable = { code: 'file.not_a_file', message: 'FaxDesk could not read the dropped item. Drop a document file.' };
    for (const bad of [undefined, 42, '', 'relative/doc.pdf', `/${'a'.repeat(4096)}`]) {
      expect([bad, errorOf(() => grantDroppedFile(grants, bad))]).toEqual([bad, unreadable]);
    }
    expect(errorOf(() => grantDroppedFile(grants, dir))).toEqual({ code: 'file.not_a_file', message: `${path.basename(dir)} is not a file FaxDesk can read. Drop a document file.` });
    const missing = path.join(dir, 'gone.pdf');
    expect(errorOf(() => grantDroppedFile(grants, missing))).toEqual({ code: 'file.not_a_file', message: 'gone.pdf is not a file FaxDesk can read. Drop a document file.' });
    expect(grants.lookup(grants.grant(file(dir, 'probe.pdf')))).not.toBeNull();
  });
});

describe('the IPC door', () => {
  // handlers of any shape (a void answer, a name no longer in the contract): the door must cope with what it is given
  const handlers = (over: Partial<Record<string, (input: unknown) => unknown>>) => over as unknown as Handlers;
  const logged = () => {
    const lines: string[] = [];
    return { lines, log: createLogger((l) => lines.push(l)) };
  };

  it('an unknown channel is named in the answer (cut at 64 characters); an inherited name is unknown too', async () => {
    expect(await dispatch(handlers({}), 'deleteEverything', undefined)).toEqual({ ok: false, error: { code: 'ipc.unknown_channel', message: 'Unknown request "deleteEverything".' } });
    const long = 'x'.repeat(100);
    expect(await dispatch(handlers({}), long, undefined)).toEqual({ ok: false, error: { code: 'ipc.unknown_channel', message: `Unknown request "${'x'.repeat(64)}".` } });
    for (const name of ['__proto__', 'constructor', 'toString']) {
      expect(await dispatch(handlers({}), name, undefined)).toMatchObject({ ok: false, error: { code: 'ipc.unknown_channel' } });
    }
  });

  it('a malformed request names each wrong field by its path, with every message, and never reaches the handler', async () => {
    let called = 0;
    const h = handlers({ setLanguage: () => void called++, openExternal: () => void called++, appInfo: () => void called++ });
    const r = await dispatch(h, 'setLanguage', { language: 'klingon', extra: 1 });
    expect(r).toMatchObject({ ok: false, error: { code: 'ipc.invalid_input', message: 'The request "setLanguage" was malformed.' } });
    if (!r.ok) {
      expect(Object.keys(r.error.fields ?? {}).sort()).toEqual(['(input)', 'language']);
      expect(r.error.fields?.['language']?.length).toBe(1);
    }
    // a field inside a field: its path with dots
    const nested = await dispatch(handlers({ updateSettings: () => void called++ }), 'updateSettings', { hotFolder: { enabled: 'yes' } });
    expect(nested.ok || Object.keys(nested.error.fields ?? {})).toEqual(['hotFolder.enabled']);
    // the whole input wrong: '(input)'
    const whole = await dispatch(h, 'appInfo', { not: 'nothing' });
    expect(whole.ok || Object.keys(whole.error.fields ?? {})).toEqual(['(input)']);
    expect(called).toBe(0);
  });

  it('a good request gets the handler’s answer; a user error crosses as data, an internal one is logged and hidden', async () => {
    const { lines, log } = logged();
    const answer = { version: '1.0' };
    expect(await dispatch(handlers({ appInfo: async () => answer }), 'appInfo', undefined, log)).toEqual({ ok: true, value: answer });
    expect(await dispatch(handlers({ setLanguage: (i) => i }), 'setLanguage', { language: null }, log)).toEqual({ ok: true, value: { language: null } });
    const user = await dispatch(handlers({ appInfo: () => { throw new UserError('x.code', 'Do this instead.'); } }), 'appInfo', undefined, log);
    expect(user).toEqual({ ok: false, error: { code: 'x.code', message: 'Do this instead.' } });
    expect(lines).toEqual([]);
    const internal = await dispatch(handlers({ appInfo: () => { throw new Error('ENOENT /home/ann/secret.pdf'); } }), 'appInfo', undefined, log);
    expect(internal).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(internal)).not.toContain('/home/ann');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('ipc appInfo failed');
  });
});
