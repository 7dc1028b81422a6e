import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  POLICY_SETTINGS,
  policyKeys,
  type Managed,
  type PolicyKey,
  type PolicyNotice,
  type PolicyOfficeOutbox,
  type PolicyService,
  type PolicyView,
} from '../../shared/policy';
import type { DirectoryFields } from '../../shared/directory/types';
import type { Settings } from '../../shared/settings';
import { readWindowsAcl, windowsAclProblem, type WindowsAcl } from './windows-acl';
import { readOpenedSync, SmallFileError } from '../files/small-file';

/** A policy file larger than this is not read (a policy is a few hundred bytes). */
export const MAX_POLICY_BYTES = 256 * 1024;

/** Where IT puts the machine-wide policy (docs/deploy.md). */
export function defaultPolicyPath(platform: NodeJS.Platform, env: NodeJS.ProcessEnv = process.env): string {
  if (platform === 'darwin') return '/Library/Application Support/FaxDesk/policy.json';
  if (platform === 'win32') return path.win32.join(env['ProgramData'] ?? 'C:\\ProgramData', 'FaxDesk', 'policy.json');
  return '/etc/faxdesk/policy.json';
}

/**
 * The environment the installed app reads its policy with: without FAXDESK_POLICY, which
 * would let a user point FaxDesk at a file of their own and so escape the machine's locks.
 * Only the checkout (tests, the preview, `npm start`) honours it.
 */
export function policyEnv(env: NodeJS.ProcessEnv, isPackaged: boolean): NodeJS.ProcessEnv {
  if (!isPackaged || env['FAXDESK_POLICY'] === undefined) return env;
  const { FAXDESK_POLICY: _ignored, ...rest } = env;
  return rest;
}

/** The file to read: FAXDESK_POLICY (tests, the preview; never the installed app: policyEnv) or the platform's place. */
export function policyLocation(platform: NodeJS.Platform, env: NodeJS.ProcessEnv = process.env): { file: string; fromEnv: boolean } {
  const given = env['FAXDESK_POLICY']?.trim();
  return given ? { file: path.resolve(given), fromEnv: true } : { file: defaultPolicyPath(platform, env), fromEnv: false };
}

/** The policy as main applies it: settings to preset or lock, and the parts other features wire. */
export interface Policy {
  file: string | null;
  /** settings values the user may change (used where the user has stored none) */
  defaults: Partial<Settings>;
  /** settings values that win over anything stored */
  locked: Partial<Settings>;
  managed: Partial<Record<keyof Settings, Managed>>;
  /** every valid key of the file, and whether it is locked */
  keys: Partial<Record<PolicyKey, Managed>>;
  service: (PolicyService & { locked: boolean }) | null;
  directories: { value: DirectoryFields[]; locked: boolean } | null;
  /** the office outbox connection (no password): for the office feature to use when it exists */
  officeOutbox: { value: PolicyOfficeOutbox; locked: boolean } | null;
  notices: PolicyNotice[];
}

export const NO_POLICY: Policy = {
  file: null,
  defaults: {},
  locked: {},
  managed: {},
  keys: {},
  service: null,
  directories: null,
  officeOutbox: null,
  notices: [],
};

export interface ReadPolicyOptions {
  platform?: NodeJS.Platform;
  env?: NodeJS.ProcessEnv;
  /** the current user's id (tests); a FAXDESK_POLICY file may belong to them */
  uid?: number;
  /** home folder for `~` in the hot folder path */
  home?: string;
  /** how the file's owner and ACL are read on Windows (tests); default: PowerShell's Get-Acl */
  readWindowsAcl?: (file: string) => WindowsAcl;
}

/**
 * Why the file may not be trusted, or null. A policy locks settings for
 * everyone on the machine, so only root (or the user naming the file
 * themselves with FAXDESK_POLICY) may own it, and nobody else may write it:
 * otherwise one user could lock another's settings. POSIX owners and modes;
 * Windows owners and ACLs: windowsAclProblem.
 */
export function unsafeOwner(st: fs.Stats, platform: NodeJS.Platform, fromEnv: boolean, uid: number | undefined): string | null {
  if (platform === 'win32') return null;
  const owners = fromEnv && uid !== undefined ? [0, uid] : [0];
  if (!owners.includes(st.uid)) return `owned by user id ${st.uid}, not by root`;
  if (st.mode & 0o002) return `writable by every user (mode ${(st.mode & 0o777).toString(8)})`;
  if (st.mode & 0o020 && st.gid !== 0) return `writable by group ${st.gid} (mode ${(st.mode & 0o777).toString(8)})`;
  return null;
}

function expandHome(p: string, home: string): string {
  if (p === '~') return home;
  if (p.startsWith('~/') || p.startsWith('~\\')) return path.join(home, p.slice(2));
  return p;
}

/**
 * Reads the machine-wide policy. Never throws: a missing file is no policy;
 * an unreadable, malformed or unsafe file, an unknown key or a bad value
 * becomes a notice naming the file and the key, and everything valid is
 * still applied.
 */
