/**
 * Every JSON file FaxDesk keeps in its data folder (uploads, drafts, the last
 * unit price, window placement, directories, the hot folder's ledger) is read
 * and written here, one way: written whole to a temporary file and renamed
 * over (writeFileAtomic); a file that is not JSON, or not what its store
 * keeps, is moved aside as `<file>.damaged-<time>` (never deleted), said once
 * in the log, and the store starts afresh.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../log';
import { writeFileAtomic, writeFileAtomicAsync, type AtomicWriteOptions } from './atomic-write';
import { moveAside } from './move-aside';
import { makePrivateDir, PRIVATE_FILE_MODE } from './private-files';

export interface JsonReadOptions<T> {
  /** checks the parsed value (throws, e.g. a zod parse, when it is not what this store keeps) */
  parse?: (raw: unknown) => T;
  /** where the line about a damaged file goes */
  log?: Pick<Logger, 'warn'> | undefined;
  /** what the file holds, for that line ("the window position") */
  what?: string;
}

export interface JsonRead<T> {
  /** null when the file is missing or was damaged */
  value: T | null;
  /** where a damaged file was moved */
  movedAside: string | null;
}

/** Reads a JSON file, moving a damaged one aside. */
export function loadJsonFile<T>(file: string, options: JsonReadOptions<T> = {}): JsonRead<T> {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    // missing (or unreadable: nothing can be moved either): the store starts afresh
    return { value: null, movedAside: null };
  }
  try {
    const raw: unknown = JSON.parse(text);
    return { value: options.parse ? options.parse(raw) : (raw as T), movedAside: null };
  } catch {
    let movedAside: string | null = null;
    try {
      movedAside = moveAside(file);
    } catch {
      /* nothing more to do: the caller starts afresh, and the next write replaces it */
    }
    options.log?.warn(`${options.what ?? path.basename(file)} (${file}) could not be read${movedAside ? `; it was kept at ${movedAside}` : ''}, starting afresh`);
    return { value: null, movedAside };
  }
}

/** The value of a JSON file, or null when it is missing or damaged (a damaged file is moved aside). */
export function readJsonFile<T>(file: string, options: JsonReadOptions<T> = {}): T | null {
  return loadJsonFile(file, options).value;
}

/**
 * The same off the main thread: the write, its flush to disk and the rename run on libuv's threads,
 * so a busy disk's sync (~10 ms here) does not hold the event loop. For a store written often.
 */
export async function writeJsonFileAsync(file: string, value: unknown, options: AtomicWriteOptions & { indent?: number } = {}): Promise<void> {
  makePrivateDir(path.dirname(file));
  const { indent, ...write } = options;
  await writeFileAtomicAsync(file, JSON.stringify(value, null, indent), { mode: PRIVATE_FILE_MODE, ...write });
}

/** Writes `value` as the whole file, atomically, creating its folder. */
export function writeJsonFile(file: string, value: unknown, options: AtomicWriteOptions & { indent?: number } = {}): void {
  makePrivateDir(path.dirname(file));
  const { indent, ...write } = options;
  // FaxDesk's own files are private to this user unless a caller says otherwise.
  writeFileAtomic(file, JSON.stringify(value, null, indent), { mode: PRIVATE_FILE_MODE, ...write });
}
