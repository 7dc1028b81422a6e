import fs from 'node:fs';
import type { PlatformDeps } from './app-context';
import type { Handlers } from './ipc/dispatch';
import { appHandlers } from './ipc/handlers/app';
import { createIntakeService, type IntakeService, type IntakeServiceOptions } from './intake/intake-service';
import { openSettings, type SettingsStore, type StoreFactory } from './settings/settings';

export interface ServiceOptions {
  storeFactory: StoreFactory;
  intake?: IntakeServiceOptions;
}

export interface MainServices {
  settings: SettingsStore;
  intake: IntakeService;
  handlers: Handlers;
  close(): Promise<void>;
}

/**
 * The composition root shared by the Electron entry, the browser preview and
 * the tests: everything main does, wired from the platform's dependencies.
 */
export async function createMainServices(deps: PlatformDeps, options: ServiceOptions): Promise<MainServices> {
  fs.mkdirSync(deps.dataDir, { recursive: true });
  const settings = openSettings(deps.dataDir, options.storeFactory);
  if (settings.notice) {
    deps.log.warn(`settings file was unreadable and moved to ${settings.notice.movedTo}: ${settings.notice.reason}`);
  }
  const intake = createIntakeService(deps, settings, options.intake);
  const handlers: Handlers = {
    ...appHandlers(deps, settings),
    ...intake.handlers,
  };
  return {
    settings,
    intake,
    handlers,
    async close() {
      intake.close();
    },
  };
}
