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
import { KEYCHAIN_SERVICE, openSecretStore, type KeytarLike, type SecretStore } from './credentials/secret-store';
import { memoryKeytar } from './credentials/bound-passwords';
import { createOfficePasswords, type OfficePasswords } from './office/office-passwords';
import { makePrivateDir, tightenFolder } from './storage/private-files';
import { createSafeStorageKeytar } from './credentials/safe-storage-keytar';
import { credentialKey, originOnlyKey } from '../shared/credential-key';
import { createBindPasswords, type BindPasswords } from './directory/bind-passwords';
import { createDirectoryService, type DirectoryService } from './directory/directory-service';
import { previewHandlers } from './ipc/handlers/preview';
import { createPreviewService } from './preview/preview-service';
import { createHotFolderChoice } from './intake/hot-folder-choice';
import { openSettings, type SettingsStore, type StoreFactory } from './settings/settings';
import { createPhonebookService, type PhonebookService } from './phonebook/phonebook-service';
import { LATEST_VERSION, openHistory, type History } from './history';
import type { StartupNotice } from '../shared/ipc/channels/app';
import { DEMO_STATE_FILE, setAsideUnreadableDemoState } from './account/demo-state';
import { UserError } from './errors';
import { openRecovering, type FileNotice } from './storage/open-recovering';
import { createSendFeature, type SendFeature } from './send/send-feature';
import { createTrayStatus, type TrayStatusSource } from './tasks/tray-status';
import { createTasksService, type TasksService } from './tasks/tasks-service';
import { createFileGrants, type FileGrants } from './files/grants';
import { policyNoticeLine, readPolicy, type Policy } from './policy/policy-file';
import { applyPolicyDirectories } from './policy/apply-directories';
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

/**
 * Before the API secret was bound to the service's base path, its entry was
 * keyed by the origin alone: an account configured with a path finds it
 * there once and it moves to its own key, so an existing user stays connected.
 */
async function moveOriginOnlySecret(secrets: SecretStore, settings: SettingsStore, deps: PlatformDeps): Promise<void> {
  const { baseUrl, apiKey } = settings.get();
  const now = credentialKey(baseUrl, apiKey);
  const before = originOnlyKey(baseUrl, apiKey);
  if (!now || !before) return;
  try {
    if (await secrets.has(now)) return;
    const old = await secrets.get(before);
    if (old === null) return;
    await secrets.set(now, old);
    await secrets.delete(before);
    deps.log.info('keychain: the stored API secret was bound to the service address with its path');
  } catch (e) {
    deps.log.warn('keychain: the stored API secret could not be moved to its service entry', e);
  }
}

/** The file the safeStorage fallback keeps directory bind passwords in (the API secret has its own). */
export const BIND_PASSWORDS_FILE = 'bind-passwords.enc';

/**
 * Bind passwords and the office database's password live where the API secret does: the keychain; without one,
 * encrypted with safeStorage in the data folder (kept across runs, like the
 * API secret); memory only where neither exists.
 */
function boundPasswordStore(secrets: SecretStore, deps: PlatformDeps): { kind: 'keychain' | 'encrypted' | 'memory'; keytar?: KeytarLike } {
  if (secrets.kind === 'keychain') return { kind: 'keychain' };
  if (secrets.kind === 'encrypted' && deps.safeStorage) {
    return { kind: 'encrypted', keytar: createSafeStorageKeytar(path.join(deps.dataDir, BIND_PASSWORDS_FILE), deps.safeStorage) };
  }
  return { kind: 'memory', keytar: memoryKeytar() };
}

/**
 * The composition root shared by the Electron entry, the browser preview and
 * the tests: everything main does, wired from the platform's dependencies.
 */
