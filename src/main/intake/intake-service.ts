import os from 'node:os';
import path from 'node:path';
import type { DocumentSource, DocumentsOffered, HotFolderStatus, PrintedJob, RejectedDocument } from '../../shared/intake/types';
import type { ErrorData } from '../../shared/error-data';
import type { SendResult } from '../../shared/send/types';
import type { Settings } from '../../shared/settings';
import type { PlatformDeps } from '../app-context';
import { UserError } from '../errors';
import type { SettingsStore } from '../settings/settings';
import { createFileGrants, type FileGrants } from '../files/grants';
import { IntakeQueue } from './documents';
import { FAILED_DIR, SENT_DIR } from './filing';
import { HotFolder, type ArrivalInfo, type HotFolderOptions } from './hot-folder';
import { pickNotifyLanguage, type NotifyLanguage } from '../notify/text';
import { defaultHotFolderPath } from './outbox-names';
import { refusalNote } from './refusal-note';

export interface IntakeServiceOptions {
  /** the user's home, for the default ~/FaxDesk/Outbox (tests pass a temp dir) */
  home?: string;
  hotFolder?: Pick<HotFolderOptions, 'settleMs' | 'rescanMs' | 'quietMs'>;
}

export interface IntakeService {
  readonly queue: IntakeQueue;
  /** the documents waiting for the Send screen: new ones, and those handed over before and not yet claimed */
  takePending(): DocumentsOffered;
  /** the Send screen has put these on its form: never handed over again; a hot-folder one is never offered again while it stays */
  claimTaken(handles: readonly string[]): void;
  /** the folder the hot folder would use now (the default when the setting is empty) */
  hotFolderPath(): string;
  status(): HotFolderStatus;
  /**
   * A send's outcome files its hot-folder documents: queued (all or some
   * numbers) -> sent/, refused -> failed/ with the reason beside it; an unknown
   * outcome leaves them where they are (taken, never offered again). Documents
   * from elsewhere are left alone. A move that fails comes back as the error
   * the Send screen shows (the fax went as the result says); null when all went well.
   */
  fileAfterSend(paths: readonly string[], result: Pick<SendResult, 'overall' | 'parts'>): ErrorData | null;
  /** a fax whose document was filed under sent/ failed later at the service: the document moves on to failed/ */
  fileFailedAfterSend(filePath: string, reason: string): string | null;
  close(): void;
}

function expandHome(p: string, home: string): string {
  if (p === '~') return home;
  if (p.startsWith('~/') || p.startsWith('~\\')) return path.join(home, p.slice(2));
  return p;
}

/** Where the hot folder remembers the documents the Send screen has already taken. */
export const TAKEN_LEDGER_FILE = 'hot-folder-taken.json';

type IntakeDeps = Pick<PlatformDeps, 'emit' | 'log'> & Partial<Pick<PlatformDeps, 'dataDir' | 'systemLocale'>>;
type Arrival = { file: string; source: DocumentSource; info: ArrivalInfo };

/**
 * Arrivals of one scan are offered together (in the order the hot folder gave them, grouped by
 * source), so the documents printed while FaxDesk was closed are announced in one sentence.
 */
function arrivalBatcher(queue: IntakeQueue, onRejected: (file: string, rejected: RejectedDocument) => RejectedDocument) {
  let arrivals: Arrival[] = [];
  let flushing: NodeJS.Immediate | null = null;
  const flush = () => {
    flushing = null;
    const batch = arrivals;
    arrivals = [];
    const waitingPrinted = batch.filter((a) => a.source === 'print' && a.info.backlog).length;
    let announced = false;
    for (let i = 0; i < batch.length; ) {
      const source = batch[i]!.source;
      let j = i;
      const jobs = new Map<string, PrintedJob>();
      while (j < batch.length && batch[j]!.source === source) {
        const { file, info } = batch[j]!;
        if (info.job) jobs.set(path.resolve(file), { recipients: info.job.recipients, name: info.job.name });
        j++;
      }
      const announce = !announced && source === 'print' && waitingPrinted > 0;
      if (announce) announced = true;
      queue.offer(
        batch.slice(i, j).map((a) => a.file),
        source,
        { jobs, onRejected, ...(announce ? { waitingPrinted } : {}) },
      );
      i = j;
    }
  };
  return {
    push(arrival: Arrival) {
      arrivals.push(arrival);
      flushing ??= setImmediate(flush);
    },
    cancel() {
      if (flushing) clearImmediate(flushing);
    },
  };
}

