/**
 * What the directory service's parts share (directory-service.ts assembles them): the saved directories,
 * the session caches (answers, number indexes, names seen), the running searches and the probe limit;
 * and the checks both saving and searching make (where a directory may connect, its password).
 */
import type { z } from 'zod';
import type { DirectoryEntry, DirectoryFields, DirectorySearchResult, saveDirectoryInputSchema } from '../../shared/directory/types';
import { UserError } from '../errors';
import type { Logger } from '../log';
import { createProbeLimit, type ProbeLimit } from '../net/probe-limit';
import { canonicalServer, type BindPasswords } from './bind-passwords';
import { openDirectoryConfig, type DirectoryConfigStore } from './directory-config';
import { checkedFilter, securityOf } from './ldap-connection';

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

/** All number indexes together, estimated as their JSON size: the oldest goes when a new one would pass it. */
export const MAX_INDEX_BYTES = 8 * 1024 * 1024;

/**
 * Connections to a server that has not answered in LDAP this session, a
 * minute: a test or first search dials a host the window named, so it is a
 * probe (as CONNECTION_TESTS_PER_MINUTE for the fax service).
 */
export const DIRECTORY_PROBES_PER_MINUTE = 10;

/** A directory's fax entries for number look-ups, and whether the directory returned all of them. */
export interface NumberIndex {
  entries: DirectoryEntry[];
  incomplete: null | { reason: 'cap' | 'server_size_limit' | 'bytes'; read: number };
  bytes: number;
}

export interface DirectoryState {
  readonly options: DirectoryServiceOptions;
  readonly config: DirectoryConfigStore;
  // Session caches: cleared for a directory whenever it is saved or deleted.
  readonly results: Map<string, DirectorySearchResult>;
  readonly indexes: Map<string, NumberIndex>;
  /** names of numbers the directories returned this session, and which directory said so */
  readonly known: Map<string, { name: string; source: string }>;
  /** the searches running, by requestId */
  readonly running: Map<string, AbortController>;
  /** servers (scheme://host:port) that answered in LDAP this session: dialing them again probes nothing */
  readonly spokeLdap: Set<string>;
  readonly probes: ProbeLimit;
}

export function createDirectoryState(options: DirectoryServiceOptions): DirectoryState {
  const config = openDirectoryConfig(options.dataDir);
  if (config.movedAside) options.log.warn(`directories file was unreadable and moved to ${config.movedAside}`);
  return {
    options,
    config,
    results: new Map(),
    indexes: new Map(),
    known: new Map(),
    running: new Map(),
    spokeLdap: new Set(),
    probes: createProbeLimit({
      perMinute: DIRECTORY_PROBES_PER_MINUTE,
      ...(options.now ? { now: options.now } : {}),
      refuse: (wait) => new UserError('directory.too_many_tests', `Too many directory tests in a short time. Wait ${wait} seconds and try again.`),
    }),
  };
}

export function estimateBytes(entries: DirectoryEntry[]): number {
  let n = 0;
  for (const e of entries) n += JSON.stringify(e).length * 2;
  return n;
}

/** Keeps the newest `max` keys of a Map (insertion order). */
export function trim<K, V>(map: Map<K, V>, max: number): void {
  while (map.size > max) {
    const oldest = map.keys().next();
    if (oldest.done) return;
    map.delete(oldest.value);
  }
}

/** How to dial this server: a probe (counted, one plain answer) until it has answered in LDAP. */
export function dialing(s: DirectoryState, url: string): { probe: boolean; onLdapAnswer: () => void } {
  const server = canonicalServer(url);
  const probe = !s.spokeLdap.has(server);
  if (probe) s.probes.admit();
  return { probe, onLdapAnswer: () => void s.spokeLdap.add(server) };
}

/** drops a directory's cached answers and number index */
export function forget(s: DirectoryState, id: string): void {
  s.indexes.delete(id);
  for (const k of [...s.results.keys()]) if (k.startsWith(`${id}\u0000`)) s.results.delete(k);
}

export function fieldsOf(input: DirectoryFields): DirectoryFields {
  const { name, url, startTls, allowPlain, bindDn, baseDn, filter, attributes } = input;
  return { name, url, startTls, allowPlain, bindDn, baseDn, filter, attributes };
}

/** The same checks for saving and testing: where it may connect, and a filter the server will take. */
export function validate(fields: DirectoryFields): DirectoryFields {
  securityOf(fields);
  checkedFilter(fields.filter);
  return fields;
}

/**
 * The typed password, else the stored one, but only for a connection at
 * least as protected as the one it was saved with: a directory switched to
 * plain LDAP (by the user or a compromised window) is told to ask again.
 */
export async function passwordFor(s: DirectoryState, fields: DirectoryFields, typed: string | undefined): Promise<string | null> {
  if (!fields.bindDn) return null;
  if (typed !== undefined) return typed;
  const found = await s.options.passwords.lookup(fields.url, fields.bindDn, securityOf(fields));
  if (found.state === 'weaker') {
    throw new UserError(
      'directory.password_weaker',
      'The stored password was saved for an encrypted connection (ldaps or StartTLS), and this directory now connects without encryption, so FaxDesk does not send it. Turn encryption back on, or enter the password again to use it over this connection.',
    );
  }
  return found.state === 'usable' ? found.password : null;
}
