import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isIgnoredName, sourceForName } from '../../src/main/intake/outbox-names';

// The backend script itself, run the way CUPS runs it but as the current user
// (it writes directly when the job's user is the user running it).
const backend = path.resolve('resources/printer/linux/faxdesk');
const hasTools = process.platform !== 'win32' && spawnSync('sh', ['-c', 'command -v getent'], { encoding: 'utf8' }).status === 0;
if (!hasTools) console.log('[printer] skipping backend script tests: needs sh and getent (Linux)');
const me = os.userInfo().username;

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function job(args: string[], input: Buffer | string, outbox: string) {
  return spawnSync('sh', [backend, ...args], { input, encoding: 'utf8', env: { ...process.env, DEVICE_URI: `faxdesk:${outbox}` } });
}

describe.skipIf(!hasTools)('the faxdesk CUPS backend script', () => {
  it('lists itself for lpinfo -v when called without arguments', () => {
    const r = spawnSync('sh', [backend], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^direct faxdesk:\/ "FaxDesk Virtual Fax"/);
  });

  it('writes the job from stdin as "<title> (print job N).pdf", never overwriting, with nothing left behind', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-backend-'));
    dirs.push(root);
    const outbox = path.join(root, 'Outbox');
    const pdf = Buffer.from('%PDF-1.4\n%test\n');
    const r1 = job(['42', me, 'Microsoft Word - 报价/单.pdf', '1', ''], pdf, outbox);
    expect(r1.status, r1.stderr).toBe(0);
    const r2 = job(['42', me, 'Microsoft Word - 报价/单.pdf', '1', ''], pdf, outbox);
    expect(r2.status, r2.stderr).toBe(0);
    const names = fs.readdirSync(outbox).filter((n) => !n.startsWith('.')).sort();
    expect(names).toEqual(['Microsoft Word - 报价_单 (2) (print job 42).pdf', 'Microsoft Word - 报价_单 (print job 42).pdf']);
    // each with its job's sidecar, and no temp file left
    expect(fs.readdirSync(outbox).filter((n) => n.startsWith('.')).sort()).toEqual(names.map((n) => `.${n}.faxdesk.json`).sort());
    expect(fs.readFileSync(path.join(outbox, names[1]!))).toEqual(pdf);
    for (const n of names) {
      expect(sourceForName(n)).toBe('print');
      expect(isIgnoredName(n)).toBe(false);
    }
    expect(fs.statSync(path.join(outbox, names[0]!)).mode & 0o077).toBe(0);
  });

  it('reads the job from a file argument and expands {user} (the form lpadmin accepts) and the older %u in the device URI', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-backend-'));
    dirs.push(root);
    const file = path.join(root, 'job');
    fs.writeFileSync(file, '%PDF-1.7\n');
    const r = job(['7', me, '', '1', '', file], '', path.join(root, 'fax', '{user}'));
    expect(r.status, r.stderr).toBe(0);
    expect(fs.readdirSync(path.join(root, 'fax', me)).filter((n) => !n.startsWith('.'))).toEqual(['Print (print job 7).pdf']);
    const legacy = job(['8', me, '', '1', '', file], '', path.join(root, '%u'));
    expect(legacy.status, legacy.stderr).toBe(0);
    expect(fs.readdirSync(path.join(root, me)).filter((n) => !n.startsWith('.'))).toEqual(['Print (print job 8).pdf']);
  });

  it('keeps a long Chinese title whole up to 80 characters, cut between characters, never inside one', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-backend-'));
    dirs.push(root);
    const forty = '关于二零二六年第四季度办公用品采购报价单及付款条件的确认函请于本周五前回复传真件';
    expect([...forty]).toHaveLength(40);
    expect(job(['20', me, forty, '1', ''], '%PDF-1.4\n', root).status).toBe(0);
    const long = forty.repeat(3);
    expect(job(['21', me, long, '1', ''], '%PDF-1.4\n', root).status).toBe(0);
    const names = fs.readdirSync(root).filter((n) => !n.startsWith('.')).sort();
    expect(names).toContain(`${forty} (print job 20).pdf`);
    const cut = names.find((n) => n.endsWith('(print job 21).pdf'))!;
    // a whole-character prefix, within the file system's 255-byte name limit
    expect(long.startsWith(cut.replace(' (print job 21).pdf', ''))).toBe(true);
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(255);
    expect(Buffer.from(cut).toString('utf8')).toBe(cut);
  });

  it('passes the job title and CUPS options (fax numbers) to FaxDesk in a sidecar written before the PDF', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-backend-'));
    dirs.push(root);
    const options = `number-up=1 phone=+861012345678,02187654321 job-name='a "quoted" \\ title'`;
    const r = job(['30', me, '合同 "v2"', '1', options], '%PDF-1.4\n', root);
    expect(r.status, r.stderr).toBe(0);
    const sidecar = JSON.parse(fs.readFileSync(path.join(root, '.合同 _v2_ (print job 30).pdf.faxdesk.json'), 'utf8'));
    expect(sidecar).toEqual({ version: 1, job: 30, user: me, title: '合同 "v2"', options });
    const pdf = fs.statSync(path.join(root, '合同 _v2_ (print job 30).pdf'));
    const meta = fs.statSync(path.join(root, '.合同 _v2_ (print job 30).pdf.faxdesk.json'));
    expect(meta.mode & 0o077).toBe(0);
    // renamed into place first: FaxDesk never finds the PDF without it
    expect(meta.ctimeMs).toBeLessThanOrEqual(pdf.ctimeMs);
  });

  it('cancels a job that is not PDF or belongs to an unknown user, with a reason CUPS shows', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-backend-'));
    dirs.push(root);
    const notPdf = job(['8', me, 't', '1', ''], 'plain text', root);
    expect(notPdf.status).toBe(5);
    expect(notPdf.stderr).toMatch(/^ERROR: FaxDesk: the job was not PDF/m);
    expect(fs.readdirSync(root)).toEqual([]);
    const stranger = job(['9', 'no-such-user-faxdesk', 't', '1', ''], '%PDF-1.4', root);
    expect(stranger.status).toBe(5);
    expect(stranger.stderr).toMatch(/unknown user/);
  });

  it.skipIf(process.getuid?.() !== 0 || spawnSync('getent', ['passwd', 'nobody']).status !== 0)(
    'as root, writes as the printing user: the file is theirs, and a folder only root may write stays out of reach',
    () => {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-backend-'));
      dirs.push(root);
      fs.chmodSync(root, 0o755);
      const theirs = path.join(root, 'nobody-outbox');
      fs.mkdirSync(theirs);
      const nobody = spawnSync('getent', ['passwd', 'nobody'], { encoding: 'utf8' }).stdout.split(':');
      fs.chownSync(theirs, Number(nobody[2]), Number(nobody[3]));
      const ok = job(['11', 'nobody', 'memo', '1', ''], '%PDF-1.4\n', theirs);
      expect(ok.status, ok.stderr).toBe(0);
      expect(fs.statSync(path.join(theirs, 'memo (print job 11).pdf')).uid).toBe(Number(nobody[2]));

      const rootOnly = path.join(root, 'root-only');
      fs.mkdirSync(rootOnly, { mode: 0o700 });
      const refused = job(['12', 'nobody', 'memo', '1', ''], '%PDF-1.4\n', rootOnly);
      expect(refused.status).toBe(5);
      expect(refused.stderr).toMatch(/cannot write/);
      expect(fs.readdirSync(rootOnly)).toEqual([]);
    },
  );
});
