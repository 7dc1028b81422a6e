import os from 'node:os';
import path from 'node:path';
import type { DocumentSource, DocumentsOffered, HotFolderStatus, PrintedJob, SettleOutcome } from '../../shared/intake/types';
import type { Settings } from '../../shared/settings';
import type { PlatformDeps } from '../app-context';
import { UserError } from '../errors';
import type { SettingsStore } from '../settings/settings';
import { createFileGrants, type FileGrants } from '../files/grants';
import { IntakeQueue } from './documents';
import { HotFolder, defaultHotFolderPath, type ArrivalInfo, type HotFolderOptions } from './hot-folder';

export interface IntakeServiceOptions {
  /** the user's home, for the default ~/FaxDesk/Outbox (tests pass a temp dir) */
  home?: string;
  hotFolder?: Pick<HotFolderOptions, 'settleMs' | 'rescanMs' | 'quietMs'>;
}

export interface IntakeService {
  readonly queue: IntakeQueue;
  /** the documents waiting for the Send screen; taking a hot-folder document claims it (never offered again) */
  takePending(): DocumentsOffered;
  /** the folder the hot folder would use now (the default when the setting is empty) */
  hotFolderPath(): string;
  status(): HotFolderStatus;
  /**
   * After a send: hot-folder documents go to sent/ or failed/; others are
   * left alone (null). Throws a UserError when the move fails.
   */
  settle(filePath: string, outcome: SettleOutcome, reason?: string): string | null;
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

/**
 * Everything that brings documents to the Send screen: the queue (argv,
 * open-file, second instance feed it from the Electron glue) and the hot
 * folder, which follows the hotFolder setting live.
 */
export function createIntakeService(
  deps: Pick<PlatformDeps, 'emit' | 'log'> & Partial<Pick<PlatformDeps, 'dataDir'>>,
  settings: Pick<SettingsStore, 'get' | 'onChange'>,
  options: IntakeServiceOptions = {},
  grants: FileGrants = createFileGrants(),
): IntakeService {
  const home = options.home ?? os.homedir();
  const queue = new IntakeQueue(deps, grants);
  let folder: HotFolder | null = null;
  let problem: string | null = null;
  let problemCode: string | null = null;

  const pathFrom = (s: Settings) => {
    const configured = s.hotFolder.path.trim();
    return configured ? path.resolve(expandHome(configured, home)) : defaultHotFolderPath(home);
  };

  // Arrivals of one scan are offered together (in the order the hot folder gave them, grouped by
  // source), so the documents printed while FaxDesk was closed are announced in one sentence.
  let arrivals: Array<{ file: string; source: DocumentSource; info: ArrivalInfo }> = [];
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
        { jobs, ...(announce ? { waitingPrinted } : {}) },
      );
      i = j;
    }
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
      onDocument: (file, source, info) => {
        arrivals.push({ file, source, info });
        flushing ??= setImmediate(flush);
      },
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
    if (next.hotFolder.enabled !== prev.hotFolder.enabled || next.hotFolder.path !== prev.hotFolder.path) apply(next);
  });

  const status = (): HotFolderStatus => {
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
  };

  const settle = (filePath: string, outcome: SettleOutcome, reason?: string): string | null => {
    if (!folder || !folder.owns(filePath)) return null;
    const name = path.basename(filePath);
    const sub = outcome === 'sent' ? 'sent' : 'failed';
    try {
      return outcome === 'sent' ? folder.markSent(filePath) : folder.markFailed(filePath, reason ?? 'not sent');
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
      deps.log.warn(`hot folder: cannot move ${name} into ${sub}/: ${code}`);
      // it stays where it is and is remembered as taken: never offered (or faxed) again from there
      throw new UserError(
        'intake.settle_failed',
        `${name} could not be moved into the ${sub} folder of the hot folder (${code}). It stays in ${path.dirname(filePath)} and will not be offered again; move or delete it there yourself.`,
        undefined,
        // the sub-folder keeps its on-disk name (sent/failed) in both languages
        { name, folder: sub, place: path.dirname(filePath) },
      );
    }
  };

  const fileFailedAfterSend = (filePath: string, reason: string): string | null => {
    try {
      return folder?.markFailedAfterSend(filePath, reason) ?? null;
    } catch (e) {
      deps.log.warn(`hot folder: cannot move ${path.basename(filePath)} from sent/ to failed/: ${(e as Error).message}`);
      return null;
    }
  };

  return {
    queue,
    hotFolderPath: () => pathFrom(settings.get()),
    status,
    settle,
    fileFailedAfterSend,
    takePending() {
      const taken = queue.take();
      // taking is what claims a hot-folder document: remembered so it is never offered again
      for (const d of taken.documents) {
        const p = d.source === 'hot-folder' || d.source === 'print' ? grants.lookup(d.handle, 'input') : null;
        if (p !== null) folder?.claim(p);
      }
      return taken;
    },
    close() {
      unsubscribe();
      if (flushing) clearImmediate(flushing);
      folder?.stop();
      folder = null;
    },
  };
}
