import path from 'node:path';
import type { PlatformDeps } from './app-context';
import type { Handlers } from './ipc/dispatch';
import { joinHandlers } from './ipc/join-handlers';
import { accountHandlers } from './ipc/handlers/account';
import { appHandlers } from './ipc/handlers/app';
import { directoryHandlers } from './ipc/handlers/directory';
import { fileHandlers } from './ipc/handlers/files';
import { intakeHandlers } from './ipc/handlers/intake';
import { phonebookHandlers } from './ipc/handlers/phonebook';
import { sendHandlers } from './ipc/handlers/send';
import { tasksHandlers } from './ipc/handlers/tasks';
import { officeHandlers } from './ipc/handlers/office';
import { createOfficeService, type OfficeService } from './office/office-service';
import { createIntakeService, type IntakeService, type IntakeServiceOptions } from './intake/intake-service';
import { createConnection, type Connection } from './account/connection';
import { createOfficePasswords, type OfficePasswords } from './office/office-passwords';
import { createBindPasswords, type BindPasswords } from './directory/bind-passwords';
import { createDirectoryService, type DirectoryService } from './directory/directory-service';
import { previewHandlers } from './ipc/handlers/preview';
import { createPreviewService } from './preview/preview-service';
import { createHotFolderChoice } from './intake/hot-folder-choice';
import { createPhonebookService, type PhonebookService } from './phonebook/phonebook-service';
import { createSendFeature, type SendFeature } from './send/send-feature';
import type { TrayStatusSource } from './tasks/tray-status';
import { createTrayWiring } from './services-tray';
import { createTasksService, type TasksService } from './tasks/tasks-service';
import { createFileGrants, type FileGrants } from './files/grants';
import { applyPolicyDirectories } from './policy/apply-directories';
import { KEYCHAIN_SERVICE, type SecretStore } from './credentials/secret-store';
import type { SettingsStore, StoreFactory } from './settings/settings';
import type { History } from './history';
import type { Policy } from './policy/policy-file';
import type { StartupNotice } from '../shared/app/startup-notice';
import type { Recovered } from './storage/open-recovering';
import { boundPasswordStore, moveSecretsToTheirKeys, openSecrets, openStartupFiles, openTaskHistory } from './services-startup';
import { serviceTimeToMs } from '../shared/service-time';

export interface ServiceOptions {
  storeFactory: StoreFactory;
  intake?: IntakeServiceOptions;
  /** default: the OS keychain, or memory with a warning where there is none */
  secretStore?: SecretStore;
  /** keychain entry name (tests use their own so they never touch a real one) */
  keychainService?: string;
  /** speed of the demo-mode simulator */
  demoSpeed?: number;
  /** directory bind passwords (default: the keychain the API secret uses, or memory where it uses memory) */
  bindPasswords?: BindPasswords;
  /** the office database's password (default: beside the bind passwords); tests keep theirs across two runs */
  officePasswords?: OfficePasswords;
  /** extra trust anchors (PEM) for directory servers: tests' own certificates */
  directoryCa?: string[];
  /** the machine-wide policy (default: read from its place, or FAXDESK_POLICY) */
  policy?: Policy;
  /** extra trust anchors (PEM) for the office database, and its retry pause: tests' own */
  officeCa?: string[];
  officeRetryMs?: { first: number; max: number };
  /** the clock of the connection (its per-minute test limit, account reads shared for a moment): tests */
  accountNow?: () => number;
  /** the clock of the office outbox's per-minute test limit (tests) */
  officeNow?: () => number;
}

export interface MainServices {
  settings: SettingsStore;
  /** the machine-wide policy applied at start (src/main/policy/) */
  policy: Policy;
  /** the files the user handed over this run (handles the window holds) */
  grants: FileGrants;
  intake: IntakeService;
  secrets: SecretStore;
  connection: Connection;
  phonebook: PhonebookService;
  directories: DirectoryService;
  office: OfficeService;
  history: History;
  send: SendFeature;
  tasks: TasksService;
  /** the tray's and dock badge's counts: failed numbers office-wide while the office answers, like the Failures badge */
  tray: TrayStatusSource;
  handlers: Handlers;
  close(): Promise<void>;
}

export { BIND_PASSWORDS_FILE } from './services-startup';

type Parts<K extends keyof MainServices> = Pick<MainServices, K>;

