import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentsOffered } from '../../src/shared/ipc/channels/intake';
import { IntakeQueue } from '../../src/main/intake/documents';
import { HotFolder } from '../../src/main/intake/hot-folder';
import { defaultHotFolderPath } from '../../src/main/intake/outbox-names';
import { readPrintJob } from '../../src/main/intake/print-job';
import { createTask, sim, uploadBytes, waitForTaskEnd } from '../simulator/helpers';
import { until } from '../helpers/until';

// The real thing: CUPS installs the FaxDesk printer from resources/, `lp`
// prints a PDF to it, the backend delivers it into root's hot folder, and the
// hot folder hands it to the queue that feeds the Send screen. It needs CUPS
// and root; anywhere else it says why it did not run.
const linuxDir = path.resolve('resources/printer/linux');
const sbin = (cmd: string) => ['/usr/sbin', '/usr/bin', '/sbin', '/bin'].map((d) => path.join(d, cmd)).find((p) => fs.existsSync(p)) ?? null;
const run = (cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env) =>
  spawnSync(cmd, args, { encoding: 'utf8', env, timeout: 30_000 });

function whyNot(): string | null {
  if (process.platform !== 'linux') return `CUPS test runs on Linux only (this is ${process.platform})`;
  for (const cmd of ['cupsd', 'lpadmin', 'lp', 'lpstat']) if (!sbin(cmd)) return `${cmd} not found: install CUPS (apt-get install cups cups-client cups-bsd)`;
  if (process.getuid?.() !== 0) return 'installing a printer needs root (run the test suite as root, as CI does)';
  return null;
}

const skipReason = whyNot();
if (skipReason) console.log(`[printer] skipping the CUPS virtual printer test: ${skipReason}`);

const schedulerRunning = () => run('lpstat', ['-r']).stdout.includes('scheduler is running');

