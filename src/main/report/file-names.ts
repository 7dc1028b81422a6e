/**
 * Names of the files saved from a task: the fax's name and its date, as a
 * person would file them ("Price list 2026-11-27 transmission report.pdf"),
 * not the service's reference. Characters no file system takes are replaced;
 * Chinese and other letters stay.
 */
import type { TaskDetailView } from '../../shared/tasks/types';

/** the longest name part kept (file systems allow 255 bytes; a CJK character is 3 in UTF-8) */
const MAX_NAME = 60;

/** what is left of a task name once it is safe as part of a file name on Windows, macOS and Linux */
export function fileNamePart(name: string): string {
  const cleaned = name
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    // Windows refuses names ending in a dot or a space.
    .replace(/[. ]+$/, '');
  const chars = [...cleaned];
  const clipped = chars.length > MAX_NAME ? chars.slice(0, MAX_NAME).join('').trim() : cleaned;
  // A name Windows reserves (CON, NUL, COM1…) or nothing left at all: the date alone says which fax.
  return /^(con|prn|aux|nul|com\d|lpt\d)$/i.test(clipped) ? '' : clipped;
}

/** the local calendar date of the task (created, else scheduled, else now): YYYY-MM-DD */
function dateOf(detail: TaskDetailView, now: number, timeZone?: string): string {
  const ms = detail.task.createdAtMs ?? detail.task.scheduledAtMs ?? now;
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', ...(timeZone ? { timeZone } : {}) }).format(new Date(ms));
}

export type SavedKind = 'report' | 'csv';

const WHAT: Record<SavedKind, string> = { report: 'transmission report', csv: 'recipients' };
const EXT: Record<SavedKind, string> = { report: 'pdf', csv: 'csv' };

/** e.g. "Price list 2026-11-27 transmission report.pdf", "Price list 2026-11-27 recipients (demo).csv" */
export function savedFileName(kind: SavedKind, detail: TaskDetailView, opts: { now?: number; timeZone?: string } = {}): string {
  const name = fileNamePart(detail.task.name);
  const date = dateOf(detail, opts.now ?? Date.now(), opts.timeZone);
  const demo = detail.task.demo ? ' (demo)' : '';
  return `${name ? `${name} ` : 'Fax '}${date} ${WHAT[kind]}${demo}.${EXT[kind]}`;
}