/** The office outbox (PostgreSQL, when configured) follows every write to the history of a task this desk created. */
function officeFor(
  deps: PlatformDeps,
  options: ServiceOptions,
  { settings, policy, grants }: Parts<'settings' | 'policy' | 'grants'>,
  opened: Recovered<History>,
  passwords: OfficePasswords,
  /** the office's events read the tray's failed count again (with the office's online state when it says it) */
  onOfficeEvent: (online?: boolean) => void,
): OfficeService {
  return createOfficeService({
    dataDir: deps.dataDir,
    log: deps.log,
    passwords,
    grants,
    history: opened.value,
    // a history started afresh (a damaged one set aside) or kept in memory begins its task ids again: a new epoch
    historyInUse: { name: opened.file === ':memory:' ? ':memory:' : path.basename(opened.file), fresh: opened.notice?.problem === 'damaged' },
    onChange: (view) => {
      deps.emit('officeChanged', view);
      onOfficeEvent(view.status.state === 'online');
    },
    onTasksChanged: () => {
      deps.emit('officeTasksChanged', { at: Date.now() });
      onOfficeEvent();
    },
    serviceTimeToMs: (s) => serviceTimeToMs(s, settings.get().serviceTimeZone),
    policy: policy.officeOutbox,
    ...(options.officeCa ? { extraCa: options.officeCa } : {}),
    ...(options.officeRetryMs ? { retryMs: options.officeRetryMs } : {}),
    ...(options.officeNow ? { now: options.officeNow } : {}),
  });
}

function tasksFor(
  deps: PlatformDeps,
  { settings, connection, history, grants, office, intake }: Parts<'settings' | 'connection' | 'history' | 'grants' | 'office' | 'intake'>,
): TasksService {
  return createTasksService({
    deps,
    settings,
    connection,
    history,
    grants,
    // One running desk follows each unfinished office task (poll leases); without an office, as before.
    lease: () => office.taskLease(),
    // Another desk's failed numbers are resent from this one (its file_refs from the office database), one resend office-wide.
    office: {
      faxForResend: (taskRef) => office.faxForResend(taskRef),
      claimResend: (taskRef, numbers, name, confirmed) => office.claimResend(taskRef, numbers, name, confirmed),
    },
    // Hot-folder documents follow their fax: one that failed for every recipient moves from sent/ to failed/.
    onTaskEnded: (c) => {
      if (c.counts.success > 0 || c.counts.failed === 0) return;
      const detail = history.getTask(c.taskRef);
      const reason = detail?.recipients.find((r) => r.status === 'failed')?.failedReason ?? 'the fax failed';
      for (const f of detail?.send?.files ?? []) if (f.path) intake.fileFailedAfterSend(f.path, reason);
    },
  });
}

function sendFor(
  deps: PlatformDeps,
  { settings, connection, history, office, tasks, directories, intake }: Parts<'settings' | 'connection' | 'history' | 'office' | 'tasks' | 'directories' | 'intake'>,
): SendFeature {
  return createSendFeature({
    dataDir: deps.dataDir,
    session: () => connection.session(),
    onCreated: () => void connection.refreshAccount(),
    history,
    // The send's follow-up task query goes through the tracker, so it is announced and notified like any poll.
    ingest: (task) => tasks.tracker.ingest(task),
    serviceTimeZone: () => settings.get().serviceTimeZone,
    contractUnitPrice: () => settings.get().contractUnitPrice,
    emitProgress: (p) => deps.emit('uploadProgress', p),
    log: deps.log,
    officeGuard: (profile, fingerprint, name, confirmed) => office.guardSend(profile, fingerprint, name, confirmed),
    // The names the check table showed (the phonebook's, else a directory's), kept with the task.
    contactNames: (numbers) => new Map(directories.recipientNames([...numbers]).map((n) => [n.number, n.name])),
    // Main owns a hot-folder document's whole journey: the send's outcome files it (sent/ or failed/).
    fileDocuments: (paths, result) => intake.fileAfterSend(paths, result),
  });
}

