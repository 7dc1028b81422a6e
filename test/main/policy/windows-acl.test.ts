import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPolicy as rp } from "@main/policy/policy-file";
const readPolicy = (o: Record<string, unknown>) => rp(o as never);
import { parseSddl, readWindowsAcl, windowsAclProblem, type WindowsAcl } from '@main/policy/windows-acl';
import { writePolicy } from '../../helpers/policy';
import { tempDirs } from '../../helpers/temp-dirs';

const tempDir = tempDirs('faxdesk-winacl-');

// Descriptors as `(Get-Acl -LiteralPath <file>).Sddl` prints them on Windows 10/11 for a file in
// %ProgramData%\FaxDesk (SDDL names accounts by SID, whatever language Windows speaks).
const ANN = 'S-1-5-21-3623811015-3361044348-30300820-1013';
const SDDL = {
  /** created by an elevated administrator: inherits SYSTEM and Administrators full, Users read & execute */
  adminCreated: 'O:BAG:SYD:AI(A;ID;FA;;;SY)(A;ID;FA;;;BA)(A;ID;0x1200a9;;;BU)',
  /** owned by SYSTEM (a deployment tool running as LocalSystem wrote it) */
  systemOwned: 'O:SYG:SYD:PAI(A;;FA;;;SY)(A;;FA;;;BA)(A;;FR;;;BU)',
  /** the owner written as a SID rather than BA */
  ownerAsSid: 'O:S-1-5-32-544G:S-1-5-21-3623811015-3361044348-30300820-513D:AI(A;ID;FA;;;SY)(A;ID;FA;;;BA)(A;ID;0x1200a9;;;BU)',
  /** created by user Ann in the folder: she owns it and CREATOR OWNER gave her full control */
  userCreated: `O:${ANN}G:${ANN}D:AI(A;ID;FA;;;SY)(A;ID;FA;;;BA)(A;ID;FA;;;${ANN})(A;ID;0x1200a9;;;BU)`,
  /** Users given Modify (icacls policy.json /grant Users:M) */
  usersModify: 'O:BAG:SYD:AI(A;;0x1301bf;;;BU)(A;ID;FA;;;SY)(A;ID;FA;;;BA)(A;ID;0x1200a9;;;BU)',
  /** Everyone given Full control */
  everyoneFull: 'O:BAG:SYD:AI(A;;FA;;;WD)(A;ID;FA;;;SY)(A;ID;FA;;;BA)',
  /** Authenticated Users given Write (icacls … /grant "Authenticated Users":W) */
  authenticatedWrite: 'O:BAG:SYD:AI(A;;0x100116;;;AU)(A;ID;FA;;;SY)(A;ID;FA;;;BA)',
  /** Users may only append data (FILE_APPEND_DATA): enough to add a key that wins */
  usersAppend: 'O:BAG:SYD:(A;;0x4;;;BU)(A;;FA;;;BA)',
  /** Users may change the ACL (WRITE_DAC) and so give themselves write */
  usersWriteDac: 'O:BAG:SYD:(A;;RCWD;;;BU)(A;;FA;;;BA)',
  /** a NULL DACL: no access control at all */
  nullDacl: 'O:BAG:SYD:NO_ACCESS_CONTROL',
  /** a deny ACE for Everyone's writes and read-only for Users: safe */
  denyAndRead: 'O:BAG:SYD:P(D;;FW;;;WD)(A;;FA;;;SY)(A;;FA;;;BA)(A;;FR;;;BU)(A;;FR;;;AU)',
  /** TrustedInstaller full, Users read: safe */
  trustedInstaller: 'O:BAG:SYD:PAI(A;;FA;;;S-1-5-80-956008885-3418522649-1831038044-1853292631-2271478464)(A;;FA;;;BA)(A;;0x1200a9;;;BU)',
  /** an inherit-only write ACE (applies to children, not to this file) and a SACL after the DACL */
  inheritOnlyAndSacl: 'O:BAG:SYD:AI(A;OICIIO;FA;;;BU)(A;;FA;;;BA)(A;;FR;;;BU)S:AI(AU;SAFA;FA;;;WD)',
  /** a conditional ACE letting Everyone write when a claim holds (its condition has parentheses of its own) */
  conditional: 'O:BAG:SYD:(A;;FA;;;BA)(XA;;FW;;;WD;(@User.Department == "IT (north)"))',
};

