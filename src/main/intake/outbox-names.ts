/** The hot folder's rules for names: where it is by default, what is not a document yet, what was printed. */
import os from 'node:os';
import path from 'node:path';
import type { DocumentSource } from '../../shared/intake/types';

export function defaultHotFolderPath(home: string = os.homedir()): string {
  return path.join(home, 'FaxDesk', 'Outbox');
}

/**
 * Names that are still being written or belong to another program: browser
 * and download-manager partials, Office lock files, our own printer backend's
 * temp files (dotfiles), editor backups.
 */
export function isIgnoredName(name: string): boolean {
  const lower = name.toLowerCase();
  return (
    name.startsWith('.') ||
    name.startsWith('~$') ||
    lower.endsWith('~') ||
    /\.(part|partial|crdownload|download|tmp|temp|swp)$/.test(lower) ||
    lower === 'desktop.ini' ||
    lower === 'thumbs.db'
  );
}

/** Our CUPS backend names its jobs "<title> (print job <id>).pdf" — that is how a print is told from a dropped file. */
export function sourceForName(name: string): DocumentSource {
  return / \(print job \d+\)\.pdf$/i.test(name) ? 'print' : 'hot-folder';
}
