/**
 * The office database's CA certificate: the file the user handed over (checked as every read of a granted
 * file) and the one the machine-wide policy names (read once at start).
 */
import fs from 'node:fs';
import path from 'node:path';
import { UserError } from '../errors';
import { fileChanged, NO_FOLLOW, sameFile, type FileGrants } from '../files/grants';
import type { Logger } from '../log';
import { readSmallFileSync } from '../files/small-file';

export const MAX_CA_BYTES = 256 * 1024;

export interface CaFile {
  pem: string;
  name: string;
}

/** the policy's CA file, read once at start (a path IT wrote, not one the window handed over) */
export function readPolicyCa(p: string | undefined | null, log: Logger): CaFile | null {
  if (!p) return null;
  try {
    // opened once and checked on that descriptor: a named pipe is refused, not waited on; no more than the limit is read
    const pem = readSmallFileSync(p, { maxBytes: MAX_CA_BYTES, followLinks: true }).toString('utf8');
    if (/-----BEGIN CERTIFICATE-----/.test(pem)) return { pem, name: path.basename(p) };
    log.warn(`policy: officeOutbox caFile ${p} is not a PEM CA certificate; the system's authorities are used`);
  } catch (e) {
    log.warn(`policy: officeOutbox caFile ${p} could not be read (${(e as Error).message}); the system's authorities are used`);
  }
  return null;
}

/** at most the limit, however the file grows after its size was read */
async function readUpToLimit(file: fs.promises.FileHandle, size: number): Promise<string> {
  const buf = Buffer.alloc(size <= MAX_CA_BYTES ? size : 0);
  let total = 0;
  while (total < buf.length) {
    const { bytesRead } = await file.read(buf, total, buf.length - total, total);
    if (bytesRead === 0) break;
    total += bytesRead;
  }
  return buf.subarray(0, total).toString('utf8');
}

/**
 * The PEM of a CA file the user handed over, checked: the file that was granted (no link in its place,
 * the same device, inode and creation time once open, as every read of a granted file), at most 256 KB, a certificate.
 */
export async function readGrantedCa(grants: Pick<FileGrants, 'pathOf' | 'checkedPath' | 'identityOf'>, handle: string): Promise<CaFile> {
  const name = path.basename(grants.pathOf(handle, 'input'));
  const p = grants.checkedPath(handle);
  const unreadable = () => new UserError('file.unreadable', `FaxDesk could not read ${name}. Check that it still exists, or choose it again.`);
  let file: fs.promises.FileHandle;
  try {
    file = await fs.promises.open(p, fs.constants.O_RDONLY | NO_FOLLOW);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ELOOP') throw fileChanged(name);
    throw unreadable();
  }
  let pem: string;
  try {
    const stat = await file.stat();
    if (!sameFile(grants.identityOf(handle), stat)) throw fileChanged(name);
    if (!stat.isFile()) throw unreadable();
    pem = await readUpToLimit(file, stat.size);
  } catch (e) {
    if (e instanceof UserError) throw e;
    throw unreadable();
  } finally {
    await file.close();
  }
  if (!/-----BEGIN CERTIFICATE-----/.test(pem)) {
    const message = 'This file is not a CA certificate in PEM form (it starts with -----BEGIN CERTIFICATE-----). Ask your administrator for the office’s CA file.';
    throw new UserError('office.bad_ca_file', message, { caFile: [message] });
  }
  return { pem, name };
}
