import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * The Windows side of "a policy file must belong to the administrators and be writable by nobody
 * else" (issue 28): the file's owner and access list read as SDDL through PowerShell's Get-Acl
 * (SDDL names accounts by SID, so the check does not depend on the language Windows speaks), then
 * judged here. Only main calls it, and only on win32.
 */

/** What PowerShell reported: the file's security descriptor and the SID of the user running FaxDesk. */
export type WindowsAcl = { sddl: string; userSid: string | null } | { error: string };

const ADMINISTRATORS = 'S-1-5-32-544';
const SYSTEM = 'S-1-5-18';
const TRUSTED_INSTALLER = 'S-1-5-80-956008885-3418522649-1831038044-1853292631-2271478464';
/** CREATOR OWNER in an ACE that applies to the file itself grants nobody anything; OWNER RIGHTS is the owner, checked on its own */
const CREATOR_OWNER = 'S-1-3-0';
const OWNER_RIGHTS = 'S-1-3-4';

/** SDDL's two-letter names of the accounts that matter here (MS-DTYP 2.4.2.4). */
const ALIASES: Record<string, string> = {
  BA: ADMINISTRATORS,
  SY: SYSTEM,
  WD: 'S-1-1-0',
  AU: 'S-1-5-11',
  BU: 'S-1-5-32-545',
  BG: 'S-1-5-32-546',
  PU: 'S-1-5-32-547',
  IU: 'S-1-5-4',
  NU: 'S-1-5-2',
  AN: 'S-1-5-7',
  LS: 'S-1-5-19',
  NS: 'S-1-5-20',
  CO: CREATOR_OWNER,
  OW: OWNER_RIGHTS,
  RD: 'S-1-5-32-555',
  AC: 'S-1-15-2-1',
};

/** How a notice names an account: the English name Windows shows, with the SID. */
const NAMES: Record<string, string> = {
  [ADMINISTRATORS]: 'Administrators',
  [SYSTEM]: 'SYSTEM',
  'S-1-1-0': 'Everyone',
  'S-1-5-11': 'Authenticated Users',
  'S-1-5-32-545': 'Users',
  'S-1-5-32-546': 'Guests',
  'S-1-5-32-547': 'Power Users',
  'S-1-5-4': 'INTERACTIVE',
  'S-1-5-2': 'NETWORK',
  'S-1-5-7': 'ANONYMOUS LOGON',
  'S-1-5-32-555': 'Remote Desktop Users',
  'S-1-15-2-1': 'ALL APPLICATION PACKAGES',
};

/** The access-mask bits of SDDL's rights letters (MS-DTYP 2.4.2.4 / 2.4.3). */
const RIGHTS: Record<string, number> = {
  GA: 0x10000000,
  GR: 0x80000000,
  GW: 0x40000000,
  GX: 0x20000000,
  RC: 0x20000,
  SD: 0x10000,
  WD: 0x40000,
  WO: 0x80000,
  RP: 0x10,
  WP: 0x20,
  CC: 0x1,
  DC: 0x2,
  LC: 0x4,
  SW: 0x8,
  LO: 0x80,
  DT: 0x40,
  CR: 0x100,
  FA: 0x1f01ff,
  FR: 0x120089,
  FW: 0x120116,
  FX: 0x1200a0,
  KA: 0xf003f,
  KR: 0x20019,
  KW: 0x20006,
  KX: 0x20019,
};

/**
 * The rights that let someone change what the policy says, or make it say nothing: write or append
 * data, delete, change the access list or take ownership, and the generic write/all.
 */
const CHANGE = 0x2 | 0x4 | 0x10000 | 0x40000 | 0x80000 | 0x10000000 | 0x40000000;

function sidOf(token: string): string {
  return ALIASES[token] ?? token;
}

function nameOf(sid: string): string {
  const name = NAMES[sid];
  return name ? `${name} (${sid})` : sid;
}

function maskOf(rights: string): number | null {
  if (/^0x[0-9a-f]+$/i.test(rights)) return Number.parseInt(rights.slice(2), 16);
  if (!/^([A-Z]{2})*$/.test(rights)) return null;
  let mask = 0;
  for (let i = 0; i < rights.length; i += 2) {
    const bits = RIGHTS[rights.slice(i, i + 2)];
    if (bits === undefined) return null;
    mask |= bits;
  }
  return mask;
}

interface Ace {
  type: string;
  flags: string;
  mask: number;
  sid: string;
}

/**
 * The ACE strings at the start of `s` — `(…)(…)`, where a conditional ACE holds parentheses (and
 * quoted text) of its own — and where they end; null when a parenthesis is left open.
 */
function aceStrings(s: string): { aces: string[]; end: number } | null {
  const aces: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  let i = 0;
  for (; i < s.length; i++) {
    const c = s[i];
    if (quoted) {
      if (c === '"') quoted = false;
    } else if (c === '"' && depth > 0) quoted = true;
    else if (c === '(') {
      if (depth === 0) start = i + 1;
      depth++;
    } else if (c === ')' && depth > 0) {
      depth--;
      if (depth === 0) aces.push(s.slice(start, i));
    } else if (depth === 0) break;
  }
  return depth === 0 ? { aces, end: i } : null;
}

const ACCOUNT = /^(S-1-[0-9]+(?:-[0-9]+)+|[A-Z]{2})/;

/**
 * The owner and DACL of an SDDL string (`O:owner G:group D:flags(ace)… S:…`); `aces: null` is a
 * NULL or missing DACL (everyone may do anything). Null when the text is not such a descriptor.
 */
