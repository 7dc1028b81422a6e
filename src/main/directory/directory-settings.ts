/**
 * The directory service's settings: the list with each directory's password state, adding, changing and
 * removing a directory (the policy's locked ones refused), and "Test", which reads a few entries.
 */
import crypto from 'node:crypto';
import { MAX_DIRECTORIES, MAX_TEST_COUNT, type DirectoryFields, type DirectoryTestResult, type DirectoryView } from '../../shared/directory/types';
import { UserError } from '../errors';
import { bindPasswordAccount } from './bind-passwords';
import type { SavedDirectory } from './directory-config';
import { readEntries, toDirectoryEntry } from './directory-search';
import { dialing, fieldsOf, forget, passwordFor, validate, type DirectoryRequest, type DirectoryState } from './directory-state';
import { checkedFilter, securityOf, withDirectory, type Security } from './ldap-connection';

/** A directory is the policy's when it reads the same server and base DN (as the policy applies them). */
const policyKeyOf = (d: Pick<DirectoryFields, 'url' | 'baseDn'>) => `${d.url.trim().toLowerCase()} ${d.baseDn.trim().toLowerCase()}`;

/** Where a directory connects as it is configured now (a saved one was checked when saved). */
function securityNow(d: DirectoryFields): Security | null {
  try {
    return securityOf(d);
  } catch {
    return null;
  }
}

/** the policy's entry for a saved directory, if the policy names it */
const policyEntry = (s: DirectoryState, d: Pick<DirectoryFields, 'url' | 'baseDn'>): DirectoryFields | undefined =>
  s.options.policy?.value.find((p) => policyKeyOf(p) === policyKeyOf(d));
const lockedEntry = (s: DirectoryState, d: Pick<DirectoryFields, 'url' | 'baseDn'>) => (s.options.policy?.locked ? policyEntry(s, d) : undefined);

function refuseLocked(d: DirectoryFields): never {
  throw new UserError(
    'settings.locked',
    `Your administrator set the directory "${d.name}" for this computer, so it cannot be changed or removed here (only its password is yours). Ask your IT department to change it.`,
  );
}

/** A stored password counts only where this connection may carry it: the form asks for it otherwise. */
export async function view(s: DirectoryState, d: SavedDirectory): Promise<DirectoryView> {
  const security = securityNow(d);
  const managed = policyEntry(s, d) ? (s.options.policy?.locked ? 'locked' : 'default') : undefined;
  return {
    ...d,
    hasPassword: d.bindDn && security ? (await s.options.passwords.lookup(d.url, d.bindDn, security)).state === 'usable' : false,
    ...(managed ? { managed } : {}),
  };
}

/** A password belongs to its server: the entry of a directory left behind goes, unless another directory uses it. */
async function clearUnusedPassword(s: DirectoryState, previous: SavedDirectory): Promise<void> {
  if (!previous.bindDn) return;
  const key = bindPasswordAccount(previous.url, previous.bindDn);
  if (!s.config.list().some((d) => d.bindDn && bindPasswordAccount(d.url, d.bindDn) === key)) await s.options.passwords.clear(previous.url, previous.bindDn);
}

export async function saveDirectory(s: DirectoryState, input: DirectoryRequest): Promise<DirectoryView> {
  const { config } = s;
  const fields = validate(fieldsOf(input));
  const previous = input.id ? config.get(input.id) : null;
  if (input.id && !previous) throw new UserError('directory.not_found', 'This directory is no longer configured; it may have been removed.');
  // a locked policy directory keeps the policy's fields; its password (the user's) may still be typed
  const locked = previous ? lockedEntry(s, previous) : undefined;
  if (locked && JSON.stringify(fieldsOf(locked)) !== JSON.stringify(fields)) refuseLocked(locked);
  if (!previous && config.list().length >= MAX_DIRECTORIES) {
    throw new UserError('directory.too_many', `FaxDesk searches at most ${MAX_DIRECTORIES} directories.`);
  }
  const saved: SavedDirectory = { ...fields, id: previous?.id ?? crypto.randomUUID() };
  if (input.password !== undefined && saved.bindDn) await s.options.passwords.set(saved.url, saved.bindDn, securityOf(saved), input.password);
  config.put(saved);
  // when this directory moves away from the server of its password
  if (previous?.bindDn && bindPasswordAccount(previous.url, previous.bindDn) !== bindPasswordAccount(saved.url, saved.bindDn || '-')) {
    await clearUnusedPassword(s, previous);
  }
  forget(s, saved.id);
  return view(s, saved);
}

export async function removeDirectory(s: DirectoryState, id: string): Promise<boolean> {
  const previous = s.config.get(id);
  const locked = previous ? lockedEntry(s, previous) : undefined;
  if (locked) refuseLocked(locked);
  const deleted = s.config.remove(id);
  if (previous) await clearUnusedPassword(s, previous);
  forget(s, id);
  return deleted;
}

/** connects and reads a few entries, without saving */
export async function testDirectory(s: DirectoryState, input: DirectoryRequest): Promise<DirectoryTestResult> {
  const fields = validate(fieldsOf(input));
  const password = await passwordFor(s, fields, input.password);
  const base = checkedFilter(fields.filter);
  return withDirectory({ ...fields, password }, { extraCa: s.options.extraCa, ...dialing(s, fields.url) }, async (client, security, guard) => {
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
    const country = s.options.defaultCountry();
    const sample = read.entries.slice(0, 3).map((e) => toDirectoryEntry(e, fields.attributes, country).name);
    return { entries: read.entries.length, sample, security };
  });
}
