import crypto from 'node:crypto';
import { normalizeNumber } from '../../shared/phone/parse';
import type { Contact, ContactList, Group } from '../../shared/phonebook/types';
import { UserError } from '../errors';
import { openRecovering, type FileNotice } from '../storage/open-recovering';
import { NewerSchemaError, openPhonebookDb, SCHEMA_VERSION, type Db } from './db';

export interface ContactFields {
  id?: string | undefined;
  name: string;
  fax: string;
  company: string | null;
  note: string | null;
  groupIds?: string[] | undefined;
}

export interface NewContact {
  name: string;
  /** already normalized */
  fax: string;
  company: string | null;
  note: string | null;
}

export interface PhonebookStore {
  listContacts(search?: string, limit?: number): ContactList;
  allContacts(): Contact[];
  getContact(id: string): Contact | null;
  /** `fax` is normalized here; an invalid or already-saved number is a UserError */
  saveContact(fields: ContactFields, defaultCountry: string): Contact;
  deleteContact(id: string): boolean;
  listGroups(): Group[];
  saveGroup(fields: { id?: string | undefined; name: string; members: string[] }): Group;
  deleteGroup(id: string): boolean;
  /** every saved number with its contact, for merging imports */
  numberIndex(): Map<string, { id: string; name: string }>;
  /**
   * Adds new contacts and fills in blank names of existing ones, in one
   * transaction; `memberships` puts numbers into groups by name, creating
   * groups that do not exist yet (vCard CATEGORIES).
   */
  applyImport(add: NewContact[], nameFills: Array<{ id: string; name: string }>, memberships?: Array<{ fax: string; groups: string[] }>): void;
  /** phonebook names of the given numbers */
  namesFor(numbers: string[]): Map<string, string>;
  close(): void;
  /** set when the file on disk was damaged, newer or unopenable: what was kept where */
  readonly notice: FileNotice | null;
}

interface ContactRow {
  id: string;
  name: string;
  fax: string;
  company: string | null;
  note: string | null;
  updated_at: number;
  group_ids: string | null;
}

const CONTACT_SELECT = `
  SELECT c.id, c.name, c.fax, c.company, c.note, c.updated_at,
         (SELECT group_concat(gm.group_id, char(31)) FROM group_members gm WHERE gm.contact_id = c.id) AS group_ids
  FROM contacts c`;
// Unnamed contacts sort by number after the named ones.
const CONTACT_ORDER = `ORDER BY c.name = '', c.name COLLATE NOCASE, c.fax`;

