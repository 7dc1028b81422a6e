import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate, NewerSchemaError, openPhonebookDb, SCHEMA_VERSION } from '@main/phonebook/db';
import { newerPhonebookFallback, openPhonebookStore } from '@main/phonebook/store';
import { UserError } from '@main/errors';
import { tempDirs } from '../../helpers/temp-dirs';

const tempDir = tempDirs('faxdesk-pb-store-');
const tempFile = () => path.join(tempDir(), 'phonebook.sqlite');

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return e instanceof UserError ? e.code : `non-user:${String(e)}`;
  }
  return undefined;
}

describe('the phonebook store', () => {
  it('keeps contacts and groups across a reopen, with numbers normalized to the spec format', () => {
    const file = tempFile();
    const store = openPhonebookStore(file);
    const zhang = store.saveContact({ name: '张三', fax: '(010) 8888-1234', company: '北京公司', note: null }, 'CN');
    const bob = store.saveContact({ name: 'Bob', fax: '+1 212 555 0123', company: null, note: 'front desk' }, 'CN');
    expect(zhang.fax).toBe('861088881234');
    expect(bob.fax).toBe('12125550123');
    const group = store.saveGroup({ name: 'Suppliers', members: [zhang.id, bob.id, 'no-such-contact'] });
    expect(group.members.sort()).toEqual([zhang.id, bob.id].sort());
    store.close();

    const again = openPhonebookStore(file);
    try {
      expect(again.listContacts().contacts.map((c) => [c.name, c.fax, c.company, c.note])).toEqual([
        ['Bob', '12125550123', null, 'front desk'],
        ['张三', '861088881234', '北京公司', null],
      ]);
      const [g] = again.listGroups();
      expect(g?.name).toBe('Suppliers');
      expect(g?.numbers).toEqual(['12125550123', '861088881234']);
      expect(again.getContact(zhang.id)?.groupIds).toEqual([group.id]);
      const raw = new Database(file, { readonly: true });
      expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
      raw.close();
    } finally {
      again.close();
    }
  });

  it('edits a contact in place, sets its groups, and refuses a number another contact has', () => {
    const store = openPhonebookStore(':memory:');
    const a = store.saveContact({ name: 'A', fax: '13812345678', company: null, note: null }, 'CN');
    const b = store.saveContact({ name: 'B', fax: '13912345678', company: null, note: null }, 'CN');
    const g = store.saveGroup({ name: 'Team', members: [] });
    const edited = store.saveContact({ id: a.id, name: 'A2', fax: '+86 138 1234 5678', company: 'X', note: null, groupIds: [g.id] }, 'CN');
    expect(edited).toMatchObject({ id: a.id, name: 'A2', fax: '8613812345678', company: 'X', groupIds: [g.id] });
    expect(store.listGroups()[0]?.members).toEqual([a.id]);
    expect(codeOf(() => store.saveContact({ id: b.id, name: 'B', fax: '138 1234 5678', company: null, note: null }, 'CN'))).toBe(
      'phonebook.duplicate_number',
    );
    expect(codeOf(() => store.saveContact({ name: 'C', fax: 'call me', company: null, note: null }, 'CN'))).toBe('phonebook.invalid_number.letters');
    expect(codeOf(() => store.saveContact({ id: 'gone', name: 'C', fax: '13712345678', company: null, note: null }, 'CN'))).toBe('phonebook.not_found');
    store.close();
  });

  it('removes a deleted contact from its groups and keeps contacts when a group is deleted', () => {
    const store = openPhonebookStore(':memory:');
    const a = store.saveContact({ name: 'A', fax: '13812345678', company: null, note: null }, 'CN');
    const b = store.saveContact({ name: 'B', fax: '13912345678', company: null, note: null }, 'CN');
    const g = store.saveGroup({ name: 'Team', members: [a.id, b.id] });
    expect(store.deleteContact(a.id)).toBe(true);
    expect(store.listGroups()[0]).toMatchObject({ id: g.id, members: [b.id], numbers: ['8613912345678'] });
    expect(store.deleteGroup(g.id)).toBe(true);
    expect(store.deleteGroup(g.id)).toBe(false);
    expect(store.listContacts().total).toBe(1);
    expect(codeOf(() => store.saveGroup({ name: 'x', members: [] }))).toBeUndefined();
    expect(codeOf(() => store.saveGroup({ name: 'X', members: [] }))).toBe('phonebook.duplicate_group');
    store.close();
  });

  it('searches names, companies and notes as typed and numbers by their digits', () => {
    const store = openPhonebookStore(':memory:');
    store.saveContact({ name: '王五', fax: '13812345678', company: 'Acme 100%', note: null }, 'CN');
    store.saveContact({ name: 'Zoe', fax: '+44 20 7946 0018', company: null, note: 'night_shift' }, 'CN');
    const names = (q: string) => store.listContacts(q).contacts.map((c) => c.name);
    expect(names('王')).toEqual(['王五']);
    expect(names('acme')).toEqual(['王五']);
    expect(names('100%')).toEqual(['王五']);
    expect(names('_')).toEqual(['Zoe']);
    expect(names('20 7946')).toEqual(['Zoe']);
    expect(names('(138) 1234')).toEqual(['王五']);
    expect(names('')).toEqual(['Zoe', '王五']);
    expect(store.listContacts('', 1)).toMatchObject({ total: 2, contacts: [{ name: 'Zoe' }] });
    store.close();
  });
});

