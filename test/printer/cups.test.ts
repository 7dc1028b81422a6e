import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentsOffered } from '../../src/shared/ipc/channels/intake';
import { IntakeQueue } from '../../src/main/intake/documents';
import { HotFolder, defaultHotFolderPath } from '../../src/main/intake/hot-folder';

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
      const until = Date.now() + 15_000;
      while (!schedulerRunning()) {
        if (Date.now() > until) throw new Error('cupsd did not start within 15 s');
        await new Promise((r) => setTimeout(r, 200));
      }
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
});