const acl = (sddl: string, userSid: string | null = ANN): WindowsAcl => ({ sddl, userSid });

describe('the Windows policy file: owner and access list (issue 28)', () => {
  it('a file owned by Administrators or SYSTEM that only they may change is trusted', () => {
    for (const s of [SDDL.adminCreated, SDDL.systemOwned, SDDL.ownerAsSid, SDDL.denyAndRead, SDDL.trustedInstaller, SDDL.inheritOnlyAndSacl]) {
      expect([s, windowsAclProblem(acl(s), false)]).toEqual([s, null]);
    }
  });

  it('a file a user owns is ignored, naming the owner; only a file the user names with FAXDESK_POLICY may be theirs', () => {
    expect(windowsAclProblem(acl(SDDL.userCreated), false)).toBe(`owned by ${ANN}, not by Administrators or SYSTEM`);
    expect(windowsAclProblem(acl(SDDL.userCreated), true)).toBeNull();
    // another user's file stays refused even when named by FAXDESK_POLICY
    expect(windowsAclProblem(acl(SDDL.userCreated, 'S-1-5-21-3623811015-3361044348-30300820-1014'), true)).toBe(`owned by ${ANN}, not by Administrators or SYSTEM`);
    expect(windowsAclProblem(acl(SDDL.userCreated, null), true)).toBe(`owned by ${ANN}, not by Administrators or SYSTEM`);
  });

  it('a file Users, Everyone or Authenticated Users may write, append to or re-permission is ignored, naming who', () => {
    expect(windowsAclProblem(acl(SDDL.usersModify), false)).toBe('writable by Users (S-1-5-32-545)');
    expect(windowsAclProblem(acl(SDDL.everyoneFull), false)).toBe('writable by Everyone (S-1-1-0)');
    expect(windowsAclProblem(acl(SDDL.authenticatedWrite), false)).toBe('writable by Authenticated Users (S-1-5-11)');
    expect(windowsAclProblem(acl(SDDL.usersAppend), false)).toBe('writable by Users (S-1-5-32-545)');
    expect(windowsAclProblem(acl(SDDL.usersWriteDac), false)).toBe('writable by Users (S-1-5-32-545)');
    expect(windowsAclProblem(acl(SDDL.conditional), false)).toBe('writable by Everyone (S-1-1-0)');
    expect(windowsAclProblem(acl(SDDL.nullDacl), false)).toBe('writable by everyone (it has no access control list)');
  });

  it('read and execute for Users is fine; one more right that changes the file is not', () => {
    // 0x1200a9 = read & execute; adding FILE_WRITE_DATA (0x2) makes it a writer
    expect(windowsAclProblem(acl('O:BAG:SYD:(A;;FA;;;BA)(A;;0x1200a9;;;BU)'), false)).toBeNull();
    expect(windowsAclProblem(acl('O:BAG:SYD:(A;;FA;;;BA)(A;;0x1200ab;;;BU)'), false)).toBe('writable by Users (S-1-5-32-545)');
    // DELETE alone lets a user remove the locks for everyone
    expect(windowsAclProblem(acl('O:BAG:SYD:(A;;FA;;;BA)(A;;SD;;;BU)'), false)).toBe('writable by Users (S-1-5-32-545)');
    // FAXDESK_POLICY: the user's own write on their own file is fine
    expect(windowsAclProblem(acl(`O:${ANN}D:(A;;FA;;;${ANN})`), true)).toBeNull();
    expect(windowsAclProblem(acl(`O:${ANN}D:(A;;FA;;;${ANN})(A;;FW;;;BU)`), true)).toBe('writable by Users (S-1-5-32-545)');
  });

  it('what cannot be read is not trusted: a failed or garbled answer ignores the policy with a notice', () => {
    expect(windowsAclProblem({ error: 'PowerShell did not answer within 10 s' }, false)).toBe(
      'not checkable (its owner and permissions could not be read: PowerShell did not answer within 10 s)',
    );
    for (const s of ['', 'Access is denied.', 'O:', 'O:BAG:SYD:(A;;FA;;;BA', 'O:BAG:SYD:(A;;QQ;;;BU)', 'O:BAG:SYD:(A;;FA;;;BA)junk']) {
      expect([s, windowsAclProblem(acl(s), false)]).toEqual([s, 'not checkable (its owner and permissions could not be read)']);
    }
  });

  it('parses owner aliases and SIDs, ACE flags and rights as Windows writes them', () => {
    expect(parseSddl(SDDL.adminCreated)).toEqual({
      owner: 'S-1-5-32-544',
      aces: [
        { type: 'A', flags: 'ID', mask: 0x1f01ff, sid: 'S-1-5-18' },
        { type: 'A', flags: 'ID', mask: 0x1f01ff, sid: 'S-1-5-32-544' },
        { type: 'A', flags: 'ID', mask: 0x1200a9, sid: 'S-1-5-32-545' },
      ],
    });
    expect(parseSddl('O:SYD:')).toEqual({ owner: 'S-1-5-18', aces: [] });
    expect(parseSddl('O:BAG:SY')).toEqual({ owner: 'S-1-5-32-544', aces: null });
  });
});

