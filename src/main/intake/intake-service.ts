import os from 'node:os';
import path from 'node:path';
import type { HotFolderStatus, SettleOutcome } from '../../shared/ipc/channels/intake';
import type { Settings } from '../../shared/settings';
import type { PlatformDeps } from '../app-context';
import type { Handlers } from '../ipc/dispatch';
import type { SettingsStore } from '../settings/settings';
import { createFileGrants, type FileGrants } from '../files/grants';
import { IntakeQueue } from './documents';
import { HotFolder, defaultHotFolderPath, type HotFolderOptions } from './hot-folder';

export type IntakeHandlers = Pick<Handlers, 'takePendingDocuments' | 'settleDocument' | 'hotFolderStatus'>;

export interface IntakeServiceOptions {
  /** the user's home, for the default ~/FaxDesk/Outbox (tests pass a temp dir) */
  home?: string;
  hotFolder?: Pick<HotFolderOptions, 'settleMs' | 'rescanMs'>;
}

export interface IntakeService {
  readonly queue: IntakeQueue;
  readonly handlers: IntakeHandlers;
  /** the folder the hot folder would use now (the default when the setting is empty) */
  hotFolderPath(): string;
  status(): HotFolderStatus;
  /** after a send: hot-folder documents go to sent/ or failed/; others are left alone (null) */
  settle(filePath: string, outcome: SettleOutcome): string | null;
  close(): void;
}

function expandHome(p: string, home: string): string {
  if (p === '~') return home;
  if (p.startsWith('~/') || p.startsWith('~\\')) return path.join(home, p.slice(2));
  return p;
}

/**
 * Everything that brings documents to the Send screen: the queue (argv,
 * open-file, second instance feed it from the Electron glue) and the hot
 * folder, which follows the hotFolder setting live.
 */
export function createIntakeService(
  deps: Pick<PlatformDeps, 'emit' | 'log'>,
  settings: Pick<SettingsStore, 'get' | 'onChange'>,
  options: IntakeServiceOptions = {},
  grants: FileGrants = createFileGrants(),
): IntakeService {
  const home = options.home ?? os.homedir();
  const queue = new IntakeQueue(deps, grants);
  let folder: HotFolder | null = null;
  let problem: string | null = null;

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
    if (!wanted) return;
    const next = new HotFolder({
      dir: wanted,
      log: deps.log,
      ...options.hotFolder,
      onDocument: (file, source) => queue.offer([file], source),
    });
    try {
      next.start();
      folder = next;
    } catch (e) {
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
    return { enabled: s.hotFolder.enabled, path: pathFrom(s), watching: folder?.watching ?? false, problem };
  };

  const settle = (filePath: string, outcome: SettleOutcome): string | null => {
    if (!folder || !folder.owns(filePath)) return null;
    return outcome === 'sent' ? folder.markSent(filePath) : folder.markFailed(filePath);
  };

  return {
    queue,
    hotFolderPath: () => pathFrom(settings.get()),
    status,
    settle,
    handlers: {
      takePendingDocuments: () => queue.take(),
      // Only a handle main issued names a file; the hot folder then moves only what it offered.
      settleDocument: ({ handle, outcome }) => {
        const p = grants.lookup(handle, 'input');
        return { movedTo: p === null ? null : settle(p, outcome) };
      },
      hotFolderStatus: () => status(),
    },
    close() {
      unsubscribe();
      folder?.stop();
      folder = null;
    },
  };
}
