import { UserError } from '../errors';

/** What each OS error means to someone at a desk, and what to do about it. */
const CAUSES: Record<string, string> = {
  ENOSPC: 'the disk is full — free some space and try again',
  EDQUOT: 'your disk quota is used up — free some space and try again',
  EROFS: 'the disk is read-only — choose another place or ask your IT support',
  EACCES: 'FaxDesk is not allowed to write there — choose another folder or check its permissions',
  EPERM: 'FaxDesk is not allowed to write there — choose another folder or check its permissions',
  EIO: 'the disk reported an error — check the disk or network drive and try again',
  ENOENT: 'the folder does not exist any more — choose another place',
  EMFILE: 'too many files are open — close some programs and try again',
  SQLITE_FULL: 'the disk is full — free some space and try again',
  SQLITE_IOERR: 'the disk reported an error — check the disk and try again',
  SQLITE_READONLY: 'the file is read-only — check the permissions of FaxDesk’s data folder',
};

function causeOf(e: unknown): { code: string; cause: string } | null {
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  // SQLite's extended codes (SQLITE_IOERR_WRITE, SQLITE_IOERR_FSYNC, …) share their family's meaning
  const family = Object.keys(CAUSES).find((k) => code === k || code.startsWith(`${k}_`));
  return family ? { code: family, cause: CAUSES[family]! } : null;
}

const DISK_FULL = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL']);
/** Codes that can only come from writing (or a failing disk): safe to explain at the IPC door, where reads and writes look alike. */
const WRITE_ONLY = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EIO', 'SQLITE_FULL', 'SQLITE_IOERR', 'SQLITE_READONLY']);

/**
 * The user-facing error for a failed write: what failed, where, and why in
 * plain words ("FaxDesk could not save the transmission report to /…/x.pdf:
 * the disk is full — free some space and try again."). Null for errors that
 * are not I/O errors.
 */
export function ioUserError(e: unknown, what: string, where: string | null): UserError | null {
  const found = causeOf(e);
  if (!found) return null;
  const place = where ? ` to ${where}` : '';
  return new UserError(DISK_FULL.has(found.code) ? 'storage.disk_full' : 'storage.write_failed', `FaxDesk could not save ${what}${place}: ${found.cause}.`);
}

/** For I/O errors that reach the IPC door unwrapped: a raw fs error still names its file. */
export function ioUserErrorAtBoundary(e: unknown): UserError | null {
  const found = causeOf(e);
  if (!found || !WRITE_ONLY.has(found.code)) return null;
  if (found.code.startsWith('SQLITE_')) return ioUserError(e, 'its local data (task history or phonebook)', null);
  const where = (e as { path?: unknown } | null)?.path;
  // a temporary file's name means nothing to the user: name the file it was for
  return ioUserError(e, 'a file', typeof where === 'string' ? where.replace(/^(.*[\\/])?\.?([^\\/]+?)\.[0-9a-f]{8}\.tmp$/, '$1$2') : null);
}
