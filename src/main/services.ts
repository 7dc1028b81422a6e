import fs from 'node:fs';
import path from 'node:path';
import type { PlatformDeps } from './app-context';
import type { Handlers } from './ipc/dispatch';
import { appHandlers } from './ipc/handlers/app';
import { createIntakeService, type IntakeService, type IntakeServiceOptions } from './intake/intake-service';
import { createConnection, type Connection } from './account/connection';
import { openSecretStore, type SecretStore } from './credentials/secret-store';
import { accountHandlers } from './ipc/handlers/account';
import { openSettings, type SettingsStore, type StoreFactory } from './settings/settings';
import { createPhonebookService, type PhonebookService } from './phonebook/phonebook-service';
import { openHistory, type History } from './history';
import { createSendFeature, type SendFeature } from './send/send-feature';
import { historyPort } from './send/history-port';
import { createTasksFeature, type TasksFeature } from './tasks/tasks-feature';

export interface ServiceOptions {
  storeFactory: StoreFactory;
  intake?: IntakeServiceOptions;
  /** default: the OS keychain, or memory with a warning where there is none */
  secretStore?: SecretStore;
  /** keychain entry name (tests use their own so they never touch a real one) */
  keychainService?: string;
  /** speed of the demo-mode simulator */
  demoSpeed?: number;
}

export interface MainServices {
  settings: SettingsStore;
  intake: IntakeService;
  secrets: SecretStore;
  connection: Connection;
  phonebook: PhonebookService;
  history: History;
  send: SendFeature;
  tasks: TasksFeature;
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
  const secrets =
    options.secretStore ??
    (await openSecretStore({ log: deps.log, ...(options.keychainService ? { service: options.keychainService } : {}) }));
  const connection = createConnection({
    settings,
    secrets,
    dataDir: deps.dataDir,
    log: deps.log,
    ...(options.demoSpeed ? { demoSpeed: options.demoSpeed } : {}),
  });
  connection.onChange(() => void connection.status().then((s) => deps.emit('connectionChanged', s)));
  connection.onAccount((account) => deps.emit('accountChanged', account));
  // The local task history (SQLite, WAL): the only index of tasks this desk created.
  const history = openHistory(path.join(deps.dataDir, 'history.sqlite'), {
    serviceTimeZone: () => settings.get().serviceTimeZone,
    // Demo tasks and each account's tasks are kept apart (src/main/account/profile.ts).
    profile: () => connection.profile(),
  });
  const phonebook = createPhonebookService({
    dataDir: deps.dataDir,
    log: deps.log,
    defaultCountry: () => settings.get().defaultCountry,
    historyFile: path.join(deps.dataDir, 'history.sqlite'),
    profile: () => connection.profile(),
  });
  const tasks = createTasksFeature({ deps, settings, connection, history });
  const sendHistory = historyPort(history, deps.dataDir);
  // The send's follow-up task query goes through the tracker too, so it is announced and notified like any poll.
  const send = createSendFeature(deps, settings, connection, {
    ...sendHistory,
    applyTaskResponse: (task) => {
      tasks.tracker.ingest(task);
      sendHistory.applyTaskResponse(task);
    },
  });
  const handlers: Handlers = {
    ...appHandlers(deps, settings),
    ...intake.handlers,
    ...accountHandlers(settings, secrets, connection),
    ...phonebook.handlers,
    ...send.handlers,
    ...tasks.handlers,
  };
  return {
    settings,
    intake,
    secrets,
    connection,
    phonebook,
    history,
    send,
    tasks,
    handlers,
    async close() {
      intake.close();
      phonebook.close();
      tasks.close();
      await connection.close();
      history.close();
    },
  };
}
