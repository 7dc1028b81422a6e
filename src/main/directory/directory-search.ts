/**
 * What a directory search asks and how its answer becomes phonebook entries.
 * Names and companies are searched by the server (substring filters on the
 * mapped attributes). Numbers cannot be: OpenLDAP's facsimileTelephoneNumber
 * has no matching rule at all and AD compares it as text with its spaces,
 * so a number search reads the directory's fax entries once per session and
 * matches digits here, normalized like typed numbers.
 */
import type { Client, Entry } from 'ldapts';
import { Filter } from 'ldapts';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { normalizeNumber } from '../../shared/phone/parse';
import { toCountry } from '../../shared/phone/normalize';
import type { DirectoryAttributes, DirectoryEntry, DirectoryNumber } from '../../shared/directory/types';
import { DIRECTORY_BYTE_LIMITS, type ByteGuard } from './byte-guard';
import { LDAP_LIMITS } from './ldap-connection';

export interface ReadResult {
  entries: Entry[];
  /** why this is not every matching entry: FaxDesk's cap, the server's size limit, or the byte limits (byte-guard.ts) */
  truncated: null | 'cap' | 'server_size_limit' | 'bytes';
}

/**
 * Pages through a search until it ends or `cap` entries were read. Where the
 * byte guard ended the connection or dropped an oversized entry, what was
 * read is kept and marked incomplete.
 */
export async function readEntries(client: Client, baseDn: string, filter: string, attributes: string[], cap: number, guard?: ByteGuard): Promise<ReadResult> {
  const entries: Entry[] = [];
  const pages = client.searchPaginated(baseDn, {
    scope: 'sub',
    filter,
    attributes,
    timeLimit: LDAP_LIMITS.serverTimeLimitS,
    paged: { pageSize: Math.min(LDAP_LIMITS.pageSize, cap + 1) },
  });
  try {
    for await (const page of pages) {
      entries.push(...page.searchEntries);
      if (entries.length > cap) return { entries: entries.slice(0, cap), truncated: 'cap' };
    }
  } catch (e) {
    if (guard?.tripped) return { entries, truncated: 'bytes' };
    // A server that caps even paged results: what was read is still good, if there is any.
    if ((e as Error).name === 'SizeLimitExceededError' && entries.length > 0) return { entries, truncated: 'server_size_limit' };
    throw e;
  }
  return { entries, truncated: guard && guard.droppedEntries > 0 ? 'bytes' : null };
}

export function requestedAttributes(a: DirectoryAttributes): string[] {
  return [...new Set([...a.name, ...a.company, ...a.fax, ...a.extraFax])];
}

/** A search that is a number (digits and the usual separators, at least 3 digits). */
export function isNumberQuery(query: string): boolean {
  const q = query.normalize('NFKC').trim();
  return /^[\d\s+\-().]+$/.test(q) && q.replace(/\D/g, '').length >= 3;
}

/** Digit strings that, found inside a normalized number, mean it matches the query. */
export function numberTerms(query: string, defaultCountry: string): string[] {
  const folded = query.normalize('NFKC');
  const digits = folded.replace(/\D/g, '');
  const terms = new Set<string>();
  // Without the trunk 0 or the 00 prefix: 010 8888 and +86 10 8888 both contain 108888.
  const stripped = digits.replace(/^0+/, '');
  if (stripped.length >= 3) terms.add(stripped);
  try {
    const parsed = parsePhoneNumberFromString(folded, { defaultCountry: toCountry(defaultCountry) ?? 'CN' });
    if (parsed?.nationalNumber && parsed.nationalNumber.length >= 3) terms.add(String(parsed.nationalNumber));
  } catch {
    // not a number libphonenumber can read: the digits alone decide
  }
  return [...terms];
}

export function numberMatches(entry: DirectoryEntry, terms: string[]): boolean {
  return entry.numbers.some((n) => {
    const digits = n.ok ? n.number : n.raw.replace(/\D/g, '');
    return terms.some((t) => digits.includes(t));
  });
}

/**
 * Asks the server for the numbers directly: `(&base(|(fax=*digits*)…))`,
 * each term escaped. Directories whose fax attributes have a substring rule
 * (Active Directory; telephoneNumberSubstringsMatch ignores spaces and
 * hyphens) answer it; OpenLDAP's facsimileTelephoneNumber has none, so this
 * complements the index, never replaces it.
 */
export function numberFilter(baseFilter: string, attributes: DirectoryAttributes, terms: string[]): string {
  const clauses = [...new Set([...attributes.fax, ...attributes.extraFax])].flatMap((a) => terms.map((t) => `(${a}=*${Filter.escape(t)}*)`));
  return `(&${baseFilter}(|${clauses.join('')}))`;
}

/** `(&base(|(displayName=*q*)(cn=*q*)(o=*q*)…))` with the query escaped. */
export function nameFilter(baseFilter: string, attributes: DirectoryAttributes, query: string): string {
  const text = Filter.escape(query.trim());
  const clauses = [...new Set([...attributes.name, ...attributes.company])].map((a) => `(${a}=*${text}*)`);
  return `(&${baseFilter}(|${clauses.join('')}))`;
}

function values(entry: Entry, attribute: string): string[] {
  const key = Object.keys(entry).find((k) => k.toLowerCase() === attribute.toLowerCase());
  if (!key) return [];
  const v = entry[key];
  const list = Array.isArray(v) ? v : v === undefined ? [] : [v];
  // A value over the per-value limit is no name or number anyone types: dropped, never kept or shown.
  return list
    .filter((x) => (Buffer.isBuffer(x) ? x.length : Buffer.byteLength(String(x))) <= DIRECTORY_BYTE_LIMITS.valueBytes)
    .map((x) => (Buffer.isBuffer(x) ? x.toString('utf8') : String(x)).trim())
    .filter((x) => x !== '');
}

function first(entry: Entry, attributes: string[]): string | null {
  for (const a of attributes) {
    const v = values(entry, a)[0];
    if (v) return v;
  }
  return null;
}

/** The fax syntax may carry "$parameters" after the number (RFC 4517 3.3.11). */
function faxValue(raw: string): string {
  return raw.split('$')[0]!.trim();
}

export function toDirectoryEntry(entry: Entry, attributes: DirectoryAttributes, defaultCountry: string): DirectoryEntry {
  const raws = [...attributes.fax, ...attributes.extraFax].flatMap((a) => values(entry, a).map(faxValue));
  const seen = new Set<string>();
  const numbers: DirectoryNumber[] = [];
  for (const raw of raws) {
    const n = normalizeNumber(raw, defaultCountry);
    const key = n.ok ? n.number : `raw:${raw}`;
    if (seen.has(key)) continue;
    seen.add(key);
    numbers.push(n.ok ? { raw, ok: true, number: n.number, unlikely: n.unlikely === true } : { raw, ok: false, reason: n.reason, message: n.message });
  }
  return {
    dn: entry.dn,
    name: first(entry, attributes.name) ?? entry.dn,
    company: first(entry, attributes.company),
    numbers,
  };
}