export async function createMainServices(deps: PlatformDeps, options: ServiceOptions): Promise<MainServices> {
  makePrivateDir(deps.dataDir);
  // An older version's folders were 0755 with 0644 files: made private once, said in the log.
  for (const sub of ['', 'reports', 'send', path.join('send', 'covers'), 'downloads']) tightenFolder(path.join(deps.dataDir, sub), deps.log);
  // What start-up had to do about a damaged, newer or unopenable file; shown by the shell, never fatal.
  const notices: StartupNotice[] = [];
  const notice = (file: StartupNotice['file'], n: FileNotice | null) => {
    if (!n) return;
    notices.push({ file, ...n });
    deps.log.warn(`${file}: ${n.problem} file kept at ${n.keptAt}; using ${n.usingInstead ?? 'memory only'} (${n.reason})`);
  };
  // The machine-wide policy: presets and locks settings; a bad file or key is a notice, never a stop.
  const policy = options.policy ?? readPolicy({ platform: deps.platform });
  for (const n of policy.notices) deps.log.warn(policyNoticeLine(n));
  if (policy.file && policy.notices.length === 0) deps.log.info(`policy: applied ${policy.file}`);
  const settings = openSettings(deps.dataDir, options.storeFactory, policy);
  if (settings.notice) {
    notice('settings', { problem: 'damaged', keptAt: settings.notice.movedTo, usingInstead: null, reason: settings.notice.reason });
  }
  notice('demo', setAsideUnreadableDemoState(path.join(deps.dataDir, DEMO_STATE_FILE)));
  const grants = createFileGrants();
  const intake = createIntakeService(deps, settings, options.intake, grants);
  const secrets =
    options.secretStore ??
    (await openSecretStore({
      log: deps.log,
      ...(options.keychainService ? { service: options.keychainService } : {}),
      ...(deps.safeStorage ? { safeStorage: { api: deps.safeStorage, file: path.join(deps.dataDir, 'secret.enc'), platform: deps.platform } } : {}),
    }));
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
  // Before secrets were keyed by service there was one entry: it now belongs to the configured service.
  await secrets
    .migrateLegacy(connection.currentKey())
    .then((r) => r !== 'none' && deps.log.info(`keychain: the stored API secret was ${r === 'migrated' ? 'bound to the configured service' : 'removed (no account is configured)'}`))
    .catch((e: unknown) => deps.log.warn('keychain: the stored API secret could not be moved to its service entry', e));
  await moveOriginOnlySecret(secrets, settings, deps);
  // The local task history (SQLite, WAL): the only index of tasks this desk created.
  const opened = openRecovering(
    path.join(deps.dataDir, 'history.sqlite'),
    // Demo tasks and each account's tasks are kept apart (src/main/account/profile.ts).
    // Sends a previous run left in flight are recovered below, through the office's wrapper, so the office sees them too.
    (file) => openHistory(file, { serviceTimeZone: () => settings.get().serviceTimeZone, profile: () => connection.profile(), recoverInterrupted: false }),
    {
      isNewer: (e) => e instanceof UserError && e.code === 'history.too_new',
      newerFallback: path.join(deps.dataDir, `history.schema-${LATEST_VERSION}.sqlite`),
    },
  );
  notice('history', opened.notice);
  // Passwords for servers the user names, exactly as typed and bound to the protection they were saved with.
  const keychainService = options.keychainService ?? KEYCHAIN_SERVICE;
  const bound = boundPasswordStore(secrets, deps);
  // The office outbox (PostgreSQL, when configured) follows every write to the history of a task this desk created.
  // the tray's counts (made once the tasks are): the office's events read its failed count again
  let tray: TrayStatusSource | null = null;
  // as the window's badge knows it: from the office's own status pushes (no keychain read per count)
  let officeOnline = false;
  const office = createOfficeService({
    dataDir: deps.dataDir,
    log: deps.log,
    passwords: options.officePasswords ?? createOfficePasswords({ service: keychainService, ...bound }),
    grants,
    history: opened.value,
    // a history started afresh (a damaged one set aside) or kept in memory begins its task ids again: a new epoch
    historyInUse: { name: opened.file === ':memory:' ? ':memory:' : path.basename(opened.file), fresh: opened.notice?.problem === 'damaged' },
    onChange: (view) => {
      deps.emit('officeChanged', view);
      officeOnline = view.status.state === 'online';
      tray?.refresh();
    },
    onTasksChanged: () => {
      deps.emit('officeTasksChanged', { at: Date.now() });
      tray?.refresh();
    },
    serviceTimeToMs: (s) => serviceTimeToMs(s, settings.get().serviceTimeZone),
    policy: policy.officeOutbox,
    ...(options.officeCa ? { extraCa: options.officeCa } : {}),
    ...(options.officeRetryMs ? { retryMs: options.officeRetryMs } : {}),
    ...(options.officeNow ? { now: options.officeNow } : {}),
  });
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
  const tasks = createTasksService({
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
  tray = createTrayStatus({
    local: tasks,
    officeFailed: async () => (officeOnline ? (await office.failures(tasks.counts().recentFailureDays)).total : null),
  });
  const send = createSendFeature({
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
  const preview = createPreviewService();
  const hotFolderChoice = createHotFolderChoice(deps.dialogs, settings, () => intake.hotFolderPath());
  const handlers: Handlers = joinHandlers(
    appHandlers(deps, settings, notices, policy),
    intakeHandlers(intake),
    accountHandlers(settings, connection),
    phonebookHandlers(phonebook, grants),
    directoryHandlers(directories),
    sendHandlers(send, grants),
    tasksHandlers(tasks),
    fileHandlers(deps, grants, hotFolderChoice),
    previewHandlers(preview, grants),
    officeHandlers(office),
  );
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
