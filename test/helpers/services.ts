import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Conf from 'conf';
import { createLogger } from '../../src/main/log';
import { createMemorySecretStore } from '../../src/main/credentials/secret-store';
import { createMainServices, type MainServices, type ServiceOptions } from '../../src/main/services';
import type { KeyValueStore } from '../../src/main/settings/settings';
import type { PlatformDeps } from '../../src/main/app-context';
import { scriptedDialogs, type ScriptedDialogs } from './dialogs';

export const confFactory = (o: ConstructorParameters<typeof Conf>[0]) => new Conf(o) as unknown as KeyValueStore;

export interface TestServices {
  services: MainServices;
  deps: PlatformDeps;
  /** answers main's open/save/folder dialogs (default: the user cancels) */
  dialogs: ScriptedDialogs;
  dataDir: string;
  emitted: Array<{ name: string; payload: unknown }>;
  logLines: string[];
  cleanup(): Promise<void>;
}

/** Real main-process services in a fresh data folder; only Electron is absent. */
export async function makeTestServices(
  overrides: Partial<PlatformDeps> = {},
  options: Partial<ServiceOptions> = {},
): Promise<TestServices> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-test-'));
  const emitted: Array<{ name: string; payload: unknown }> = [];
  const logLines: string[] = [];
  const dialogs = scriptedDialogs();
  const deps: PlatformDeps = {
    dataDir,
    version: '0.0.0-test',
    platform: process.platform,
    shell: 'preview',
    systemLocale: 'en-US',
    log: createLogger((l) => logLines.push(l)),
    dialogs,
    emit: (name, payload) => void emitted.push({ name, payload }),
    ...overrides,
  };
  const services = await createMainServices(deps, {
    storeFactory: confFactory,
    secretStore: createMemorySecretStore(),
    demoSpeed: 200,
    ...options,
    // the hot folder is on by default: keep its default ~/FaxDesk/Outbox inside the test's folder, also when a
    // test sets the intake's other options (the real ~/FaxDesk is the CUPS test's, which runs beside others)
    intake: { home: dataDir, ...options.intake },
  });
  return {
    services,
    deps,
    dialogs,
    dataDir,
    emitted,
    logLines,
    async cleanup() {
      await services.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
