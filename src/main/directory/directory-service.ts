import crypto from 'node:crypto';
import type { z } from 'zod';
import type { Logger } from '../log';
import { UserError } from '../errors';
import {
  MAX_DIRECTORIES,
  MAX_DIRECTORY_RESULTS,
  MAX_TEST_COUNT,
  type DirectoryEntry,
  type DirectoryFields,
  type DirectorySearchResult,
  type DirectoryTestResult,
  type DirectoryView,
  type RecipientName,
  type saveDirectoryInputSchema,
} from '../../shared/directory/types';
import { createProbeLimit } from '../net/probe-limit';
import { bindPasswordAccount, canonicalServer, type BindPasswords } from './bind-passwords';
import { openDirectoryConfig, type SavedDirectory } from './directory-config';
import { isNumberQuery, nameFilter, numberFilter, numberMatches, numberTerms, readEntries, requestedAttributes, toDirectoryEntry } from './directory-search';
import { checkedFilter, securityOf, withDirectory, type Security } from './ldap-connection';

/** A directory as the settings form sends it: its fields, its id when it exists, a password when typed. */
export type DirectoryRequest = z.output<typeof saveDirectoryInputSchema>;

export interface DirectoryServiceOptions {
  dataDir: string;
  log: Logger;
  passwords: BindPasswords;
  /** the settings' default country, read at each call */
  defaultCountry: () => string;
  /** names of numbers saved in the local phonebook */
  localNames: (numbers: string[]) => Map<string, string>;
  /** extra trust anchors (PEM): a test's own certificate */
  extraCa?: string[];
  /** clock of the probe limit (tests move it) */
  now?: () => number;
  /** the machine-wide policy's directories: locked ones cannot be changed (but for their password) or removed */
  policy?: { value: readonly DirectoryFields[]; locked: boolean } | null;
}

export interface DirectoryService {
  list(): Promise<DirectoryView[]>;
  /** adds or changes a directory (its bind password goes to the keychain) */
  save(input: DirectoryRequest): Promise<DirectoryView>;
  remove(id: string): Promise<boolean>;
  /** connects and reads a few entries, without saving */
  test(input: DirectoryRequest): Promise<DirectoryTestResult>;
  /** a search replaces the one still running under the same requestId */
  search(directoryId: string, query: string, requestId: string): Promise<DirectorySearchResult>;
  cancelSearch(requestId: string): boolean;
  /** probes refused so far (the reliability figures) */
  probesRefused(): number;
  /** what the session caches hold, estimated as JSON (the number indexes and the kept answers) */
  heldBytes(): number;
  /** names for numbers: the phonebook's first, then those the directories returned this session */
  recipientNames(numbers: string[]): RecipientName[];
  close(): void;
}

/** Entries a number search reads to match digits locally (once per session). */
const MAX_INDEX = 20_000;
/** All number indexes together, estimated as their JSON size: the oldest goes when a new one would pass it. */
export const MAX_INDEX_BYTES = 8 * 1024 * 1024;

/** A directory's fax entries for number look-ups, and whether the directory returned all of them. */
interface NumberIndex {
  entries: DirectoryEntry[];
  incomplete: null | { reason: 'cap' | 'server_size_limit' | 'bytes'; read: number };
  bytes: number;
}

function estimateBytes(entries: DirectoryEntry[]): number {
  let n = 0;
  for (const e of entries) n += JSON.stringify(e).length * 2;
  return n;
}
const MAX_CACHED_QUERIES = 500;
const MAX_KNOWN_NAMES = 20_000;

/**
 * Connections to a server that has not answered in LDAP this session, a
 * minute: a test or first search dials a host the window named, so it is a
 * probe (as CONNECTION_TESTS_PER_MINUTE for the fax service).
 */
export const DIRECTORY_PROBES_PER_MINUTE = 10;

/** A directory is the policy's when it reads the same server and base DN (as the policy applies them). */
const policyKeyOf = (d: Pick<DirectoryFields, 'url' | 'baseDn'>) => `${d.url.trim().toLowerCase()} ${d.baseDn.trim().toLowerCase()}`;

function fieldsOf(input: DirectoryFields): DirectoryFields {
  const { name, url, startTls, allowPlain, bindDn, baseDn, filter, attributes } = input;
  return { name, url, startTls, allowPlain, bindDn, baseDn, filter, attributes };
}

