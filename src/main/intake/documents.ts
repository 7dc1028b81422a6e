import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ACCEPTED_DOCUMENT_EXTENSIONS,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENTS,
  isAcceptedDocumentName,
  type DocumentSource,
  type DocumentsOffered,
  type OfferedDocument,
  type RejectedDocument,
  type RejectReason,
} from '../../shared/ipc/channels/intake';
import type { PlatformDeps } from '../app-context';
import { createFileGrants, type FileGrants } from '../files/grants';

export { ACCEPTED_DOCUMENT_EXTENSIONS, MAX_DOCUMENTS };

export interface ArgvOptions {
  /**
   * Leading entries that are never documents: 1 for a packaged app (the
   * executable), 2 when run as `electron <app-dir>` in development.
   */
  skip?: number;
}

function existingNonDirectory(p: string): boolean {
  try {
    return !fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The documents named on a command line. Switches are skipped wherever they
 * are, because Chromium appends its own (--allow-file-access-from-files,
 * --original-process-start-time=...) and may reorder argv on the way to
 * `second-instance`. Relative paths are resolved against the launching
 * process's directory, not ours. Missing paths and directories are dropped
 * here (they are shell noise such as the app folder in development);
 * existing files of the wrong type still reach the queue, which tells the user.
 */
export function documentPathsFromArgv(argv: readonly string[], cwd: string, options: ArgvOptions = {}): string[] {
  const out: string[] = [];
  for (const arg of argv.slice(options.skip ?? 1)) {
    if (!arg || arg.startsWith('-')) continue;
    let candidate = arg;
    // Linux desktop launchers may pass URIs (%U)
    if (/^file:\/\//i.test(arg)) {
      try {
        candidate = fileURLToPath(arg);
      } catch {
        continue;
      }
    } else if (/^[a-z][a-z0-9+.-]+:\/\//i.test(arg)) {
      continue;
    }
    const resolved = path.resolve(cwd, candidate);
    if (existingNonDirectory(resolved) && !out.includes(resolved)) out.push(resolved);
  }
  return out;
}

export type Inspection = { ok: true; document: OfferedDocument } | { ok: false; rejected: RejectedDocument };

/** Checks one file the way the upload will need it: there, a file, a type the service takes, readable, within limits. */
export function inspectDocument(filePath: string, source: DocumentSource, grants: FileGrants): Inspection {
  const abs = path.resolve(filePath);
  const name = path.basename(abs);
  const reject = (reason: RejectReason): Inspection => ({ ok: false, rejected: { name, reason, source } });
  let stat: fs.Stats;
  try {
    stat = fs.statSync(abs);
  } catch {
    return reject('not_found');
  }
  if (!stat.isFile()) return reject('not_a_file');
  if (!isAcceptedDocumentName(name)) return reject('unsupported_type');
  if (stat.size === 0) return reject('empty');
  if (stat.size > MAX_DOCUMENT_BYTES) return reject('too_large');
  try {
    fs.accessSync(abs, fs.constants.R_OK);
  } catch {
    return reject('unreadable');
  }
  // The file came through the user's hand (argv, open-file, hot folder, printer): the window gets a handle to it.
  return { ok: true, document: { id: crypto.randomUUID(), handle: grants.grant(abs, 'input'), name, size: stat.size, source } };
}

function overflowOf(documents: readonly OfferedDocument[]): number {
  return Math.max(0, documents.length - MAX_DOCUMENTS);
}

/**
 * Where every incoming document waits until the Send screen takes it. The
 * event reaches a Send screen that is already open; the pending list covers
 * the one that is not yet (documents opened while the window is loading, or
 * closed to the tray).
 */
export class IntakeQueue {
  private pending: OfferedDocument[] = [];
  private rejected: RejectedDocument[] = [];

  constructor(
    private readonly deps: Pick<PlatformDeps, 'emit'>,
    /** the run's capabilities: every offered document is granted (the same path gets the same handle) */
    readonly grants: FileGrants = createFileGrants(),
  ) {}

  offer(paths: readonly string[], source: DocumentSource): DocumentsOffered {
    const documents: OfferedDocument[] = [];
    const rejected: RejectedDocument[] = [];
    for (const p of paths) {
      const result = inspectDocument(path.resolve(p), source, this.grants);
      // the same file twice in one offer is one document (same path, same handle)
      if (result.ok && documents.some((d) => d.handle === result.document.handle)) continue;
      if (result.ok) documents.push(result.document);
      else rejected.push(result.rejected);
    }
    const offered: DocumentsOffered = { documents, rejected, overflow: overflowOf(documents) };
    if (documents.length === 0 && rejected.length === 0) return offered;
    // a path already waiting is superseded, not listed twice (the file may have been replaced)
    this.pending = this.pending.filter((p) => !documents.some((d) => d.handle === p.handle)).concat(documents);
    this.rejected.push(...rejected);
    this.deps.emit('documentsOffered', offered);
    // bring the Send screen up; it claims the documents with takePendingDocuments
    if (documents.length > 0) this.deps.emit('navigate', { route: 'send' });
    return offered;
  }

  /** Hands over and forgets everything not yet taken. */
  take(): DocumentsOffered {
    const documents = this.pending;
    const rejected = this.rejected;
    this.pending = [];
    this.rejected = [];
    return { documents, rejected, overflow: overflowOf(documents) };
  }

  peek(): DocumentsOffered {
    return { documents: [...this.pending], rejected: [...this.rejected], overflow: overflowOf(this.pending) };
  }
}
