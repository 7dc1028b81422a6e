/**
 * Who a desk is to the rest of the office: the computer's name and, unless the
 * user typed one, the OS account's full name (the passwd comment on Linux and
 * macOS, where it holds it; the account name elsewhere).
 */
import fs from 'node:fs';
import os from 'node:os';

export function computerName(): string {
  return os.hostname().split('.')[0]!.toUpperCase() || 'THIS-COMPUTER';
}

export function defaultDisplayName(): string {
  const info = os.userInfo();
  if (process.platform !== 'win32') {
    try {
      const line = fs
        .readFileSync('/etc/passwd', 'utf8')
        .split('\n')
        .find((l) => l.split(':')[2] === String(info.uid));
      const full = line?.split(':')[4]?.split(',')[0]?.trim();
      if (full) return full;
    } catch {
      // no passwd file (a container, a directory-only login): the account name
    }
  }
  return info.username;
}