/** Every channel's handler, one file per feature under ipc/handlers/. */
function handlersFor(
  deps: PlatformDeps,
  notices: StartupNotice[],
  noticesReady: Promise<unknown>,
  p: Parts<'settings' | 'policy' | 'grants' | 'intake' | 'connection' | 'phonebook' | 'directories' | 'office' | 'send' | 'tasks'>,
): Handlers {
  const { settings, policy, grants, intake } = p;
  const preview = createPreviewService();
  const hotFolderChoice = createHotFolderChoice(deps.dialogs, settings, () => intake.hotFolderPath());
  return joinHandlers(
    appHandlers(deps, settings, notices, policy, noticesReady),
    intakeHandlers(intake),
    accountHandlers(settings, p.connection),
    phonebookHandlers(p.phonebook, grants),
    directoryHandlers(p.directories),
    sendHandlers(p.send, grants),
    tasksHandlers(p.tasks),
    fileHandlers(deps, grants, hotFolderChoice),
    previewHandlers(preview, grants),
    officeHandlers(p.office),
  );
}

/**
 * The composition root shared by the Electron entry, the browser preview and
 * the tests: everything main does, wired from the platform's dependencies.
 */
export async function createMainServices(deps: PlatformDeps, options: ServiceOptions): Promise<MainServices> {
  const { policy, settings, notices, notice, demoStateChecked } = openStartupFiles(deps, options);
  const grants = createFileGrants();
  const intake = createIntakeService(deps, settings, options.intake, grants);
  const secrets = await openSecrets(deps, options);
  const connection = createConnection({
    settings,
    secrets,
    dataDir: deps.dataDir,
    log: deps.log,
    ...(options.demoSpeed ? { demoSpeed: options.demoSpeed } : {}),
    ...(options.accountNow ? { now: options.accountNow } : {}),
  });
  connection.onChange(() => void connection.status().then((s) => deps.emit('connectionChanged', s)));
  connection.onAccount((account) => deps.emit('accountChanged', account));
  await moveSecretsToTheirKeys(secrets, connection, settings, deps);
  const opened = openTaskHistory(deps, settings, connection, notice);
  // Passwords for servers the user names, exactly as typed and bound to the protection they were saved with.
  const keychainService = options.keychainService ?? KEYCHAIN_SERVICE;
  const bound = boundPasswordStore(secrets, deps);
  // the tray's counts (made once the tasks are): the office's events read its failed count again
  const trayWiring = createTrayWiring();
  const office = officeFor(deps, options, { settings, policy, grants }, opened, options.officePasswords ?? createOfficePasswords({ service: keychainService, ...bound }), (online) =>
    trayWiring.officeEvent(online),
  );
  const history = office.wrapHistory(opened.value);
  const recovered = history.recoverInterrupted();
  if (recovered.length) deps.log.warn(`history: ${recovered.length} send(s) interrupted by the last exit marked outcome unknown`);
  const phonebook = createPhonebookService({
    dataDir: deps.dataDir,
    defaultCountry: () => settings.get().defaultCountry,
    // The phonebook asks the history; a history kept in memory only (unopenable file) offers none.
    ...(opened.file === ':memory:' ? {} : { recentUses: (limit: number) => history.recentNumbers(limit, connection.profile()) }),
    grants,
    dialogs: deps.dialogs,
  });
  notice('phonebook', phonebook.store.notice);
  const directories = createDirectoryService({
    dataDir: deps.dataDir,
    log: deps.log,
    passwords: options.bindPasswords ?? createBindPasswords({ service: keychainService, ...bound }),
    defaultCountry: () => settings.get().defaultCountry,
    localNames: (numbers) => phonebook.store.namesFor(numbers),
    ...(options.directoryCa ? { extraCa: options.directoryCa } : {}),
    policy: policy.directories,
  });
  // the administrator's company directories join the user's list (passwords stay the user's, in the keychain)
  await applyPolicyDirectories(directories, policy.directories, deps.dataDir, deps.log);
  const tasks = tasksFor(deps, { settings, connection, history, grants, office, intake });
  const tray = trayWiring.start(tasks, office);
  const send = sendFor(deps, { settings, connection, history, office, tasks, directories, intake });
  const handlers = handlersFor(deps, notices, demoStateChecked, { settings, policy, grants, intake, connection, phonebook, directories, office, send, tasks });
  return {
    settings,
    policy,
    grants,
    intake,
    secrets,
    connection,
    phonebook,
    directories,
    office,
    history,
    send,
    tasks,
    tray,
    handlers,
    async close() {
      tray.close();
      intake.close();
      phonebook.close();
      directories.close();
      tasks.close();
      await connection.close();
      await office.close();
      history.close();
    },
  };
}