/** Keeps the newest `max` keys of a Map (insertion order). */
function trim<K, V>(map: Map<K, V>, max: number): void {
  while (map.size > max) {
    const oldest = map.keys().next();
    if (oldest.done) return;
    map.delete(oldest.value);
  }
}

export function createDirectoryService(options: DirectoryServiceOptions): DirectoryService {
  const config = openDirectoryConfig(options.dataDir);
  if (config.movedAside) options.log.warn(`directories file was unreadable and moved to ${config.movedAside}`);
  const { passwords } = options;

  // Session caches: cleared for a directory whenever it is saved or deleted.
  const results = new Map<string, DirectorySearchResult>();
  const indexes = new Map<string, NumberIndex>();
  /** Keeps an index within the budget of all indexes, dropping the oldest (rebuilt when next asked); one over the budget alone is not kept. */
  const keepIndex = (id: string, index: NumberIndex) => {
    indexes.delete(id);
    if (index.bytes > MAX_INDEX_BYTES) return;
    indexes.set(id, index);
    let total = 0;
    for (const i of indexes.values()) total += i.bytes;
    for (const [key, i] of indexes) {
      if (total <= MAX_INDEX_BYTES) break;
      indexes.delete(key);
      total -= i.bytes;
    }
  };
  const known = new Map<string, { name: string; source: string }>();
  const running = new Map<string, AbortController>();
  /** servers (scheme://host:port) that answered in LDAP this session: dialing them again probes nothing */
  const spokeLdap = new Set<string>();
  const probes = createProbeLimit({
    perMinute: DIRECTORY_PROBES_PER_MINUTE,
    ...(options.now ? { now: options.now } : {}),
    refuse: (wait) => new UserError('directory.too_many_tests', `Too many directory tests in a short time. Wait ${wait} seconds and try again.`),
  });
  /** How to dial this server: a probe (counted, one plain answer) until it has answered in LDAP. */
  const dialing = (url: string) => {
    const server = canonicalServer(url);
    const probe = !spokeLdap.has(server);
    if (probe) probes.admit();
    return { probe, onLdapAnswer: () => void spokeLdap.add(server) };
  };

  const forget = (id: string) => {
    indexes.delete(id);
    for (const k of [...results.keys()]) if (k.startsWith(`${id}\u0000`)) results.delete(k);
  };

  /** Where a directory connects as it is configured now (a saved one was checked when saved). */
  const securityNow = (d: DirectoryFields): Security | null => {
    try {
      return securityOf(d);
    } catch {
      return null;
    }
  };

  /** A stored password counts only where this connection may carry it: the form asks for it otherwise. */
  /** the policy's entry for a saved directory, if the policy names it */
  const policyEntry = (d: Pick<DirectoryFields, 'url' | 'baseDn'>): DirectoryFields | undefined =>
    options.policy?.value.find((p) => policyKeyOf(p) === policyKeyOf(d));
  const lockedEntry = (d: Pick<DirectoryFields, 'url' | 'baseDn'>) => (options.policy?.locked ? policyEntry(d) : undefined);
  const refuseLocked = (d: DirectoryFields): never => {
    throw new UserError(
      'settings.locked',
      `Your administrator set the directory "${d.name}" for this computer, so it cannot be changed or removed here (only its password is yours). Ask your IT department to change it.`,
    );
  };

  const view = async (d: SavedDirectory): Promise<DirectoryView> => {
    const security = securityNow(d);
    const managed = policyEntry(d) ? (options.policy?.locked ? 'locked' : 'default') : undefined;
    return {
      ...d,
      hasPassword: d.bindDn && security ? (await passwords.lookup(d.url, d.bindDn, security)).state === 'usable' : false,
      ...(managed ? { managed } : {}),
    };
  };

  /** The same checks for saving and testing: where it may connect, and a filter the server will take. */
  const validate = (fields: DirectoryFields): DirectoryFields => {
    securityOf(fields);
    checkedFilter(fields.filter);
    return fields;
  };

  /**
   * The typed password, else the stored one, but only for a connection at
   * least as protected as the one it was saved with: a directory switched to
   * plain LDAP (by the user or a compromised window) is told to ask again.
   */
  const passwordFor = async (fields: DirectoryFields, typed: string | undefined): Promise<string | null> => {
    if (!fields.bindDn) return null;
    if (typed !== undefined) return typed;
    const found = await passwords.lookup(fields.url, fields.bindDn, securityOf(fields));
    if (found.state === 'weaker') {
      throw new UserError(
        'directory.password_weaker',
        'The stored password was saved for an encrypted connection (ldaps or StartTLS), and this directory now connects without encryption, so FaxDesk does not send it. Turn encryption back on, or enter the password again to use it over this connection.',
      );
    }
    return found.state === 'usable' ? found.password : null;
  };

  const remember = (d: SavedDirectory, entries: DirectoryEntry[]) => {
    for (const e of entries) {
      for (const n of e.numbers) {
        if (!n.ok) continue;
        known.delete(n.number);
        known.set(n.number, { name: e.name, source: d.name });
      }
    }
    trim(known, MAX_KNOWN_NAMES);
  };

  async function searchIn(d: SavedDirectory, query: string, signal: AbortSignal): Promise<DirectorySearchResult> {
    const password = await passwordFor(d, undefined);
    const target = { ...d, password };
    const attributes = requestedAttributes(d.attributes);
    const base = checkedFilter(d.filter);
    const country = options.defaultCountry();
    const connect = { signal, extraCa: options.extraCa };
    if (isNumberQuery(query)) {
      let index = indexes.get(d.id);
      if (!index) {
        const read = await withDirectory(target, { ...connect, ...dialing(d.url) }, (client, _security, guard) =>
          readEntries(client, d.baseDn, base, attributes, MAX_INDEX, guard),
        );
        const entries = read.entries.map((e) => toDirectoryEntry(e, d.attributes, country));
        index = { entries, incomplete: read.truncated ? { reason: read.truncated, read: read.entries.length } : null, bytes: estimateBytes(entries) };
        keepIndex(d.id, index);
      }
      const terms = numberTerms(query, country);
      const hits = index.entries.filter((e) => numberMatches(e, terms));
      if (index.incomplete) {
        // The people past where the directory stopped: ask the server for the number itself (escaped filter).
        const seen = new Set(hits.map((e) => e.dn));
        const direct = await withDirectory(target, { ...connect, ...dialing(d.url) }, (client, _security, guard) =>
          readEntries(client, d.baseDn, numberFilter(base, d.attributes, terms), attributes, MAX_DIRECTORY_RESULTS, guard),
        ).catch((e: unknown) => {
          if (e instanceof UserError && e.code === 'directory.canceled') throw e;
          return null;
        });
        for (const e of direct?.entries ?? []) {
          const entry = toDirectoryEntry(e, d.attributes, country);
          if (!seen.has(entry.dn) && numberMatches(entry, terms)) hits.push(entry);
        }
      }
      const entries = hits.slice(0, MAX_DIRECTORY_RESULTS);
      if (hits.length > entries.length) return { directoryId: d.id, entries, truncated: { reason: 'cap', shown: entries.length } };
      // Incomplete stays incomplete: the answer says where the directory stopped, even when it found someone.
      const truncated = index.incomplete ? { reason: index.incomplete.reason, shown: entries.length, read: index.incomplete.read } : null;
      return { directoryId: d.id, entries, truncated };
    }
    const read = await withDirectory(target, { ...connect, ...dialing(d.url) }, (client, _security, guard) =>
      readEntries(client, d.baseDn, nameFilter(base, d.attributes, query), attributes, MAX_DIRECTORY_RESULTS, guard),
    );
    const entries = read.entries.map((e) => toDirectoryEntry(e, d.attributes, country));
    entries.sort((a, b) => a.name.localeCompare(b.name, 'zh-CN'));
    return { directoryId: d.id, entries, truncated: read.truncated ? { reason: read.truncated, shown: entries.length } : null };
  }

  return {
    list: async () => Promise.all(config.list().map(view)),

    save: async (input) => {
      const fields = validate(fieldsOf(input));
      const previous = input.id ? config.get(input.id) : null;
      if (input.id && !previous) throw new UserError('directory.not_found', 'This directory is no longer configured; it may have been removed.');
      // a locked policy directory keeps the policy's fields; its password (the user's) may still be typed
      const locked = previous ? lockedEntry(previous) : undefined;
      if (locked && JSON.stringify(fieldsOf(locked)) !== JSON.stringify(fields)) refuseLocked(locked);
      if (!previous && config.list().length >= MAX_DIRECTORIES) {
        throw new UserError('directory.too_many', `FaxDesk searches at most ${MAX_DIRECTORIES} directories.`);
      }
      const saved: SavedDirectory = { ...fields, id: previous?.id ?? crypto.randomUUID() };
      if (input.password !== undefined && saved.bindDn) await passwords.set(saved.url, saved.bindDn, securityOf(saved), input.password);
      config.put(saved);
      // A password belongs to its server: when this directory moves away from one, the old entry goes, unless another uses it.
      if (previous?.bindDn && bindPasswordAccount(previous.url, previous.bindDn) !== bindPasswordAccount(saved.url, saved.bindDn || '-')) {
        const oldKey = bindPasswordAccount(previous.url, previous.bindDn);
        if (!config.list().some((d) => d.bindDn && bindPasswordAccount(d.url, d.bindDn) === oldKey)) await passwords.clear(previous.url, previous.bindDn);
      }
      forget(saved.id);
      return view(saved);
    },

    remove: async (id) => {
      const previous = config.get(id);
      const locked = previous ? lockedEntry(previous) : undefined;
      if (locked) refuseLocked(locked);
      const deleted = config.remove(id);
      if (previous?.bindDn) {
        const key = bindPasswordAccount(previous.url, previous.bindDn);
        if (!config.list().some((d) => d.bindDn && bindPasswordAccount(d.url, d.bindDn) === key)) await passwords.clear(previous.url, previous.bindDn);
      }
      forget(id);
      return deleted;
    },

    test: async (input) => {
      const fields = validate(fieldsOf(input));
      const password = await passwordFor(fields, input.password);
      const base = checkedFilter(fields.filter);
      return withDirectory({ ...fields, password }, { extraCa: options.extraCa, ...dialing(fields.url) }, async (client, security, guard) => {
        const read = await readEntries(client, fields.baseDn, base, fields.attributes.name, MAX_TEST_COUNT, guard);
        if (read.truncated === 'server_size_limit') {
          throw new UserError(
            'directory.size_limit',
            `The directory stopped after ${read.entries.length} entries: its size limit for this account applies even to paged searches. Ask your administrator to raise it, or narrow the filter; until then some people cannot be found.`,
          );
        }
        if (read.entries.length === 0) {
          throw new UserError('directory.no_results', 'The connection works, but no entry under the base DN matches the filter. Check the base DN and the filter.');
        }
        const country = options.defaultCountry();
        const sample = read.entries.slice(0, 3).map((e) => toDirectoryEntry(e, fields.attributes, country).name);
        return { entries: read.entries.length, sample, security };
      });
    },

    search: async (directoryId, query, requestId) => {
      const d = config.get(directoryId);
      if (!d) throw new UserError('directory.not_found', 'This directory is no longer configured; it may have been removed.');
      const key = `${d.id}\u0000${query.toLocaleLowerCase()}`;
      const cached = results.get(key);
      if (cached) return cached;
      const controller = new AbortController();
      running.get(requestId)?.abort();
      running.set(requestId, controller);
      try {
        const result = await searchIn(d, query, controller.signal);
        results.set(key, result);
        trim(results, MAX_CACHED_QUERIES);
        remember(d, result.entries);
        return result;
      } catch (e) {
        if (e instanceof UserError && e.code !== 'directory.canceled') options.log.warn(`directory "${d.name}" search failed: ${e.code}`);
        throw e;
      } finally {
        if (running.get(requestId) === controller) running.delete(requestId);
      }
    },

    probesRefused: () => probes.refused,
    heldBytes: () => {
      let n = 0;
      for (const i of indexes.values()) n += i.bytes;
      for (const r of results.values()) n += estimateBytes(r.entries);
      return n;
    },

    cancelSearch: (requestId) => {
      const controller = running.get(requestId);
      controller?.abort();
      return controller !== undefined;
    },

    recipientNames: (numbers) => {
      const local = options.localNames(numbers);
      const out: RecipientName[] = [];
      for (const number of new Set(numbers)) {
        const name = local.get(number);
        if (name) out.push({ number, name, source: 'phonebook' });
        else {
          const hit = known.get(number);
          if (hit) out.push({ number, name: hit.name, source: hit.source });
        }
      }
      return out;
    },

    close() {
      for (const c of running.values()) c.abort();
      running.clear();
    },
  };
}
