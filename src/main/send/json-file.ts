import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../storage/atomic-write';
import { moveAside } from '../storage/move-aside';

/** Writes via a temp file and rename, so a crash never leaves half a file. */
export function writeJsonAtomic(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  writeFileAtomic(file, JSON.stringify(value));
}

/** The parsed file, or null when it is missing or not JSON (a damaged file is moved aside). */
export function readJson<T>(file: string): T | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  try {
    return JSON.parse(text) as T;
  } catch {
    try {
      moveAside(file);
    } catch {
      /* nothing more to do: the caller starts afresh */
    }
    return null;
  }
}
