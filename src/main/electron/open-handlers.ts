import type { DocumentSource } from '../../shared/intake/types';
import { documentPathsFromArgv, isRemoteUrl } from '../intake/documents';

/** The part of Electron's `app` the handlers listen on (typed loosely so tests can drive it with an EventEmitter). */
export interface AppEvents {
  on(event: 'open-file', listener: (event: { preventDefault(): void }, path: string) => void): unknown;
  on(
    event: 'second-instance',
    listener: (event: unknown, argv: string[], workingDirectory: string, additionalData: unknown) => void,
  ): unknown;
}

export interface DocumentSink {
  offer(paths: readonly string[], source: DocumentSource): unknown;
}

/**
 * What a second FaxDesk process hands to the running one with
 * requestSingleInstanceLock(). It carries the documents already resolved
 * against the second process's own directory, because Chromium may reorder
 * or extend argv on the way to `second-instance`; argv remains the fallback.
 */
export interface SingleInstanceData {
  faxdeskDocuments: string[];
}

/** argv entries before the first document: the executable, plus the app folder when run as `electron .` */
export function argvSkip(isPackaged: boolean): number {
  return isPackaged ? 1 : 2;
}

export function singleInstanceData(argv: readonly string[], cwd: string, isPackaged: boolean): SingleInstanceData {
  return { faxdeskDocuments: documentPathsFromArgv(argv, cwd, { skip: argvSkip(isPackaged) }) };
}

function documentsFromData(data: unknown): string[] | null {
  if (typeof data !== 'object' || data === null) return null;
  const docs = (data as Partial<SingleInstanceData>).faxdeskDocuments;
  if (!Array.isArray(docs) || !docs.every((d): d is string => typeof d === 'string')) return null;
  // absolute paths (and URLs, which the queue lists as not local) only: the data comes from another process and is resolved there
  return documentPathsFromArgv(['', ...docs.filter((d) => /^([a-z]:[\\/]|[\\/])/i.test(d) || isRemoteUrl(d))], '/', { skip: 1 });
}

export interface OpenHandlersOptions {
  app: AppEvents;
  /** this process's argv and directory: the documents FaxDesk was launched with */
  argv: readonly string[];
  cwd: string;
  isPackaged: boolean;
  /** restore, show and focus the main window (creating it if it was closed) */
  showWindow(): void;
}

export interface OpenHandlers {
  /** Connects the queue once services exist; everything that arrived before is offered then, in order. */
  attach(sink: DocumentSink): void;
}

/**
 * Installs the three ways a document reaches a running FaxDesk. Must be
 * called before app 'ready': macOS delivers the files a user opened FaxDesk
 * with as `open-file` events during launch, before there is a window or a
 * queue, so they are buffered until attach().
 */
export function installOpenHandlers(options: OpenHandlersOptions): OpenHandlers {
  let sink: DocumentSink | null = null;
  const early: Array<{ paths: string[]; source: DocumentSource }> = [
    { paths: documentPathsFromArgv(options.argv, options.cwd, { skip: argvSkip(options.isPackaged) }), source: 'argv' },
  ];

  const deliver = (paths: string[], source: DocumentSource) => {
    if (!sink) {
      early.push({ paths, source });
      return;
    }
    if (paths.length) sink.offer(paths, source);
    options.showWindow();
  };

  options.app.on('open-file', (event, filePath) => {
    // tells macOS we handled the file (otherwise it reports that FaxDesk cannot open it)
    event.preventDefault();
    deliver([filePath], 'open-file');
  });

  options.app.on('second-instance', (_event, argv, workingDirectory, additionalData) => {
    const paths =
      documentsFromData(additionalData) ?? documentPathsFromArgv(argv, workingDirectory, { skip: argvSkip(options.isPackaged) });
    // starting FaxDesk again with no document still means "show me FaxDesk"
    deliver(paths, 'second-instance');
  });

  return {
    attach(next) {
      sink = next;
      for (const { paths, source } of early.splice(0)) if (paths.length) next.offer(paths, source);
    },
  };
}