describe('phonebook migrations', () => {
  it('creates the latest schema in a new file and records its version', () => {
    const file = tempFile();
    openPhonebookStore(file).close();
    const db = new Database(file);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[];
    expect(tables.map((t) => t.name)).toEqual(['contacts', 'group_members', 'groups']);
    db.close();
  });

  it('applies only the steps a file lacks, and rolls a failing step back whole', () => {
    const db = new Database(':memory:');
    const log: number[] = [];
    const steps = [
      (d: Database.Database) => {
        log.push(1);
        d.exec('CREATE TABLE a (x)');
      },
      (d: Database.Database) => {
        log.push(2);
        d.exec('CREATE TABLE b (x)');
        throw new Error('disk full');
      },
    ];
    expect(() => migrate(db, steps)).toThrow('disk full');
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'b'").get()).toEqual({ n: 0 });
    steps[1] = (d) => {
      log.push(3);
      d.exec('CREATE TABLE b (x)');
    };
    expect(migrate(db, steps)).toBe(2);
    expect(log).toEqual([1, 2, 3]);
    db.close();
  });

  it('refuses a file written by a newer FaxDesk without touching it, and keeps its own phonebook beside it', () => {
    const file = tempFile();
    const db = new Database(file);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    const before = fs.readFileSync(file);
    expect(() => openPhonebookDb(file)).toThrow(NewerSchemaError);
    const store = openPhonebookStore(file);
    try {
      expect(store.notice).toMatchObject({ problem: 'newer', keptAt: file, usingInstead: newerPhonebookFallback(file) });
      store.saveContact({ name: 'Ann', fax: '+8613800138000', company: null, note: null }, 'CN');
      expect(fs.existsSync(newerPhonebookFallback(file))).toBe(true);
    } finally {
      store.close();
    }
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
  });

  it('moves an unreadable file aside and starts an empty phonebook', () => {
    const file = tempFile();
    fs.writeFileSync(file, 'this is not a database, just text that is long enough to have a header'.repeat(20));
    const store = openPhonebookStore(file);
    try {
      expect(store.notice?.problem).toBe('damaged');
      expect(store.notice?.keptAt).toMatch(/phonebook\.sqlite\.damaged-[\dT-]+Z$/);
      expect(fs.readFileSync(store.notice?.keptAt ?? '', 'utf8')).toContain('not a database');
      expect(store.listContacts().total).toBe(0);
    } finally {
      store.close();
    }
  });
});
