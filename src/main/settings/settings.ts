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
}

const CONFIG_NAME = 'settings';

/**
 * Settings on disk, written atomically by conf. A file that cannot be read or
 * does not match the schema is moved aside (never silently reset) and the
 * move is reported so the UI can tell the user.
 */
export function openSettings(dir: string, factory: StoreFactory): SettingsStore {
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

  let current: Settings;
  const parsed = settingsSchema.safeParse(kv.store);
  if (parsed.success) {
    current = parsed.data;
  } else {
    setAside(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    kv = factory(options);
    current = defaultSettings;
  }

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
      const prev = current;
      const next = settingsSchema.parse({ ...current, ...checked.data });
      kv.set(next as unknown as Record<string, unknown>);
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
  };
}