/** The hot folder the settings ask for, started again whenever they change it, and why it cannot be used. */
function followHotFolder(
  deps: IntakeDeps,
  settings: Pick<SettingsStore, 'get' | 'onChange'>,
  options: IntakeServiceOptions,
  onDocument: (arrival: Arrival) => void,
) {
  const home = options.home ?? os.homedir();
  let folder: HotFolder | null = null;
  let problem: string | null = null;
  let problemCode: string | null = null;
  /** the status last told to the window: an event only when what it shows really changed */
  let told = '';
  const tell = () => {
    const now = status();
    const key = JSON.stringify(now);
    if (key === told) return;
    told = key;
    deps.emit('hotFolderStatusChanged', now);
  };

  const pathFrom = (s: Settings) => {
    const configured = s.hotFolder.path.trim();
    return configured ? path.resolve(expandHome(configured, home)) : defaultHotFolderPath(home);
  };

  const apply = (s: Settings) => {
    const wanted = s.hotFolder.enabled ? pathFrom(s) : null;
    if (folder && folder.dir === wanted) return;
    folder?.stop();
    folder = null;
    problem = null;
    problemCode = null;
    if (!wanted) return;
    const next = new HotFolder({
      dir: wanted,
      log: deps.log,
      ledgerFile: deps.dataDir ? path.join(deps.dataDir, TAKEN_LEDGER_FILE) : null,
      ...options.hotFolder,
      onDocument: (file, source, info) => onDocument({ file, source, info }),
      onProblemChange: tell,
    });
    try {
      next.start();
      folder = next;
    } catch (e) {
      problemCode = (e as NodeJS.ErrnoException).code ?? 'error';
      problem = `The hot folder ${wanted} cannot be used: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}. Choose another folder in Settings.`;
      deps.log.warn(problem);
    }
  };

  apply(settings.get());
  const unsubscribe = settings.onChange((next, prev) => {
    if (next.hotFolder.enabled === prev.hotFolder.enabled && next.hotFolder.path === prev.hotFolder.path) return;
    apply(next);
    tell();
  });

  function status(): HotFolderStatus {
    const s = settings.get();
    const readCode = folder?.problemCode ?? null;
    const problemKind = problemCode ? { kind: 'cannot_use' as const, code: problemCode } : readCode ? { kind: 'cannot_read' as const, code: readCode } : null;
    return {
      enabled: s.hotFolder.enabled,
      path: pathFrom(s),
      watching: folder?.watching ?? false,
      problem: problem ?? folder?.problem ?? null,
      ...(problemKind ? { problemKind } : {}),
    };
  }
  told = JSON.stringify(status());

  return {
    current: () => folder,
    pathNow: () => pathFrom(settings.get()),
    status,
    close() {
      unsubscribe();
      folder?.stop();
      folder = null;
    },
  };
}

/**
 * A hot-folder file that cannot be sent (not a type the service takes, too large, unreadable…) would
 * otherwise stay in the outbox for good with no word of why: it goes to failed/ with a note beside it
 * in the desk's language, and the Send screen says so. One that vanished has nothing to move.
 */
