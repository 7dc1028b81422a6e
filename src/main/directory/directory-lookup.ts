/**
 * The directory service's searches: by name (the server filters) or by number (digits matched locally in
 * a session index of the directory's fax entries), cached per query, and the names they taught this
 * session for the numbers a fax goes to.
 */
import { MAX_DIRECTORY_RESULTS, type DirectoryEntry, type DirectorySearchResult, type RecipientName } from '../../shared/directory/types';
import { UserError } from '../errors';
import type { SavedDirectory } from './directory-config';
import { isNumberQuery, nameFilter, numberFilter, numberMatches, numberTerms, readEntries, requestedAttributes, toDirectoryEntry } from './directory-search';
import { dialing, estimateBytes, MAX_INDEX_BYTES, passwordFor, trim, type DirectoryState, type NumberIndex } from './directory-state';
import { checkedFilter, withDirectory } from './ldap-connection';

/** Entries a number search reads to match digits locally (once per session). */
const MAX_INDEX = 20_000;
const MAX_CACHED_QUERIES = 500;
const MAX_KNOWN_NAMES = 20_000;

/** what every read of one search shares: the directory, where to connect, the filter, the attributes, the country */
interface SearchContext {
  d: SavedDirectory;
  target: SavedDirectory & { password: string | null };
  connect: { signal: AbortSignal; extraCa: string[] | undefined };
  base: string;
  attributes: string[];
  country: string;
}

/** Keeps an index within the budget of all indexes, dropping the oldest (rebuilt when next asked); one over the budget alone is not kept. */
function keepIndex(s: DirectoryState, id: string, index: NumberIndex): void {
  const { indexes } = s;
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
}

async function numberIndex(s: DirectoryState, c: SearchContext): Promise<NumberIndex> {
  const { d } = c;
  const kept = s.indexes.get(d.id);
  if (kept) return kept;
  const read = await withDirectory(c.target, { ...c.connect, ...dialing(s, d.url) }, (client, _security, guard) =>
    readEntries(client, d.baseDn, c.base, c.attributes, MAX_INDEX, guard),
  );
  const entries = read.entries.map((e) => toDirectoryEntry(e, d.attributes, c.country));
  const index = { entries, incomplete: read.truncated ? { reason: read.truncated, read: read.entries.length } : null, bytes: estimateBytes(entries) };
  keepIndex(s, d.id, index);
  return index;
}

/** The people past where the directory stopped: ask the server for the number itself (escaped filter). */
async function askServerForNumber(s: DirectoryState, c: SearchContext, terms: ReturnType<typeof numberTerms>, hits: DirectoryEntry[]): Promise<void> {
  const { d } = c;
  const seen = new Set(hits.map((e) => e.dn));
  const direct = await withDirectory(c.target, { ...c.connect, ...dialing(s, d.url) }, (client, _security, guard) =>
    readEntries(client, d.baseDn, numberFilter(c.base, d.attributes, terms), c.attributes, MAX_DIRECTORY_RESULTS, guard),
  ).catch((e: unknown) => {
    if (e instanceof UserError && e.code === 'directory.canceled') throw e;
    return null;
  });
  for (const e of direct?.entries ?? []) {
    const entry = toDirectoryEntry(e, d.attributes, c.country);
    if (!seen.has(entry.dn) && numberMatches(entry, terms)) hits.push(entry);
  }
}

async function searchByNumber(s: DirectoryState, c: SearchContext, query: string): Promise<DirectorySearchResult> {
  const index = await numberIndex(s, c);
  const terms = numberTerms(query, c.country);
  const hits = index.entries.filter((e) => numberMatches(e, terms));
  if (index.incomplete) await askServerForNumber(s, c, terms, hits);
  const entries = hits.slice(0, MAX_DIRECTORY_RESULTS);
  if (hits.length > entries.length) return { directoryId: c.d.id, entries, truncated: { reason: 'cap', shown: entries.length } };
  // Incomplete stays incomplete: the answer says where the directory stopped, even when it found someone.
  const truncated = index.incomplete ? { reason: index.incomplete.reason, shown: entries.length, read: index.incomplete.read } : null;
  return { directoryId: c.d.id, entries, truncated };
}

async function searchByName(s: DirectoryState, c: SearchContext, query: string): Promise<DirectorySearchResult> {
  const { d } = c;
  const read = await withDirectory(c.target, { ...c.connect, ...dialing(s, d.url) }, (client, _security, guard) =>
    readEntries(client, d.baseDn, nameFilter(c.base, d.attributes, query), c.attributes, MAX_DIRECTORY_RESULTS, guard),
  );
  const entries = read.entries.map((e) => toDirectoryEntry(e, d.attributes, c.country));
  entries.sort((a, b) => a.name.localeCompare(b.name, 'zh-CN'));
  return { directoryId: d.id, entries, truncated: read.truncated ? { reason: read.truncated, shown: entries.length } : null };
}

async function searchIn(s: DirectoryState, d: SavedDirectory, query: string, signal: AbortSignal): Promise<DirectorySearchResult> {
  const password = await passwordFor(s, d, undefined);
  const c: SearchContext = {
    d,
    target: { ...d, password },
    attributes: requestedAttributes(d.attributes),
    base: checkedFilter(d.filter),
    country: s.options.defaultCountry(),
    connect: { signal, extraCa: s.options.extraCa },
  };
  return isNumberQuery(query) ? searchByNumber(s, c, query) : searchByName(s, c, query);
}

function remember(s: DirectoryState, d: SavedDirectory, entries: DirectoryEntry[]): void {
  for (const e of entries) {
    for (const n of e.numbers) {
      if (!n.ok) continue;
      s.known.delete(n.number);
      s.known.set(n.number, { name: e.name, source: d.name });
    }
  }
  trim(s.known, MAX_KNOWN_NAMES);
}

/** a search replaces the one still running under the same requestId */
export async function search(s: DirectoryState, directoryId: string, query: string, requestId: string): Promise<DirectorySearchResult> {
  const { running, results } = s;
  const d = s.config.get(directoryId);
  if (!d) throw new UserError('directory.not_found', 'This directory is no longer configured; it may have been removed.');
  const key = `${d.id}\u0000${query.toLocaleLowerCase()}`;
  const cached = results.get(key);
  if (cached) return cached;
  const controller = new AbortController();
  running.get(requestId)?.abort();
  running.set(requestId, controller);
  try {
    const result = await searchIn(s, d, query, controller.signal);
    results.set(key, result);
    trim(results, MAX_CACHED_QUERIES);
    remember(s, d, result.entries);
    return result;
  } catch (e) {
    if (e instanceof UserError && e.code !== 'directory.canceled') s.options.log.warn(`directory "${d.name}" search failed: ${e.code}`);
    throw e;
  } finally {
    if (running.get(requestId) === controller) running.delete(requestId);
  }
}

/** what the session caches hold, estimated as JSON (the number indexes and the kept answers) */
export function heldBytes(s: DirectoryState): number {
  let n = 0;
  for (const i of s.indexes.values()) n += i.bytes;
  for (const r of s.results.values()) n += estimateBytes(r.entries);
  return n;
}

/** names for numbers: the phonebook's first, then those the directories returned this session */
export function recipientNames(s: DirectoryState, numbers: string[]): RecipientName[] {
  const local = s.options.localNames(numbers);
  const out: RecipientName[] = [];
  for (const number of new Set(numbers)) {
    const name = local.get(number);
    if (name) out.push({ number, name, source: 'phonebook' });
    else {
      const hit = s.known.get(number);
      if (hit) out.push({ number, name: hit.name, source: hit.source });
    }
  }
  return out;
}