export function parseSddl(sddl: string): { owner: string; aces: Ace[] | null } | null {
  let s = sddl.trim();
  if (!s.startsWith('O:')) return null;
  const owner = ACCOUNT.exec(s.slice(2));
  if (!owner) return null;
  s = s.slice(2 + owner[0].length);
  if (s.startsWith('G:')) {
    const group = ACCOUNT.exec(s.slice(2));
    if (!group) return null;
    s = s.slice(2 + group[0].length);
  }
  if (!s.startsWith('D:')) return { owner: sidOf(owner[1]!), aces: null };
  const flags = /^(?:P|AI|AR|NO_ACCESS_CONTROL)*/.exec(s.slice(2))![0];
  if (flags.includes('NO_ACCESS_CONTROL')) return { owner: sidOf(owner[1]!), aces: null };
  const list = aceStrings(s.slice(2 + flags.length));
  if (!list) return null;
  const rest = s.slice(2 + flags.length + list.end);
  if (rest !== '' && !rest.startsWith('S:')) return null;
  const aces: Ace[] = [];
  for (const a of list.aces) {
    const fields = a.split(';');
    if (fields.length < 6) return null;
    const [type = '', flagsOfAce = '', rights = '', , , account = ''] = fields;
    const mask = maskOf(rights);
    const sid = ACCOUNT.exec(account);
    if (mask === null || !sid || sid[0] !== account) return null;
    aces.push({ type, flags: flagsOfAce, mask, sid: sidOf(account) });
  }
  return { owner: sidOf(owner[1]!), aces };
}

/**
 * Why the policy file may not be trusted on Windows, or null. The owner must be Administrators or
 * SYSTEM (or, for a file the user names with FAXDESK_POLICY in a checkout, that user), and no ACE
 * that applies to the file may let anyone else change it.
 */
export function windowsAclProblem(acl: WindowsAcl, fromEnv: boolean): string | null {
  if ('error' in acl) return `not checkable (its owner and permissions could not be read: ${acl.error})`;
  const parsed = parseSddl(acl.sddl);
  if (!parsed) return 'not checkable (its owner and permissions could not be read)';
  const self = fromEnv && acl.userSid ? [acl.userSid] : [];
  const owners = [ADMINISTRATORS, SYSTEM, ...self];
  if (!owners.includes(parsed.owner)) return `owned by ${nameOf(parsed.owner)}, not by Administrators or SYSTEM`;
  if (parsed.aces === null) return 'writable by everyone (it has no access control list)';
  const trusted = [ADMINISTRATORS, SYSTEM, TRUSTED_INSTALLER, CREATOR_OWNER, OWNER_RIGHTS, ...self];
  for (const ace of parsed.aces) {
    // allow ACEs only (a deny never adds a writer); inherit-only ones do not apply to the file itself
    if (!/^(A|XA|OA|ZA)$/.test(ace.type) || ace.flags.includes('IO')) continue;
    if (ace.mask & CHANGE && !trusted.includes(ace.sid)) return `writable by ${nameOf(ace.sid)}`;
  }
  return null;
}

export interface ReadWindowsAclOptions {
  /** the program and its arguments (tests); default: Windows PowerShell from %SystemRoot% */
  command?: string;
  args?: string[];
  timeoutMs?: number;
  env?: NodeJS.ProcessEnv;
}

/** Longest PowerShell may take (a cold start on a slow desk takes a few seconds). */
export const ACL_TIMEOUT_MS = 10_000;
/** A descriptor is a few hundred bytes; more than this is not an answer. */
export const ACL_MAX_BYTES = 64 * 1024;

const SCRIPT = [
  "$ErrorActionPreference = 'Stop'",
  '$acl = Get-Acl -LiteralPath $env:FAXDESK_POLICY_FILE',
  '[Console]::Out.WriteLine($acl.Sddl)',
  '[Console]::Out.WriteLine([System.Security.Principal.WindowsIdentity]::GetCurrent().User.Value)',
].join('; ');

/**
 * The file's owner and ACL as SDDL, from PowerShell (the path travels in an environment variable,
 * never inside the script). Waits at most `timeoutMs`, reads at most ACL_MAX_BYTES; never throws.
 */
export function readWindowsAcl(file: string, options: ReadWindowsAclOptions = {}): WindowsAcl {
  const env = options.env ?? process.env;
  const command =
    options.command ?? path.win32.join(env['SystemRoot'] ?? 'C:\\Windows', 'System32', 'WindowsPowerShell', 'v1.0', 'powershell.exe');
  const args = options.args ?? ['-NoLogo', '-NoProfile', '-NonInteractive', '-Command', SCRIPT];
  const timeoutMs = options.timeoutMs ?? ACL_TIMEOUT_MS;
  const r = spawnSync(command, args, {
    env: { ...env, FAXDESK_POLICY_FILE: file },
    encoding: 'utf8',
    timeout: timeoutMs,
    maxBuffer: ACL_MAX_BYTES,
    windowsHide: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const code = (r.error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ETIMEDOUT') return { error: `PowerShell did not answer within ${timeoutMs / 1000} s` };
  if (code === 'ENOBUFS') return { error: `PowerShell wrote more than ${ACL_MAX_BYTES} bytes` };
  if (r.error) return { error: `PowerShell could not be started (${code ?? r.error.message})` };
  if (r.status !== 0) {
    const said = (r.stderr ?? '').trim().split(/\r?\n/)[0]?.slice(0, 200) ?? '';
    return { error: `PowerShell exited with ${r.status ?? r.signal}${said ? `: ${said}` : ''}` };
  }
  const lines = (r.stdout ?? '').split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  const sddl = lines.find((l) => l.startsWith('O:'));
  if (!sddl) return { error: 'PowerShell gave no security descriptor' };
  return { sddl, userSid: lines.find((l) => /^S-1-[0-9-]+$/.test(l)) ?? null };
}
