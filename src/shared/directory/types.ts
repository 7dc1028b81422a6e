import { z } from 'zod';
import type { PhoneReason } from '../phone/parse';

/**
 * Directory phonebooks: an LDAP / Active Directory server the office already
 * runs, read-only. The bind password never appears in any of these types'
 * results; the renderer only learns whether one is stored.
 */

export const DEFAULT_DIRECTORY_FILTER = '(facsimileTelephoneNumber=*)';
export const DEFAULT_ATTRIBUTES = {
  name: ['displayName', 'cn'],
  company: ['o', 'company'],
  fax: ['facsimileTelephoneNumber'],
  extraFax: ['otherFacsimileTelephoneNumber'],
} as const;
/** Entries one search returns at most; more is reported as truncated. */
export const MAX_DIRECTORY_RESULTS = 200;
export const MAX_DIRECTORIES = 20;

const attributeName = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9-]{0,63}$/, 'An attribute name has letters, digits and hyphens, e.g. displayName');
const attributeList = (min: number) => z.array(attributeName).min(min).max(8);

export const directoryAttributesSchema = z
  .object({
    name: attributeList(1),
    company: attributeList(0),
    fax: attributeList(1),
    extraFax: attributeList(0),
  })
  .strict();
export type DirectoryAttributes = z.output<typeof directoryAttributesSchema>;

const urlSchema = z
  .string()
  .trim()
  .min(1, 'Enter the server address, e.g. ldaps://dc1.example.com')
  .max(500)
  .refine((u) => {
    try {
      const p = new URL(u);
      return (p.protocol === 'ldap:' || p.protocol === 'ldaps:') && p.hostname !== '' && (p.pathname === '' || p.pathname === '/') && !p.username && !p.password && !p.search && !p.hash;
    } catch {
      return false;
    }
  }, 'Use ldaps://host[:port] or ldap://host[:port], without a path');

/** C0 control characters and DEL: a CR/LF in a DN or filter would reach the server (or a line-based listener) raw. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
const withoutControls = (schema: z.ZodString, what: string) =>
  schema.refine((s) => !CONTROL.test(s), `${what} cannot contain line breaks, tabs or other control characters`);

/** What the user types in the Add directory form (the password apart). */
export const directoryFieldsSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter a name for this directory').max(100),
    url: urlSchema,
    /** ldap:// upgraded with StartTLS before binding */
    startTls: z.boolean(),
    /** ldap:// without TLS to a host other than this computer: only when the user says so */
    allowPlain: z.boolean(),
    /** empty: anonymous bind */
    bindDn: withoutControls(z.string().trim().max(1000), 'The bind DN'),
    baseDn: withoutControls(z.string().trim().min(1, 'Enter the base DN, e.g. ou=people,dc=example,dc=com').max(1000), 'The base DN'),
    filter: withoutControls(z.string().trim().max(2000), 'The filter'),
    attributes: directoryAttributesSchema,
  })
  .strict();
export type DirectoryFields = z.output<typeof directoryFieldsSchema>;

const passwordSchema = z.string().min(1).max(1000);
const idSchema = z.string().min(1).max(64);

export const saveDirectoryInputSchema = directoryFieldsSchema
  .extend({
    /** omitted: a new directory */
    id: idSchema.optional(),
    /** omitted: keep the stored password for this server and bind DN, if any */
    password: passwordSchema.optional(),
  })
  .strict();
export type SaveDirectoryInput = z.input<typeof saveDirectoryInputSchema>;

export const testDirectoryInputSchema = saveDirectoryInputSchema;
export type TestDirectoryInput = z.input<typeof testDirectoryInputSchema>;

export const directoryIdInputSchema = z.object({ id: idSchema }).strict();

export const searchDirectoryInputSchema = z
  .object({
    directoryId: idSchema,
    query: z.string().trim().min(1).max(200),
    /** chosen by the renderer so it can cancel this search */
    requestId: z.string().min(1).max(64),
  })
  .strict();

export const cancelDirectorySearchInputSchema = z.object({ requestId: z.string().min(1).max(64) }).strict();

export const recipientNamesInputSchema = z.object({ numbers: z.array(z.string().max(32)).max(1000) }).strict();

/** A saved directory as the renderer sees it. */
export interface DirectoryView extends DirectoryFields {
  id: string;
  /** a bind password for this server and bind DN is in the keychain */
  hasPassword: boolean;
  /** set by the machine-wide policy: 'locked' cannot be changed or removed here, 'default' may be */
  managed?: 'locked' | 'default';
}

export type DirectoryNumber =
  | { raw: string; ok: true; number: string; unlikely: boolean }
  | { raw: string; ok: false; reason: PhoneReason; message: string };

export interface DirectoryEntry {
  /** the entry's DN: stable within its directory */
  dn: string;
  name: string;
  company: string | null;
  /** every fax value of the entry, normalized like typed numbers; bad ones carry their reason */
  numbers: DirectoryNumber[];
}

export interface DirectorySearchResult {
  directoryId: string;
  entries: DirectoryEntry[];
  /**
   * not every match is here: FaxDesk's cap on results, the server's size
   * limit, or the byte limits on what a directory may send; `read` is how many
   * entries the directory returned before it stopped (a number search reads
   * the whole directory, so people after them may be missing)
   */
  truncated: null | { reason: 'cap' | 'server_size_limit' | 'bytes'; shown: number; read?: number };
}

export interface DirectoryTestResult {
  /** entries under the base DN that match the filter (counted up to `MAX_TEST_COUNT`) */
  entries: number;
  /** up to three names, to show the mapping reads the right attributes */
  sample: string[];
  /** how the connection was protected */
  security: 'ldaps' | 'starttls' | 'none';
}
export const MAX_TEST_COUNT = 10_000;

export interface RecipientName {
  number: string;
  name: string;
  /** 'phonebook' for local contacts, else the directory's name */
  source: string;
}