export function readPolicy(options: ReadPolicyOptions = {}): Policy {
  const platform = options.platform ?? process.platform;
  const env = options.env ?? process.env;
  const { file, fromEnv } = policyLocation(platform, env);
  const notices: PolicyNotice[] = [];
  const fail = (problem: PolicyNotice['problem'], detail: string): Policy => ({ ...NO_POLICY, file, notices: [{ file, key: null, problem, detail }] });

  let text: string;
  try {
    // opened once: the checks and the read are about the same file; non-blocking, so a named pipe put
    // there is refused below (not a regular file) instead of holding the start until a writer comes
    const fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
    try {
      const st = fs.fstatSync(fd);
      if (!st.isFile()) return fail('unreadable', 'not a regular file');
      const unsafe =
        platform === 'win32'
          ? windowsAclProblem((options.readWindowsAcl ?? readWindowsAcl)(file), fromEnv)
          : unsafeOwner(st, platform, fromEnv, options.uid ?? process.getuid?.());
      if (unsafe) return fail('unsafe_owner', unsafe);
      if (st.size > MAX_POLICY_BYTES) return fail('unreadable', `larger than ${MAX_POLICY_BYTES} bytes`);
      // to its end, never past the limit (a file that grows after its stat is not read on)
      try {
        text = readOpenedSync(fd, st.size, MAX_POLICY_BYTES).toString('utf8');
      } catch (e) {
        if (e instanceof SmallFileError && e.code === 'too_large') return fail('unreadable', `larger than ${MAX_POLICY_BYTES} bytes`);
        throw e;
      }
    } finally {
      fs.closeSync(fd);
    }
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    // no file (and no FAXDESK_POLICY naming one): an unmanaged desk
    if (code === 'ENOENT' && !fromEnv) return NO_POLICY;
    return fail('unreadable', code ?? (e as Error).message);
  }

  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    return fail('malformed', (e as Error).message);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return fail('malformed', 'the file must hold one JSON object');

  const policy: Policy = { ...NO_POLICY, file, defaults: {}, locked: {}, managed: {}, keys: {}, notices };
  const home = options.home ?? os.homedir();

  for (const [key, value] of Object.entries(raw)) {
    if (key === '$schema') continue;
    if (!Object.hasOwn(policyKeys, key)) {
      notices.push({ file, key, problem: 'unknown_key', detail: `"${key}" is not a FaxDesk policy key` });
      continue;
    }
    const k = key as PolicyKey;
    const parsed = policyKeys[k].safeParse(value);
    if (!parsed.success) {
      const detail = parsed.error.issues.map((i) => `${[key, ...i.path].join('.')}: ${i.message}`).join('; ');
      notices.push({ file, key, problem: 'bad_value', detail });
      continue;
    }
    const locked = parsed.data.locked === true;
    policy.keys[k] = locked ? 'locked' : 'default';
    applyKey(policy, k, parsed.data.value as never, locked, home);
  }
  return policy;
}

function put(policy: Policy, key: keyof Settings, value: unknown, locked: boolean): void {
  (locked ? policy.locked : policy.defaults)[key] = value as never;
  policy.managed[key] = locked ? 'locked' : 'default';
}

/** One valid policy key into the settings it manages. */
function applyKey(policy: Policy, k: PolicyKey, v: never, locked: boolean, home: string): void {
  switch (k) {
    case 'service': {
      const s = v as PolicyService;
      policy.service = { ...s, locked };
      put(policy, 'baseUrl', s.baseUrl, locked);
      put(policy, 'apiKey', s.apiKey, locked);
      break;
    }
    case 'directories':
      policy.directories = { value: v, locked };
      break;
    case 'officeOutbox':
      policy.officeOutbox = { value: v, locked };
      break;
    case 'notifications': {
      const n = v as { onDone: boolean; onFailed: boolean };
      put(policy, 'notifyOnDone', n.onDone, locked);
      put(policy, 'notifyOnFailed', n.onFailed, locked);
      break;
    }
    case 'tray':
      put(policy, 'closeToTray', v, locked);
      break;
    case 'hotFolder': {
      const h = v as { enabled: boolean; path?: string };
      put(policy, 'hotFolder', { enabled: h.enabled, path: h.path ? expandHome(h.path, home) : '' }, locked);
      break;
    }
    default: {
      const [setting] = POLICY_SETTINGS[k];
      if (setting) put(policy, setting, v, locked);
    }
  }
}

/** What the window may know of the policy: no secret is in it to begin with. */
export function policyView(policy: Policy): PolicyView {
  return {
    file: policy.file,
    settings: { ...policy.managed },
    keys: { ...policy.keys },
    service: policy.service ? { baseUrl: policy.service.baseUrl, apiKey: policy.service.apiKey, locked: policy.service.locked } : null,
    notices: [...policy.notices],
  };
}

/** The log line for one notice: file, key, what to do. */
export function policyNoticeLine(n: PolicyNotice): string {
  const what = n.key ? `key "${n.key}"` : 'the file';
  const action = n.key ? 'this key is ignored, the rest of the policy applies' : 'the policy is ignored';
  return `policy ${n.file}: ${what}: ${n.problem} (${n.detail}); ${action}`;
}