function toContact(r: ContactRow): Contact {
  return {
    id: r.id,
    name: r.name,
    fax: r.fax,
    company: r.company,
    note: r.note,
    groupIds: r.group_ids ? r.group_ids.split('\u001f').sort() : [],
    updatedAt: r.updated_at,
  };
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Where a FaxDesk that finds a newer phonebook keeps its own meanwhile (the newer file is never touched). */
export function newerPhonebookFallback(file: string): string {
  return file === ':memory:' ? file : file.replace(/(\.sqlite)?$/, `.schema-${SCHEMA_VERSION}$1`);
}

export function openPhonebookStore(file: string, now: () => number = Date.now): PhonebookStore {
  if (file === ':memory:') return createStore(openPhonebookDb(file), null, now);
  const opened = openRecovering(file, openPhonebookDb, {
    isNewer: (e) => e instanceof NewerSchemaError,
    newerFallback: newerPhonebookFallback(file),
  });
  return createStore(opened.value, opened.notice, now);
}

type Statements = ReturnType<typeof prepareStatements>;

function prepareStatements(db: Db) {
  return {
    getContact: db.prepare<[string], ContactRow>(`${CONTACT_SELECT} WHERE c.id = ?`),
    byFax: db.prepare<[string], { id: string }>('SELECT id FROM contacts WHERE fax = ?'),
    insertContact: db.prepare(
      'INSERT INTO contacts (id, name, fax, company, note, created_at, updated_at) VALUES (@id, @name, @fax, @company, @note, @now, @now)',
    ),
    updateContact: db.prepare(
      'UPDATE contacts SET name = @name, fax = @fax, company = @company, note = @note, updated_at = @now WHERE id = @id',
    ),
    setMembershipsDelete: db.prepare('DELETE FROM group_members WHERE contact_id = ?'),
    // Unknown ids (a contact deleted meanwhile) are skipped rather than failing the save.
    addMember: db.prepare(
      'INSERT OR IGNORE INTO group_members (group_id, contact_id) SELECT g.id, c.id FROM groups g, contacts c WHERE g.id = ? AND c.id = ?',
    ),
    groupRows: db.prepare<[], { id: string; name: string }>('SELECT id, name FROM groups ORDER BY name COLLATE NOCASE'),
    memberRows: db.prepare<[], { group_id: string; id: string; fax: string }>(
      `SELECT gm.group_id, c.id, c.fax FROM group_members gm JOIN contacts c ON c.id = gm.contact_id
     ORDER BY c.name = '', c.name COLLATE NOCASE, c.fax`,
    ),
    groupByName: db.prepare<[string], { id: string }>('SELECT id FROM groups WHERE name = ? COLLATE NOCASE'),
  };
}

function listContacts(db: Db, search: string, limit: number): ContactList {
  const text = search.trim();
  let where = '';
  const params: string[] = [];
  if (text) {
    const clauses = ["c.name LIKE ? ESCAPE '\\'", "c.company LIKE ? ESCAPE '\\'", "c.note LIKE ? ESCAPE '\\'"];
    params.push(likePattern(text), likePattern(text), likePattern(text));
    const digits = text.replace(/\D/g, '');
    // A search that looks like a number matches its digits however it was formatted.
    if (digits.length > 0 && /^[\d\s+\-().]+$/.test(text)) {
      clauses.push("c.fax LIKE ? ESCAPE '\\'");
      params.push(likePattern(digits));
    }
    where = `WHERE ${clauses.join(' OR ')}`;
  }
  const total = (db.prepare(`SELECT count(*) AS n FROM contacts c ${where}`).get(...params) as { n: number }).n;
  const rows = db.prepare<unknown[], ContactRow>(`${CONTACT_SELECT} ${where} ${CONTACT_ORDER} LIMIT ?`).all(...params, limit);
  return { contacts: rows.map(toContact), total };
}

/** Saves one contact (fax already normalized) and, when given, its groups; returns its id. */
function saveContactTransaction(db: Db, st: Statements, now: () => number) {
  return db.transaction((fields: ContactFields, fax: string): string => {
    const existing = fields.id ? st.getContact.get(fields.id) : undefined;
    if (fields.id && !existing) throw new UserError('phonebook.not_found', 'This contact no longer exists; it may have been deleted.');
    const holder = st.byFax.get(fax);
    if (holder && holder.id !== fields.id) {
      const message = 'This fax number is already saved for another contact.';
      throw new UserError('phonebook.duplicate_number', message, { fax: [message] });
    }
    const id = existing?.id ?? crypto.randomUUID();
    const values = { id, name: fields.name, fax, company: fields.company, note: fields.note, now: now() };
    if (existing) st.updateContact.run(values);
    else st.insertContact.run(values);
    if (fields.groupIds) {
      st.setMembershipsDelete.run(id);
      for (const g of new Set(fields.groupIds)) st.addMember.run(g, id);
    }
    return id;
  });
}

function saveGroupTransaction(db: Db, st: Statements, now: () => number) {
  return db.transaction((fields: { id?: string | undefined; name: string; members: string[] }): string => {
    const exists = fields.id ? db.prepare('SELECT 1 FROM groups WHERE id = ?').get(fields.id) : undefined;
    if (fields.id && !exists) throw new UserError('phonebook.not_found', 'This group no longer exists; it may have been deleted.');
    const clash = st.groupByName.get(fields.name);
    if (clash && clash.id !== fields.id) {
      const message = 'There is already a group with this name.';
      throw new UserError('phonebook.duplicate_group', message, { name: [message] });
    }
    const id = fields.id ?? crypto.randomUUID();
    const t = now();
    if (exists) db.prepare('UPDATE groups SET name = ?, updated_at = ? WHERE id = ?').run(fields.name, t, id);
    else db.prepare('INSERT INTO groups (id, name, created_at, updated_at) VALUES (?, ?, ?, ?)').run(id, fields.name, t, t);
    db.prepare('DELETE FROM group_members WHERE group_id = ?').run(id);
    for (const c of new Set(fields.members)) st.addMember.run(id, c);
    return id;
  });
}

function applyImportTransaction(db: Db, st: Statements, now: () => number) {
  return db.transaction(
    (add: NewContact[], fills: Array<{ id: string; name: string }>, memberships: Array<{ fax: string; groups: string[] }>) => {
      const t = now();
      for (const c of add) st.insertContact.run({ id: crypto.randomUUID(), ...c, now: t });
      const fill = db.prepare("UPDATE contacts SET name = ?, updated_at = ? WHERE id = ? AND name = ''");
      for (const f of fills) fill.run(f.name, t, f.id);
      const groupIds = new Map<string, string>();
      const groupId = (name: string): string => {
        const key = name.toLocaleLowerCase();
        let id = groupIds.get(key) ?? st.groupByName.get(name)?.id;
        if (!id) {
          id = crypto.randomUUID();
          db.prepare('INSERT INTO groups (id, name, created_at, updated_at) VALUES (?, ?, ?, ?)').run(id, name, t, t);
        }
        groupIds.set(key, id);
        return id;
      };
      const join = db.prepare('INSERT OR IGNORE INTO group_members (group_id, contact_id) SELECT ?, id FROM contacts WHERE fax = ?');
      for (const m of memberships) for (const g of m.groups) join.run(groupId(g), m.fax);
    },
  );
}

function createStore(db: Db, notice: FileNotice | null, now: () => number): PhonebookStore {
  const st = prepareStatements(db);

  function getContact(id: string): Contact | null {
    const row = st.getContact.get(id);
    return row ? toContact(row) : null;
  }

  function listGroups(): Group[] {
    const groups = new Map<string, Group>();
    for (const g of st.groupRows.all()) groups.set(g.id, { id: g.id, name: g.name, members: [], numbers: [] });
    for (const m of st.memberRows.all()) {
      const g = groups.get(m.group_id);
      if (!g) continue;
      g.members.push(m.id);
      g.numbers.push(m.fax);
    }
    return [...groups.values()];
  }

  const saveContactTx = saveContactTransaction(db, st, now);
  const saveGroupTx = saveGroupTransaction(db, st, now);
  const applyImportTx = applyImportTransaction(db, st, now);

  return {
    notice,
    listContacts: (search = '', limit = 1000) => listContacts(db, search, limit),
    allContacts() {
      return db.prepare<[], ContactRow>(`${CONTACT_SELECT} ${CONTACT_ORDER}`).all().map(toContact);
    },
    getContact,
    saveContact(fields, defaultCountry) {
      const normalized = normalizeNumber(fields.fax, defaultCountry);
      if (!normalized.ok) {
        throw new UserError(`phonebook.invalid_number.${normalized.reason}`, normalized.message, { fax: [normalized.message] });
      }
      const id = saveContactTx(fields, normalized.number);
      const saved = getContact(id);
      if (!saved) throw new Error('contact vanished after save');
      return saved;
    },
    deleteContact(id) {
      return db.prepare('DELETE FROM contacts WHERE id = ?').run(id).changes > 0;
    },
    listGroups,
    saveGroup(fields) {
      const id = saveGroupTx(fields);
      const group = listGroups().find((g) => g.id === id);
      if (!group) throw new Error('group vanished after save');
      return group;
    },
    deleteGroup(id) {
      return db.prepare('DELETE FROM groups WHERE id = ?').run(id).changes > 0;
    },
    numberIndex() {
      const map = new Map<string, { id: string; name: string }>();
      for (const r of db.prepare<[], { id: string; name: string; fax: string }>('SELECT id, name, fax FROM contacts').iterate()) {
        map.set(r.fax, { id: r.id, name: r.name });
      }
      return map;
    },
    applyImport(add, fills, memberships = []) {
      applyImportTx(add, fills, memberships);
    },
    namesFor(numbers) {
      const out = new Map<string, string>();
      const stmt = db.prepare<[string], { name: string }>("SELECT name FROM contacts WHERE fax = ? AND name <> ''");
      for (const n of numbers) {
        const r = stmt.get(n);
        if (r) out.set(n, r.name);
      }
      return out;
    },
    close() {
      if (db.open) db.close();
    },
  };
}
