import path from 'node:path';
import { z } from 'zod';
import { readSmallFileSync } from '../files/small-file';

/**
 * The sidecar the CUPS backend writes next to each printed PDF
 * (".<pdf name>.faxdesk.json", renamed into place before the PDF): the job's
 * title and its CUPS options, where `lp -o phone=…` puts the fax numbers.
 */
export const PRINT_SIDECAR_SUFFIX = '.faxdesk.json';

export function sidecarPathFor(documentPath: string): string {
  return path.join(path.dirname(documentPath), `.${path.basename(documentPath)}${PRINT_SIDECAR_SUFFIX}`);
}

/**
 * The largest sidecar read: the schema's title and options (4,096 and 65,536 characters) written as JSON,
 * every character escaped (\uXXXX), fit well within it. Anyone who can write to the hot folder can put a
 * file under a sidecar's name; it is read on the main thread, so never more than this (print-job.test.ts).
 */
export const MAX_SIDECAR_BYTES = 512 * 1024;

/** A sidecar's text: null when there is none, or it is not a regular file of at most MAX_SIDECAR_BYTES (a link in its place is not followed). */
export function readSidecar(documentPath: string): string | null {
  try {
    return readSmallFileSync(sidecarPathFor(documentPath), { maxBytes: MAX_SIDECAR_BYTES, followLinks: false }).toString('utf8');
  } catch {
    return null;
  }
}

const sidecarSchema = z.object({
  version: z.literal(1),
  job: z.number().int().nonnegative(),
  title: z.string().max(4096).default(''),
  options: z.string().max(65536).default(''),
});

export interface PrintJobInfo {
  job: number;
  /** numbers given with `-o phone=…` (several, comma-separated), as typed */
  recipients: string[];
  /** the job title (`lp -t`, the document name in a print dialog), for the task name */
  name: string | null;
}

/** At most this many numbers are taken from a job: the Send screen's own limit per send is far above a print dialog's use. */
const MAX_JOB_RECIPIENTS = 500;

/**
 * Splits a CUPS option string the way cupsParseOptions does: space-separated
 * name=value pairs, values possibly quoted with ' or " and with backslash
 * escapes. Unknown shapes are skipped, never thrown on: the string comes from
 * whoever printed.
 */
export function parseCupsOptions(s: string): Map<string, string> {
  const out = new Map<string, string>();
  let i = 0;
  const n = s.length;
  while (i < n) {
    while (i < n && /\s/.test(s[i]!)) i++;
    let name = '';
    while (i < n && !/[\s=]/.test(s[i]!)) name += s[i++];
    if (!name) {
      i++;
      continue;
    }
    if (s[i] !== '=') {
      // a bare name is a boolean option set to true
      out.set(name, 'true');
      continue;
    }
    i++;
    let value = '';
    while (i < n && !/\s/.test(s[i]!)) {
      const c = s[i]!;
      if (c === '\\' && i + 1 < n) {
        value += s[i + 1];
        i += 2;
      } else if (c === "'" || c === '"') {
        i++;
        while (i < n && s[i] !== c) {
          if (s[i] === '\\' && i + 1 < n) i++;
          value += s[i++];
        }
        i++;
      } else {
        value += c;
        i++;
      }
    }
    out.set(name, value);
  }
  return out;
}

/** Phone numbers from the job's options: `phone` (and `faxnumber`), comma-separated. */
export function recipientsFromOptions(options: Map<string, string>): string[] {
  const out: string[] = [];
  for (const key of ['phone', 'faxnumber']) {
    for (const part of (options.get(key) ?? '').split(/[,;]/)) {
      const number = part.trim();
      if (number && !out.includes(number) && out.length < MAX_JOB_RECIPIENTS) out.push(number.slice(0, 64));
    }
  }
  return out;
}

/** The job information for a printed document, or null when there is no (readable) sidecar. */
export function readPrintJob(documentPath: string): PrintJobInfo | null {
  const raw = readSidecar(documentPath);
  if (raw === null) return null;
  let data: z.infer<typeof sidecarSchema>;
  try {
    data = sidecarSchema.parse(JSON.parse(raw));
  } catch {
    return null;
  }
  // control characters never belong in a task name (the backend drops them too)
  const name = [...data.title].filter((c) => c >= ' ' && c !== '\u007f').join('').trim().slice(0, 255);
  return { job: data.job, recipients: recipientsFromOptions(parseCupsOptions(data.options)), name: name || null };
}
