import { PRIVATE_FILE_MODE } from '../storage/private-files';
import fs from 'node:fs';
import path from 'node:path';
import {
  defaultSettings,
  settingsSchema,
  settingsUpdateSchema,
  type Settings,
  type SettingsPatch,
  type SettingsUpdate,
} from '../../shared/settings';
import { UserError } from '../errors';
import { moveAside } from '../storage/move-aside';

/** What a machine-wide policy does to the settings (src/main/policy/policy-file.ts). */
export interface SettingsPolicy {
  /** used for a setting the user has not stored themselves */
  defaults: Partial<Settings>;
  /** win over anything stored; the user cannot change them */
  locked: Partial<Settings>;
}

const NO_SETTINGS_POLICY: SettingsPolicy = { defaults: {}, locked: {} };
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The slice of conf / electron-store used here (electron-store wraps conf). */
export interface KeyValueStore {
  readonly store: Record<string, unknown>;
  set(store: Record<string, unknown>): void;
  readonly path: string;
}

export interface StoreOptions {
  cwd: string;
  configName: string;
  clearInvalidConfig: false;
  projectName: string;
  /** the settings file is private to this user (conf's configFileMode) */
  configFileMode: number;
}

export type StoreFactory = (options: StoreOptions) => KeyValueStore;

export interface SettingsNotice {
  /** where the unreadable settings file was moved */
  movedTo: string;
  reason: string;
}

export interface SettingsStore {
  get(): Settings;
  /** a patch from the window (SettingsPatch) or from main itself (SettingsUpdate: also the hot folder's path) */
  update(patch: SettingsPatch | SettingsUpdate): Settings;
  onChange(listener: (next: Settings, prev: Settings) => void): () => void;
  /** set when the file on disk could not be read and was moved aside */
  readonly notice: SettingsNotice | null;
  readonly filePath: string;
  /** the settings a policy locked (their values are the policy's whatever is stored) */
  readonly locked: ReadonlySet<keyof Settings>;
}

const CONFIG_NAME = 'settings';

/**
 * Settings on disk, written atomically by conf. A file that cannot be read or
 * does not match the schema is moved aside (never silently reset) and the
 * move is reported so the UI can tell the user.
 */
export function openSettings(dir: string, factory: StoreFactory, policy: SettingsPolicy = NO_SETTINGS_POLICY): SettingsStore {
  const options: StoreOptions = { cwd: dir, configName: CONFIG_NAME, clearInvalidConfig: false, projectName: 'faxdesk', configFileMode: PRIVATE_FILE_MODE };
  const file = path.join(dir, `${CONFIG_NAME}.json`);
  let notice: SettingsNotice | null = null;

  const setAside = (reason: string) => {
    notice = { movedTo: moveAside(file), reason };
  };

  let kv: KeyValueStore;
  try {
    kv = factory(options);
  } catch (e) {
    if (!fs.existsSync(file)) throw e;
    setAside(e instanceof Error ? e.message : 'unreadable');
    kv = factory(options);
  }

  /**
   * The user's own values: only the settings they (or FaxDesk for them) saved are
   * written, so a policy default applies to every setting the user never set, and
   * a policy never writes into the user's file.
   */
  let own: Settings;
  const parsed = settingsSchema.safeParse(kv.store);
  if (parsed.success) {
    own = parsed.data;
  } else {
    setAside(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    kv = factory(options);
    own = defaultSettings;
  }
  const stored = new Set(Object.keys(kv.store).filter((k): k is keyof Settings => Object.hasOwn(defaultSettings, k)));
  const lockedKeys = new Set(Object.keys(policy.locked) as (keyof Settings)[]);
  const effective = (): Settings => {
    const out: Record<string, unknown> = { ...own };
    for (const [k, v] of Object.entries(policy.defaults)) if (!stored.has(k as keyof Settings)) out[k] = v;
    Object.assign(out, policy.locked);
    // a policy value the schema refuses in this combination falls back to the user's own (never a crash at start)
    const checked = settingsSchema.safeParse(out);
    return checked.success ? checked.data : own;
  };
  let current = effective();

  const listeners = new Set<(next: Settings, prev: Settings) => void>();

  return {
    get: () => current,
    update(patch) {
      // The window switches the hot folder on or off without naming it: keep the folder main chose.
      const merged = patch.hotFolder ? { ...patch, hotFolder: { ...current.hotFolder, ...patch.hotFolder } } : patch;
      const checked = settingsUpdateSchema.safeParse(merged);
      if (!checked.success) {
        const fields: Record<string, string[]> = {};
        for (const issue of checked.error.issues) (fields[issue.path.join('.') || '(input)'] ??= []).push(issue.message);
        throw new UserError('settings.invalid', 'Some settings are not valid; nothing was saved.', fields);
      }
      const changes: Record<string, unknown> = {};
      const refused: Record<string, string[]> = {};
      for (const [k, v] of Object.entries(checked.data) as [keyof Settings, unknown][]) {
        if (!lockedKeys.has(k)) changes[k] = v;
        // the locked value itself is no change (a form sends what it shows)
        else if (!sameValue(v, policy.locked[k])) refused[k] = ['Set by your administrator; it cannot be changed here.'];
      }
      if (Object.keys(refused).length > 0) {
        throw new UserError(
          'settings.locked',
          `Your administrator set ${Object.keys(refused).join(', ')} for this computer; nothing was saved. Ask your IT department to change it.`,
          refused,
        );
      }
      const prev = current;
      own = settingsSchema.parse({ ...own, ...changes });
      for (const k of Object.keys(changes)) stored.add(k as keyof Settings);
      const written: Record<string, unknown> = {};
      for (const k of stored) written[k] = own[k];
      kv.set(written);
      const next = effective();
      current = next;
      for (const l of listeners) l(next, prev);
      return next;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get notice() {
      return notice;
    },
    filePath: file,
    locked: lockedKeys,
  };
}