describe.skipIf(skipReason !== null)('the FaxDesk CUPS printer', () => {
  let cupsd: ChildProcess | null = null;
  let printer = 'FaxDesk';
  const outbox = defaultHotFolderPath('/root');
  const createdOutbox = !fs.existsSync(path.join('/root', 'FaxDesk'));
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-cups-'));
  const title = `FaxDesk CUPS test ${process.pid}-${Date.now()}`;
  let delivered: string | null = null;
  let folder: HotFolder | null = null;

  beforeAll(async () => {
    if (!schedulerRunning()) {
      // foreground mode so the test owns it and can stop it again
      cupsd = spawn(sbin('cupsd')!, ['-f'], { stdio: 'ignore' });
      await until('cupsd to start (15 s)', () => schedulerRunning(), 15_000);
    }
    // never replace a FaxDesk printer someone really uses
    if (run('lpstat', ['-p', 'FaxDesk']).status === 0) printer = `FaxDeskTest${process.pid}`;
    const installed = run('sh', [path.join(linuxDir, 'install-printer.sh')], { ...process.env, FAXDESK_PRINTER_NAME: printer });
    if (installed.status !== 0) throw new Error(`install-printer.sh failed: ${installed.stderr}`);
  }, 60_000);

  afterAll(() => {
    folder?.stop();
    run('sh', [path.join(linuxDir, 'uninstall-printer.sh')], { ...process.env, FAXDESK_PRINTER_NAME: printer });
    if (delivered) fs.rmSync(delivered, { force: true });
    if (createdOutbox) fs.rmSync(path.join('/root', 'FaxDesk'), { recursive: true, force: true });
    fs.rmSync(work, { recursive: true, force: true });
    if (cupsd) cupsd.kill('SIGTERM');
  });

  it('is installed with a root-only backend and the faxdesk: device', () => {
    const backend = ['/usr/lib/cups/backend/faxdesk', '/usr/libexec/cups/backend/faxdesk'].find((p) => fs.existsSync(p))!;
    const st = fs.statSync(backend);
    expect(st.uid).toBe(0);
    expect(st.mode & 0o777).toBe(0o700);
    expect(run('lpstat', ['-v', printer]).stdout).toContain(`device for ${printer}: faxdesk:/`);
    // jobs only from authenticated users: the policy the queue uses is in cupsd.conf
    expect(fs.readFileSync('/etc/cups/cupsd.conf', 'utf8')).toMatch(/^<Policy faxdesk>[\s\S]*Require valid-user[\s\S]*^<\/Policy>/m);
  });

  it('lp -d FaxDesk delivers the PDF into the hot folder and the Send screen receives it', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    for (const text of ['Page one: printed to FaxDesk', 'Page two']) pdf.addPage([595, 842]).drawText(text, { x: 72, y: 760, size: 18, font });
    const source = path.join(work, 'some.pdf');
    fs.writeFileSync(source, await pdf.save());

    const sent: DocumentsOffered[] = [];
    const queue = new IntakeQueue({ emit: (name, payload) => void (name === 'documentsOffered' && sent.push(payload as DocumentsOffered)) });
    folder = new HotFolder({ dir: outbox, settleMs: 500, rescanMs: 500, onDocument: (p, s) => queue.offer([p], s) });
    folder.start();

    const lp = run('lp', ['-d', printer, '-t', title, source]);
    expect(lp.status, lp.stderr).toBe(0);
    const jobId = /request id is \S+-(\d+)/.exec(lp.stdout)?.[1];
    expect(jobId).toBeDefined();

    const ours = () => sent.flatMap((s) => s.documents).filter((d) => d.name.startsWith(title));
    await expect
      .poll(() => ours().length, { timeout: 30_000, interval: 250, message: `no PDF arrived in ${outbox}; lpstat: ${run('lpstat', ['-W', 'all', '-l', '-o']).stdout}` })
      .toBe(1);
    const doc = ours()[0]!;
    delivered = queue.grants.pathOf(doc.handle);
    expect(doc).toMatchObject({ name: `${title} (print job ${jobId}).pdf`, source: 'print' });
    expect(delivered).toBe(path.join(outbox, doc.name));
    expect(doc.size).toBeGreaterThan(0);

    // complete, and still the two pages that were printed
    const received = await PDFDocument.load(fs.readFileSync(delivered));
    expect(received.getPageCount()).toBe(2);
    // the backend's temp file is gone: only the finished document is left
    expect(fs.readdirSync(outbox).filter((n) => n.includes(`job-${jobId}`) || n.startsWith(title))).toEqual([doc.name]);

    // the Send screen mounting later still gets it
    expect(queue.take().documents.map((d) => d.name)).toContain(doc.name);
  }, 60_000);

  /** Prints and waits for the document the backend delivers into `dir` for this job. */
  async function printAndReceive(args: string[], file: string, dir = outbox): Promise<{ jobId: string; path: string }> {
    const lp = run('lp', ['-d', printer, ...args, file]);
    expect(lp.status, lp.stderr).toBe(0);
    const jobId = /request id is \S+-(\d+)/.exec(lp.stdout)?.[1];
    expect(jobId).toBeDefined();
    const suffix = ` (print job ${jobId}).pdf`;
    let found: string | undefined;
    await expect
      .poll(
        () => {
          found = fs.existsSync(dir) ? fs.readdirSync(dir).find((n) => n.endsWith(suffix) && !n.startsWith('.')) : undefined;
          return found;
        },
        { timeout: 30_000, interval: 250, message: `job ${jobId} did not arrive in ${dir}; lpstat: ${run('lpstat', ['-W', 'all', '-l', '-o']).stdout}` },
      )
      .toBeDefined();
    const delivered = path.join(dir, found!);
    cleanup.push(delivered, path.join(dir, `.${found!}.faxdesk.json`));
    return { jobId: jobId!, path: delivered };
  }
  const cleanup: string[] = [];
  afterAll(() => {
    for (const f of cleanup) fs.rmSync(f, { force: true });
  });

  async function threePages(): Promise<string> {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    for (const text of ['one', 'two', 'three']) pdf.addPage([595, 842]).drawText(`Page ${text}`, { x: 72, y: 760, size: 18, font });
    const file = path.join(work, 'three pages.pdf');
    fs.writeFileSync(file, await pdf.save());
    return file;
  }

  it('applies page ranges (pdftopdf is in the chain): -o page-ranges=2 of three pages arrives as one page', async () => {
    const { path: delivered } = await printAndReceive(['-t', `range ${title}`, '-o', 'page-ranges=2'], await threePages());
    expect((await PDFDocument.load(fs.readFileSync(delivered))).getPageCount()).toBe(1);
  }, 60_000);

  it('keeps a 40-character Chinese title as the document name', async () => {
    const chinese = '关于二零二六年第四季度办公用品采购报价单及付款条件的确认函请于本周五前回复传真件';
    expect([...chinese]).toHaveLength(40);
    const { jobId, path: delivered } = await printAndReceive(['-t', chinese], await threePages());
    expect(path.basename(delivered)).toBe(`${chinese} (print job ${jobId}).pdf`);
    expect(readPrintJob(delivered)?.name).toBe(chinese);
  }, 60_000);

  it('passes -o phone=… (several numbers) and the job name to FaxDesk in the sidecar', async () => {
    const { path: delivered } = await printAndReceive(['-t', '报价单 March', '-o', 'phone=+861012345678,02187654321'], await threePages());
    expect(readPrintJob(delivered)).toMatchObject({ recipients: ['+861012345678', '02187654321'], name: '报价单 March' });
  }, 60_000);

  it('turns a printed text file into a PDF the demo simulator accepts, with its page count', async () => {
    const text = path.join(work, 'notes.txt');
    // 150 lines: three pages as texttopdf sets them; words with "stream" in them, as in any report
    fs.writeFileSync(text, Array.from({ length: 150 }, (_, i) => `Line ${i + 1}: upstream and downstream figures`).join('\n') + '\n');
    const { path: delivered } = await printAndReceive(['-t', `text ${title}`], text);
    const bytes = fs.readFileSync(delivered);
    const pdfinfoPages = run('pdfinfo', [delivered]).stdout.match(/^Pages:\s+(\d+)/m)?.[1];
    const s = await sim({ speed: 500, balance: 1000 });
    const up = await uploadBytes(s, path.basename(delivered), bytes);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const created = await createTask(s, [up.body.data.file_ref], ['8613800000001']);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const task = await waitForTaskEnd(s, created.body.data.task_ref);
    expect(task.recipients[0]!.status).toBe('success');
    expect(task.recipients[0]!.page_count).toBeGreaterThanOrEqual(2);
    if (pdfinfoPages) expect(task.recipients[0]!.page_count).toBe(Number(pdfinfoPages));
  }, 60_000);

  describe('on a host with several users', () => {
    const other = `fdx${process.pid % 100000}`;
    const otherHome = path.join(work, 'home-other');
    let created = false;
    beforeAll(() => {
      const add = run('useradd', ['-m', '-d', otherHome, '-s', '/bin/sh', other]);
      if (add.status !== 0) throw new Error(`useradd failed: ${add.stderr}`);
      created = true;
      // su needs to reach the job file as that user
      fs.chmodSync(work, 0o755);
    });
    afterAll(() => {
      if (created) run('userdel', ['-r', other]);
    });

    it('refuses a job that claims to come from someone else (lp -U root from another user), and takes that user\'s own', async () => {
      const file = await threePages();
      fs.chmodSync(file, 0o644);
      const before = fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0;
      const spoof = run('su', [other, '-c', `lp -U root -d ${printer} -t spoofed-${process.pid} '${file}'`]);
      expect(spoof.status).not.toBe(0);
      expect(spoof.stderr).toMatch(/Unauthorized|Forbidden|not authorized/i);

      // the same user printing as themselves: it lands in their own outbox, owned by them
      const own = run('su', [other, '-c', `lp -d ${printer} -t own-${process.pid} '${file}'`]);
      expect(own.status, own.stderr).toBe(0);
      const theirs = defaultHotFolderPath(otherHome);
      await expect.poll(() => (fs.existsSync(theirs) ? fs.readdirSync(theirs).filter((n) => n.startsWith(`own-${process.pid}`)) : []), { timeout: 30_000 }).toHaveLength(1);
      const uid = Number(run('id', ['-u', other]).stdout.trim());
      const doc = fs.readdirSync(theirs).find((n) => n.startsWith(`own-${process.pid}`))!;
      expect(fs.statSync(path.join(theirs, doc)).uid).toBe(uid);

      // and nothing reached root's outbox
      expect(fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((n) => n.includes(`spoofed-${process.pid}`)) : []).toEqual([]);
      expect(fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0).toBe(before);
    }, 60_000);
  });

  describe('the .deb package scripts (post-install, pre-removal, post-removal) in a temporary root', () => {
    // The FaxDesk parts of the package's maintainer scripts, as electron-builder fills them in, with
    // /opt/FaxDesk/resources/printer/linux pointing at this checkout and /etc under a temporary root.
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-pkgroot-'));
    const queue = `FaxDeskPkg${process.pid}`;
    const render = (file: string, from: string) => {
      const text = fs.readFileSync(path.resolve('build/linux', file), 'utf8');
      const part = text.slice(text.indexOf(from));
      expect(part.length, `${file} has no "${from}"`).toBeGreaterThan(from.length);
      return part.replaceAll('${sanitizedProductName}', 'FaxDesk').replaceAll('${executable}', 'faxdesk').replaceAll('/opt/FaxDesk/resources/printer/linux', linuxDir);
    };
    const runScript = (text: string, arg: string) => {
      const file = path.join(root, `script-${Math.random().toString(36).slice(2)}.sh`);
      fs.writeFileSync(file, text);
      return run('bash', [file, arg], { ...process.env, FAXDESK_ROOT: root, FAXDESK_PRINTER_NAME: queue });
    };
    // another account on the machine: the queue is the system's, for every user
    const asNobody = (cmd: string) => run('su', ['-s', '/bin/sh', 'nobody', '-c', cmd]);
    const policyDir = path.join(root, 'etc', 'faxdesk');
    afterAll(() => {
      if (run('lpstat', ['-p', queue]).status === 0) run('lpadmin', ['-x', queue]);
      fs.rmSync(root, { recursive: true, force: true });
    });

    it('post-install: the fax queue for all users and a root-only policy folder; removal: queue gone, policy kept; purge: policy gone', () => {
      const installed = runScript(render('after-install.tpl', '# --- FaxDesk: the virtual printer'), 'configure');
      expect(installed.status, installed.stderr).toBe(0);
      expect(run('lpstat', ['-v', queue]).stdout).toContain(`device for ${queue}: faxdesk:/`);
      const seen = asNobody(`lpstat -p ${queue}`);
      expect(seen.status, seen.stderr).toBe(0);
      expect(seen.stdout).toMatch(new RegExp(`printer ${queue} is idle`));
      const st = fs.statSync(policyDir);
      expect([st.uid, st.gid, st.mode & 0o777]).toEqual([0, 0, 0o755]);
      expect(fs.readlinkSync(path.join(policyDir, 'policy.schema.json'))).toBe('/opt/FaxDesk/resources/policy.schema.json');
      fs.writeFileSync(path.join(policyDir, 'policy.json'), '{"defaultCountry": {"value": "DE"}}', { mode: 0o644 });

      // dpkg -r: prerm remove (the printer goes while its scripts exist), then postrm remove
      const before = runScript(render('before-remove.sh', '#!/bin/sh'), 'remove');
      expect(before.status, before.stderr).toBe(0);
      expect(run('lpstat', ['-p', queue]).status).not.toBe(0);
      expect(asNobody(`lpstat -p ${queue}`).status).not.toBe(0);
      const removed = runScript(render('after-remove.tpl', '# --- FaxDesk: after the files'), 'remove');
      expect(removed.status, removed.stderr).toBe(0);
      expect(fs.readFileSync(path.join(policyDir, 'policy.json'), 'utf8')).toContain('DE');

      // dpkg --purge: the policy and its folder go
      const purged = runScript(render('after-remove.tpl', '# --- FaxDesk: after the files'), 'purge');
      expect(purged.status, purged.stderr).toBe(0);
      expect(fs.existsSync(policyDir)).toBe(false);
    }, 60_000);

    it('an upgrade (prerm upgrade) leaves the queue in place', () => {
      const installed = runScript(render('after-install.tpl', '# --- FaxDesk: the virtual printer'), 'configure');
      expect(installed.status, installed.stderr).toBe(0);
      expect(runScript(render('before-remove.sh', '#!/bin/sh'), 'upgrade').status).toBe(0);
      expect(run('lpstat', ['-p', queue]).status).toBe(0);
    }, 60_000);
  });

  it('uninstall fails loudly, and changes nothing, when cupsd cannot be reached', () => {
    const r = run('sh', [path.join(linuxDir, 'uninstall-printer.sh')], { ...process.env, FAXDESK_PRINTER_NAME: printer, CUPS_SERVER: '127.0.0.1:1' });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/scheduler is not running or not reachable/);
    expect(run('lpstat', ['-p', printer]).status).toBe(0);
  });
});
