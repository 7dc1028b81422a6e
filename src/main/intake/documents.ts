import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACCEPTED_DOCUMENT_EXTENSIONS, MAX_DOCUMENTS, documentRuleProblem } from '../../shared/send/limits';
import {
  type DocumentSource,
  type DocumentsOffered,
  type OfferedDocument,
  type PrintedJob,
  type RejectedDocument,
  type RejectReason,
} from '../../shared/intake/types';
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

function isDirectory(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** smb://, http://, sftp://… (two letters at least: "C:/" is a Windows drive) */
export function isRemoteUrl(s: string): boolean {
  return /^[a-z][a-z0-9+.-]+:\/\//i.test(s) && !/^file:/i.test(s);
}

/**
 * The documents named on a command line. Switches are skipped wherever they
 * are, because Chromium appends its own (--allow-file-access-from-files,
 * --original-process-start-time=...) and may reorder argv on the way to
 * `second-instance`. Relative paths are resolved against the launching
 * process's directory, not ours. Directories are dropped here (shell noise
 * such as the app folder in development); missing files, files of the wrong
 * type and URLs other than file:// (smb://…) reach the queue, which lists
 * them with the reason, so nothing the user opened disappears silently.
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
        if (!out.includes(arg)) out.push(arg);
        continue;
      }
    } else if (isRemoteUrl(arg)) {
      if (!out.includes(arg)) out.push(arg);
      continue;
    }
    const resolved = path.resolve(cwd, candidate);
    if (!isDirectory(resolved) && !out.includes(resolved)) out.push(resolved);
  }
  return out;
}

export type Inspection = { ok: true; document: OfferedDocument } | { ok: false; rejected: RejectedDocument };

/** Checks one file the way the upload will need it: there, a file, a type the service takes, readable, within limits. */
export function inspectIncoming(filePath: string, source: DocumentSource, grants: FileGrants): Inspection {
  if (isRemoteUrl(filePath) || /^file:/i.test(filePath)) {
    const name = decodeURIComponent(filePath.split(/[\\/]/).filter(Boolean).pop() ?? filePath);
    return { ok: false, rejected: { name, reason: 'not_local', source } };
  }
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
  const broken = documentRuleProblem(name, stat.size);
  if (broken) return reject(broken);
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
export interface OfferExtras {
  /** printed documents' job information, by absolute path */
  jobs?: ReadonlyMap<string, PrintedJob>;
  /** documents printed while FaxDesk was not running, found at start */
  waitingPrinted?: number;
  /** a file that cannot be sent, before it is announced (the hot folder files it under failed/ and says so) */
  onRejected?: (filePath: string, rejected: RejectedDocument) => RejectedDocument;
}

export class IntakeQueue {
  private pending: OfferedDocument[] = [];
  /**
   * Handed to the window and not yet on its form (the window says so with `claim`): handed over again
   * by every `take`, so a window reloaded or closed between taking and attaching them loses nothing
   * (the window drops ids it already has).
   */
  private handed: OfferedDocument[] = [];
  private rejected: RejectedDocument[] = [];
  private waitingPrinted = 0;
  private readonly listeners = new Set<(offered: DocumentsOffered) => void>();

  constructor(
    private readonly deps: Pick<PlatformDeps, 'emit'>,
    /** the run's capabilities: every offered document is granted (the same path gets the same handle) */
    readonly grants: FileGrants = createFileGrants(),
  ) {}

  /** Told of every offer that brought something (the Electron entry raises the window or notifies). */
  onOffered(listener: (offered: DocumentsOffered) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  offer(paths: readonly string[], source: DocumentSource, extras: OfferExtras = {}): DocumentsOffered {
    const documents: OfferedDocument[] = [];
    const rejected: RejectedDocument[] = [];
    for (const p of paths) {
      const abs = isRemoteUrl(p) || /^file:/i.test(p) ? p : path.resolve(p);
      const result = inspectIncoming(abs, source, this.grants);
      // the same file twice in one offer is one document (same path, same handle)
      if (result.ok && documents.some((d) => d.handle === result.document.handle)) continue;
      const job = extras.jobs?.get(abs);
      if (result.ok) documents.push(job ? { ...result.document, print: job } : result.document);
      else rejected.push(extras.onRejected?.(abs, result.rejected) ?? result.rejected);
    }
    const offered: DocumentsOffered = {
      documents,
      rejected,
      overflow: overflowOf(documents),
      ...(extras.waitingPrinted ? { waitingPrinted: extras.waitingPrinted } : {}),
    };
    if (documents.length === 0 && rejected.length === 0) return offered;
    // a path already waiting is superseded, not listed twice (the file may have been replaced)
    const superseded = (p: OfferedDocument) => documents.some((d) => d.handle === p.handle);
    this.pending = this.pending.filter((p) => !superseded(p)).concat(documents);
    this.handed = this.handed.filter((p) => !superseded(p));
    this.rejected.push(...rejected);
    this.waitingPrinted += extras.waitingPrinted ?? 0;
    // The window decides where they go (the Send screen claims them with takePendingDocuments): it knows
    // whether the user is typing on another screen, which a navigate from here would interrupt.
    this.deps.emit('documentsOffered', offered);
    for (const listener of this.listeners) listener(offered);
    return offered;
  }

  /**
   * Hands over every document not yet on the window's form: the new ones, and those handed over before
   * and not yet claimed. The refusals and the count of waiting printed documents are said once.
   */
  take(): DocumentsOffered {
    const documents = [...this.handed, ...this.pending];
    const rejected = this.rejected;
    const waitingPrinted = this.waitingPrinted;
    this.handed = documents;
    this.pending = [];
    this.rejected = [];
    this.waitingPrinted = 0;
    return { documents, rejected, overflow: overflowOf(documents), ...(waitingPrinted ? { waitingPrinted } : {}) };
  }

  /** The window has put these documents on its form (attached, or after the user's answer): never handed over again. Returns them. */
  claim(handles: readonly string[]): OfferedDocument[] {
    const claimed = this.handed.filter((d) => handles.includes(d.handle));
    this.handed = this.handed.filter((d) => !handles.includes(d.handle));
    return claimed;
  }

  peek(): DocumentsOffered {
    return { documents: [...this.pending], rejected: [...this.rejected], overflow: overflowOf(this.pending) };
  }
}