function fileRefused(folder: HotFolder | null, language: () => NotifyLanguage, log: IntakeDeps['log'], file: string, rejected: RejectedDocument): RejectedDocument {
  if (!folder || rejected.reason === 'not_found' || rejected.reason === 'not_local') return rejected;
  // a file standing where the hot folder's own sent/ or failed/ should be is not a document someone dropped
  if ([SENT_DIR, FAILED_DIR].includes(rejected.name.toLowerCase())) return rejected;
  try {
    const moved = folder.filing.markRefused(file, rejected.reason, refusalNote(rejected.name, rejected.reason, language()));
    return moved ? { ...rejected, movedToFailed: true } : rejected;
  } catch (e) {
    // it stays, offered once and listed on the Send screen as before
    log.warn(`hot folder: cannot move ${rejected.name} into failed/: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    return rejected;
  }
}

/** Moves one sent or refused hot-folder document into sent/ or failed/; throws the UserError the Send screen shows. */
function settle(folder: HotFolder | null, grants: FileGrants, log: IntakeDeps['log'], filePath: string, outcome: 'sent' | 'failed', reason: string): void {
  if (!folder || !folder.owns(filePath)) return;
  const handle = grants.handleOf(filePath, 'input');
  // the file that was offered, not whatever took its name since the send began (file.changed otherwise)
  if (handle !== null) grants.checkedPath(handle);
  const name = path.basename(filePath);
  let movedTo: string | null;
  try {
    movedTo = outcome === 'sent' ? folder.filing.markSent(filePath) : folder.filing.markFailed(filePath, reason);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    log.warn(`hot folder: cannot move ${name} into ${outcome}/: ${code}`);
    // it stays where it is and is remembered as taken: never offered (or faxed) again from there
    folder.claim(filePath);
    throw new UserError(
      'intake.settle_failed',
      `${name} could not be moved into the ${outcome} folder of the hot folder (${code}). It stays in ${path.dirname(filePath)} and will not be offered again; move or delete it there yourself.`,
      undefined,
      // the sub-folder keeps its on-disk name (sent/failed) in both languages
      { name, folder: outcome, place: path.dirname(filePath) },
    );
  }
  // The handle follows the document: its thumbnail and viewer keep working, and a refused fax can be sent again from failed/.
  if (movedTo !== null && handle !== null) grants.moved(handle, movedTo);
}

/**
 * Everything that brings documents to the Send screen: the queue (argv,
 * open-file, second instance feed it from the Electron glue) and the hot
 * folder, which follows the hotFolder setting live.
 */
export function createIntakeService(
  deps: IntakeDeps,
  settings: Pick<SettingsStore, 'get' | 'onChange'>,
  options: IntakeServiceOptions = {},
  grants: FileGrants = createFileGrants(),
): IntakeService {
  const queue = new IntakeQueue(deps, grants);
  const language = () => pickNotifyLanguage(settings.get().language ?? null, deps.systemLocale ?? 'en');
  const batcher = arrivalBatcher(queue, (file, rejected) => fileRefused(hot.current(), language, deps.log, file, rejected));
  const hot = followHotFolder(deps, settings, options, (arrival) => batcher.push(arrival));

  const fileAfterSend = (paths: readonly string[], result: Pick<SendResult, 'overall' | 'parts'>): ErrorData | null => {
    const outcome = result.overall === 'sent' || result.overall === 'partial' ? 'sent' : result.overall === 'refused' ? 'failed' : null;
    if (outcome === null) return null;
    const reason = result.parts.find((p) => p.error)?.error?.message ?? 'not sent';
    let problem: ErrorData | null = null;
    for (const p of paths) {
      try {
        settle(hot.current(), grants, deps.log, p, outcome, reason);
      } catch (e) {
        if (!(e instanceof UserError)) throw e;
        problem ??= { code: e.code, message: e.message, ...(e.details ? { details: e.details } : {}) };
      }
    }
    return problem;
  };

  const fileFailedAfterSend = (filePath: string, reason: string): string | null => {
    try {
      return hot.current()?.filing.markFailedAfterSend(filePath, reason) ?? null;
    } catch (e) {
      deps.log.warn(`hot folder: cannot move ${path.basename(filePath)} from sent/ to failed/: ${(e as Error).message}`);
      return null;
    }
  };

  return {
    queue,
    hotFolderPath: hot.pathNow,
    status: hot.status,
    fileAfterSend,
    fileFailedAfterSend,
    takePending: () => queue.take(),
    claimTaken(handles) {
      // only handles main issued (a window naming another is refused, as on every channel)
      for (const h of handles) grants.pathOf(h, 'input');
      // on the form: a hot-folder document is remembered as taken, never offered again while it stays (across restarts too)
      for (const d of queue.claim(handles)) {
        const p = d.source === 'hot-folder' || d.source === 'print' ? grants.lookup(d.handle, 'input') : null;
        if (p !== null) hot.current()?.claim(p);
      }
    },
    close() {
      hot.close();
      batcher.cancel();
    },
  };
}
