import os from 'node:os';
import path from 'node:path';
import Conf from 'conf';
import { createLogger } from '../../main/log';
import { createMainServices } from '../../main/services';
import type { KeyValueStore } from '../../main/settings/settings';
import type { PlatformDeps } from '../../main/app-context';
import { documentPathsFromArgv } from '../../main/intake/documents';
import { startPreviewServer, type PreviewServer } from './server';
import { previewDialogs } from './preview-dialogs';
import { grantDroppedFile } from '../../main/files/grants';

export interface PreviewOptions {
  rendererDir: string;
  dataDir?: string;
  port?: number;
  locale?: string;
  /** documents named on the command line ("Open with"), offered as Electron's argv would be */
  documents?: { argv: readonly string[]; cwd: string };
}

/** The browser preview: real main-process services behind a loopback bridge. */
export async function runPreview(options: PreviewOptions) {
  const log = createLogger();
  let server: PreviewServer | null = null;
  const dataDir = options.dataDir ?? path.join(os.homedir(), '.config', 'FaxDesk-preview');
  const deps: PlatformDeps = {
    dataDir,
    version: process.env['npm_package_version'] ?? '0.0.0',
    platform: process.platform,
    shell: 'preview',
    systemLocale: options.locale ?? Intl.DateTimeFormat().resolvedOptions().locale,
    log,
    dialogs: previewDialogs(dataDir, log),
    emit: (name, payload) => server?.emit(name, payload),
  };
  const services = await createMainServices(deps, {
    storeFactory: (o) => new Conf(o) as unknown as KeyValueStore,
    // Test knobs: a private keychain entry and a fast demo service.
    ...(process.env['FAXDESK_KEYCHAIN_SERVICE'] ? { keychainService: process.env['FAXDESK_KEYCHAIN_SERVICE'] } : {}),
    ...(process.env['FAXDESK_DEMO_SPEED'] ? { demoSpeed: Number(process.env['FAXDESK_DEMO_SPEED']) } : {}),
    // where the default hot folder (~/FaxDesk/Outbox) lives: e2e runs keep it in their own folder
    ...(process.env['FAXDESK_OUTBOX_HOME'] ? { intake: { home: process.env['FAXDESK_OUTBOX_HOME'] } } : {}),
  });
  if (options.documents?.argv.length) {
    // the same path as Electron's launch argv: switches skipped, relative paths resolved, missing ones listed
    services.intake.queue.offer(documentPathsFromArgv(['', ...options.documents.argv], options.documents.cwd, { skip: 1 }), 'argv');
  }
  const startOptions = {
    rendererDir: options.rendererDir,
    handlers: services.handlers,
    // a file the page uploaded (drop or the browser's picker) is granted as its temp copy
    grantUpload: (filePath: string) => grantDroppedFile(services.grants, filePath),
    log,
  };
  server = await startPreviewServer(options.port === undefined ? startOptions : { ...startOptions, port: options.port });
  const live = server;
  return {
    url: live.url,
    services,
    async close() {
      await live.close();
      await services.close();
    },
  };
}