describe('reading the ACL: PowerShell only on Windows, bounded in time and size', () => {
  const node = process.execPath;
  const script = (js: string) => ({ command: node, args: ['-e', js] });

  it('reads the descriptor and the user’s SID from the program’s output; the path reaches it in the environment', () => {
    const file = 'C:\\ProgramData\\FaxDesk\\policy.json';
    const r = readWindowsAcl(file, script(`process.stdout.write((process.env.FAXDESK_POLICY_FILE === ${JSON.stringify(file)} ? ${JSON.stringify(SDDL.adminCreated)} : 'O:WD') + '\\r\\n${ANN}\\r\\n')`));
    expect(r).toEqual({ sddl: SDDL.adminCreated, userSid: ANN });
  });

  it('a program that hangs is stopped at the time limit; one that floods is cut off; a failure is said', () => {
    const started = Date.now();
    expect(readWindowsAcl('x', { ...script('setTimeout(() => {}, 60_000)'), timeoutMs: 500 })).toEqual({ error: 'PowerShell did not answer within 0.5 s' });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(readWindowsAcl('x', script("process.stdout.write('O:BA'.padEnd(200_000, 'x'))"))).toEqual({ error: 'PowerShell wrote more than 65536 bytes' });
    expect(readWindowsAcl('x', script("process.stderr.write('Get-Acl : Cannot find path\\n'); process.exit(1)"))).toEqual({
      error: 'PowerShell exited with 1: Get-Acl : Cannot find path',
    });
    expect(readWindowsAcl('x', script("process.stdout.write('nothing useful')"))).toEqual({ error: 'PowerShell gave no security descriptor' });
    expect(readWindowsAcl('x', { command: path.join(tempDir(), 'no-such-powershell.exe') })).toEqual({ error: 'PowerShell could not be started (ENOENT)' });
  });

  it('readPolicy asks for the ACL on Windows only, and ignores the file when the ACL says so', () => {
    const file = writePolicy(tempDir(), { defaultCountry: { value: 'DE', locked: true } });
    const asked: string[] = [];
    const reader = (sddl: string) => (f: string) => {
      asked.push(f);
      return acl(sddl, null);
    };
    const env = { FAXDESK_POLICY: file };
    const uid = process.getuid?.() ?? 0;

    const linux = readPolicy({ platform: 'linux', env, uid, readWindowsAcl: reader(SDDL.everyoneFull) });
    expect(asked).toEqual([]);
    expect(linux.locked).toEqual({ defaultCountry: 'DE' });

    const safe = readPolicy({ platform: 'win32', env, readWindowsAcl: reader(SDDL.adminCreated) });
    expect(asked).toEqual([file]);
    expect(safe.locked).toEqual({ defaultCountry: 'DE' });
    expect(safe.notices).toEqual([]);

    const open = readPolicy({ platform: 'win32', env, readWindowsAcl: reader(SDDL.usersModify) });
    expect(open.notices).toEqual([{ file, key: null, problem: 'unsafe_owner', detail: 'writable by Users (S-1-5-32-545)' }]);
    expect(open.locked).toEqual({});
    expect(open.managed).toEqual({});
  });
});
