import { z } from 'zod';
import type { ErrorData } from '../error-data';
import { fileHandleSchema } from '../file-handle';
import { REF_PATTERN } from '../tasks/order';
import type { OfficeSenderRef } from '../tasks/types';

/**
 * The office outbox: a PostgreSQL database the office runs, shared by every
 * desk on one fax account (DESIGN.md "Decisions for the office"). The
 * password never appears in these types; the renderer only learns whether
 * one is stored for the server, user and protection shown.
 */

export const DEFAULT_POSTGRES_PORT = 5432;

/**
 * How the connection is protected, strongest first. A password is bound to
 * the protection it was saved with and never goes over a weaker one.
 * - 'tls-verified': TLS, the server's certificate checked against the
 *   system's authorities (and a CA file the user chose) and its name;
 * - 'plain': unencrypted, only to this computer or with the user's consent.
 */
export const PROTECTIONS = ['tls-verified', 'plain'] as const;
export type Protection = (typeof PROTECTIONS)[number];

/** Higher is stronger. */
export function protectionRank(p: Protection): number {
  return PROTECTIONS.length - PROTECTIONS.indexOf(p);
}

const hostSchema = z
  .string()
  .trim()
  .min(1, 'Enter the database server, e.g. db.office.example or 192.168.1.20')
  .max(253)
  .regex(/^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?)$/, 'Enter a host name or an IP address, without http:// or a port');

const identifier = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `Enter the ${what}`)
    .max(63, `A PostgreSQL ${what} has at most 63 characters`)
    .regex(/^[^\s\0]+$/, `A PostgreSQL ${what} has no spaces`);

/** What the user types in Settings → Office outbox (the password apart). */
export const officeFieldsSchema = z
  .object({
    host: hostSchema,
    port: z.number().int().min(1).max(65535),
    database: identifier('database name'),
    user: identifier('user name'),
    /** false: unencrypted (to this computer, or where allowPlain says the network is trusted) */
    tls: z.boolean(),
    /** unencrypted to a host other than this computer: only when the user says so */
    allowPlain: z.boolean(),
    /** who this desk's faxes are from, as other desks see it (default: the OS account's full name) */
    displayName: z.string().trim().max(100),
  })
  .strict();
export type OfficeFields = z.output<typeof officeFieldsSchema>;

/** The CA file to trust beside the system's: keep the one stored, none, or one the user just handed over (by handle). */
export const officeCaChoiceSchema = z.union([z.literal('keep'), z.literal('none'), z.object({ handle: fileHandleSchema }).strict()]);

export const officeInputSchema = z
  .object({
    fields: officeFieldsSchema,
    /** empty: use the password stored for this server, user and protection */
    password: z.string().max(1000),
    caFile: officeCaChoiceSchema,
  })
  .strict();
export type OfficeInput = z.input<typeof officeInputSchema>;

/** How the desk's link to the office database stands. */
export interface OfficeStatus {
  /** off: no office database configured; read-only: its schema is newer than this FaxDesk */
  state: 'off' | 'connecting' | 'online' | 'offline' | 'read-only';
  /** when the server was first found away (ms since epoch), while offline */
  offlineSinceMs: number | null;
  /** local changes the office database has not seen yet */
  pending: number;
  /** why it is offline, as plain data for the window */
  error: ErrorData | null;
}

/** What Settings shows: never the password, never a path. */
export interface OfficeView {
  configured: OfficeFields | null;
  /** a password is stored that may be sent over the configured connection */
  hasPassword: boolean;
  caFileName: string | null;
  status: OfficeStatus;
  /** this computer's name, as other desks will see it */
  computerName: string;
  /** the display name used when the field is left empty */
  defaultDisplayName: string;
  /** set by the machine-wide policy: 'locked' connection fields cannot be changed; 'default' until the user saves; null: not managed */
  managed: 'locked' | 'default' | null;
}

export interface OfficeTestResult {
  protection: Protection;
  /** e.g. "15.8" */
  serverVersion: string;
  /** 0: FaxDesk has not set this database up yet (the first connection will) */
  schemaVersion: number;
}

/** One fax of the office, as every desk sees it (Tasks → Everyone). */
export interface OfficeTaskRow {
  intentId: string;
  taskRef: string | null;
  name: string;
  /** the service's status, or the create state before it answered (as the local Tasks view) */
  status: string;
  senderName: string;
  computerName: string;
  /** the desk it was sent from (the filter by sender) */
  deskId: string;
  /** sent from this desk */
  mine: boolean;
  kind: 'send' | 'resend' | 'auto_retry';
  createdAtMs: number;
  recipients: number;
  success: number;
  failed: number;
  pending: number;
  charges: number;
}

export const OFFICE_PAGE_SIZE = 50;

export const officeTasksInputSchema = z
  .object({
    offset: z.number().int().min(0).max(10_000_000).default(0),
    limit: z.number().int().min(1).max(200).default(OFFICE_PAGE_SIZE),
    /** only this desk's faxes (Tasks → Everyone's filter by sender); absent: every desk's */
    senderDeskId: z.string().min(1).max(200).optional(),
  })
  .strict();
export type OfficeTasksQuery = z.output<typeof officeTasksInputSchema>;

/** A desk that has sent a fax to the office database: a choice of the filter by sender. */
export interface OfficeSender {
  deskId: string;
  /** the name the desk goes by now */
  name: string;
  computerName: string;
  mine: boolean;
}

export interface OfficeTaskList {
  rows: OfficeTaskRow[];
  /** the faxes the filter lets through, across all pages */
  total: number;
  /** every desk with a fax in the office database, by name */
  senders: OfficeSender[];
}

/** What one desk's faxes cost since the start of the month (Account → spent this month, per person). */
export interface OfficeSpendingRow {
  deskId: string;
  /** the name the desk goes by now */
  name: string;
  computerName: string;
  mine: boolean;
  /** charges of its faxes created since `sinceMs`, in yuan */
  charges: number;
  faxes: number;
}

export interface OfficeSpending {
  /** the start of this month, local time (ms since epoch) */
  sinceMs: number;
  /** most spent first */
  rows: OfficeSpendingRow[];
  total: number;
}

/** A resend of an office fax by any desk: "Resent as … by …" under the original. */
export interface OfficeResend {
  taskRef: string | null;
  name: string;
  by: OfficeSenderRef;
  createdAtMs: number;
  /** the resend task's status (or its create state while it has none) */
  status: string;
  phoneNumbers: string[];
}

export const officeFailuresInputSchema = z
  .object({
    /** failures of faxes created in the last `days` days: the Failures screen's window (and the badge's) */
    days: z.number().int().min(1).max(365),
  })
  .strict();

export const officeResendsInputSchema = z.object({ taskRef: z.string().regex(REF_PATTERN) }).strict();
