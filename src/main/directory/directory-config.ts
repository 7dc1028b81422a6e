/**
 * The configured directories, in directories.json in the data folder:
 * addresses, DNs, filter and mapping only. Bind passwords are in the
 * keychain (bind-passwords.ts), never here. Written atomically; a file that
 * cannot be read is moved aside with a notice, never silently reset.
 */
import path from 'node:path';
import { z } from 'zod';
import { directoryFieldsSchema, type DirectoryFields } from '../../shared/directory/types';
import { loadJsonFile, writeJsonFile } from '../storage/json-file';

export const DIRECTORIES_FILE = 'directories.json';

const savedSchema = directoryFieldsSchema.extend({ id: z.string().min(1).max(64) });
const fileSchema = z.object({ version: z.literal(1), directories: z.array(savedSchema) });

export type SavedDirectory = DirectoryFields & { id: string };

export interface DirectoryConfigStore {
  list(): SavedDirectory[];
  get(id: string): SavedDirectory | null;
  put(directory: SavedDirectory): void;
  remove(id: string): boolean;
  /** where an unreadable file was moved at start-up */
  readonly movedAside: string | null;
}

export function openDirectoryConfig(dataDir: string): DirectoryConfigStore {
  const file = path.join(dataDir, DIRECTORIES_FILE);
  const read = loadJsonFile(file, { parse: (raw) => fileSchema.parse(raw) });
  const { movedAside } = read;
  let directories: SavedDirectory[] = read.value?.directories ?? [];

  const write = () => writeJsonFile(file, { version: 1, directories }, { indent: 2, what: 'the directory settings' });

  return {
    movedAside,
    list: () => directories.map((d) => ({ ...d })),
    get: (id) => {
      const d = directories.find((x) => x.id === id);
      return d ? { ...d } : null;
    },
    put(directory) {
      const i = directories.findIndex((x) => x.id === directory.id);
      directories = i >= 0 ? directories.map((x, j) => (j === i ? directory : x)) : [...directories, directory];
      write();
    },
    remove(id) {
      const before = directories.length;
      directories = directories.filter((x) => x.id !== id);
      if (directories.length === before) return false;
      write();
      return true;
    },
  };
}
