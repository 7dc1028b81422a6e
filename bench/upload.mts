/**
 * Upload throughput and memory. Three processes, as on a user's machine where
 * the service is remote: the simulator (its command line), the uploader and
 * curl. The uploader is FaxDesk's main process on the Send screen's path
 * (bench/workers/app-upload.mts: createMainServices, `inspectDocuments` when
 * a document is attached, then `uploadDocument`, through the IPC dispatch),
 * bundled as the app's main process is (bench/lib/app-bundle.mts) and run by
 * plain node: not TypeScript compiled on the fly by tsx.
 * Both uploaders send the same 10 MB file to the same simulator, turn about,
 * in the same run, seven uploads a side per round; the figure is the median of the rounds' ratios.
 * Like with like: the app reads the file inside its timing, so its reference is curl `-T` (which
 * streams the file from disk inside its own timing); curl `--data-binary` (the file in memory
 * before its clock starts) is reported beside it, as is a bare node:http sender.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writePaddedPdf } from './lib/pdf.mts';
import { buildAppUploadBundle } from './lib/app-bundle.mts';
import { runNodeJson, runTsxJson, startNode, startSimProcess, type SimProcess } from './lib/processes.mts';
import { figure, median, type Figure } from './lib/report.mts';

const FILE_BYTES = 10_000_000;
const BARE_UPLOAD = path.join(import.meta.dirname, 'workers/bare-upload.mjs');
const MB = 1_000_000;

/**
 * One curl upload. `-T` reads the file from disk as it sends (as the app does, inside the timing);
 * `--data-binary` has read it into memory before its clock starts.
 */
function curlUpload(sim: SimProcess, file: string, how: 'T' | 'data-binary' = 'T'): Promise<{ seconds: number; status: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn('curl', [
      '-sS', '-o', '/dev/null', '-w', '%{http_code} %{time_total}',
      ...(how === 'T' ? ['-X', 'POST', '-T', file] : ['--data-binary', `@${file}`]),
      '-H', 'Content-Type: application/octet-stream',
      '-H', 'X-File-Name: x.pdf',
      '-H', `X-API-Key: ${sim.apiKey}`,
      '-H', `X-API-Secret: ${sim.apiSecret}`,
      `${sim.baseUrl}/api/v2/files/upload`,
    ]);
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const [status, seconds] = out.trim().split(' ');
      if (code !== 0 || status !== '200') return reject(new Error(`curl upload failed (exit ${code}): ${out}`));
      resolve({ seconds: Number(seconds), status: Number(status) });
    });
  });
}

/** `count` fresh copies of `file` in `dir`, named after `prefix`: each upload reads a document it has not read since it was attached. */
function freshCopies(file: string, dir: string, prefix: string, count: number): string[] {
  return Array.from({ length: count }, (_, k) => {
    const copy = path.join(dir, `${prefix}-${k}.pdf`);
    fs.copyFileSync(file, copy);
    return copy;
  });
}

/** Runs an uploading worker (bare, raw or the app's) to its end: its upload times in ms, each upload's size checked as the receiver counted it. */
async function workerUploadMs(script: string, args: string[]): Promise<number[]> {
  const r = await runNodeJson<{ uploadSeconds: number[]; bytes: number[] }>(script, args);
  if (r.bytes.some((n) => n !== FILE_BYTES)) throw new Error(`the receiver counted ${r.bytes.join(', ')} bytes, expected ${FILE_BYTES} each`);
  return r.uploadSeconds.map((seconds) => seconds * 1000);
}

function curlVersion(): string {
  const r = spawnSync('curl', ['--version'], { encoding: 'utf8' });
  return r.stdout?.split(' ')[1] ?? 'unknown';
}

export function loadAverage(): string {
  return os.loadavg().map((l) => l.toFixed(1)).join('/');
}

export async function uploadFigures(runs: number, log: (s: string) => void): Promise<Figure[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-bench-upload-'));
  const sim = await startSimProcess(['--speed', '1000']);
  const appBundle = await buildAppUploadBundle();
  try {
    const files = await Promise.all(
      [1, 2, 3].map(async (i) => {
        const f = path.join(dir, `doc${i}.pdf`);
        await writePaddedPdf(f, FILE_BYTES);
        return f;
      }),
    );
    const small = path.join(dir, 'small.pdf');
    await writePaddedPdf(small, 20_000);
    const big = files[0]!;

    // Throughput: curl and the app take turns, so both see the same machine load. A 10 MB upload on
    // loopback takes 6–30 ms, and one upload against one swings 0.2–2× (the simulator's GC and page
    // count, which core each process lands on): each round therefore times EACH uploads per side —
    // curl as EACH runs of its command, the app as EACH documents attached and sent in one app
    // process — and compares their medians; who goes first alternates. Every upload on either side
    // starts 100 ms after the last one ended: back to back, the next upload met the simulator still
    // collecting the previous 10 MB (measured: the app's five in a row took a median 18-21 ms against
    // curl's 12-15, paced alike both take about the same). The figure is the median of the rounds' ratios.
    for (let i = 0; i < 3; i++) await curlUpload(sim, big); // warm the simulator's page counting (pdf-lib JIT) for both
    const EACH = 7;
    // at least 15 alternating pairs of rounds (issue #27)
    const rounds = Math.max(15, runs * 3);
    const curlRates: number[] = [];
    const curlDataRates: number[] = [];
    const dataToT: number[] = [];
    const clientRates: number[] = [];
    const ratios: number[] = [];
    const attachMs: number[] = [];
    const bareRates: number[] = [];
    const endToEndMs: number[] = [];
    const cpuMs: number[] = [];
    const bareRatios: number[] = [];
    const appToBare: number[] = [];
    /** per round: the median of the app's own time per upload outside the HTTP exchange, and its two parts */
    const ownMs: number[] = [];
    const ownBeforeMs: number[] = [];
    const ownAfterMs: number[] = [];
    const ownCpuMs: number[] = [];
    /** per round: the bare node:http sender's main-thread CPU in the same two windows, and what the app adds to it */
    const bareOwnCpuMs: number[] = [];
    const addedCpuMs: number[] = [];
    /**
     * One round of `count` uploads a side, app and curl taking turns by round (`i`): fresh copies (the
     * first inspection of each is a real read, as when the user attaches it), the simulator settling
     * 100 ms between uploads on both sides (as the app's worker does, SETTLE_MS), every size checked.
     */
    const pairedRound = async (i: number, count: number, prefix: string, withBare = false) => {
      const copies = freshCopies(big, dir, `${prefix}-${i}`, count);
      const app = () =>
        runNodeJson<{ attachSeconds: number[]; uploadSeconds: number[]; cpuSeconds: number[]; bytes: number[]; beforeMs: number[]; afterMs: number[]; ownCpuMs: number[] }>(appBundle, [
          'throughput', sim.baseUrl, sim.apiKey, sim.apiSecret, small, ...copies,
        ]);
      // The reference of what Node itself does on this machine: no FaxDesk code, the file in memory.
      const bare = () => runNodeJson<{ uploadSeconds: number[]; bytes: number[]; ownCpuMs: number[] }>(BARE_UPLOAD, [sim.baseUrl, sim.apiKey, sim.apiSecret, ...copies]);
      const curls = async (how: 'T' | 'data-binary') => {
        const out: number[] = [];
        for (let k = 0; k < count; k++) {
          await new Promise((r) => setTimeout(r, 100));
          // a fresh copy each time for -T, as the app reads a document it has not read since it was attached
          out.push((await curlUpload(sim, how === 'T' ? copies[k]! : big, how)).seconds);
        }
        return out;
      };
      const out: { c?: number[]; d?: number[]; r?: Awaited<ReturnType<typeof app>>; b?: Awaited<ReturnType<typeof bare>> } = {};
      // Who goes first turns round, so no side always meets the simulator just after the same other one.
      const sides = [
        async () => void (out.c = await curls('T')),
        async () => void (out.r = await app()),
        async () => void (withBare ? (out.b = await bare()) : undefined),
        async () => void (withBare ? (out.d = await curls('data-binary')) : undefined),
      ];
      for (let k = 0; k < sides.length; k++) await sides[(i + k) % sides.length]!();
      for (const copy of copies) fs.rmSync(copy);
      const { c, d, r, b } = out as Required<typeof out>;
      const stored = [...r.bytes, ...(b?.bytes ?? [])];
      if (stored.some((n) => n !== FILE_BYTES)) throw new Error(`the service stored ${stored.join(', ')} bytes, expected ${FILE_BYTES} each`);
      return { c, d, r, b };
    };
    for (let i = 0; i < rounds; i++) {
      const { c, d, r, b } = await pairedRound(i, EACH, 'attach', true);
      const curlRate = FILE_BYTES / MB / median(c);
      curlDataRates.push(FILE_BYTES / MB / median(d));
      dataToT.push(median(d) / median(c));
      const appRate = FILE_BYTES / MB / median(r.uploadSeconds);
      bareRatios.push(median(d) / median(b.uploadSeconds));
      appToBare.push(median(b.uploadSeconds) / median(r.uploadSeconds));
      curlRates.push(curlRate);
      clientRates.push(appRate);
      ratios.push(appRate / curlRate);
      // The API client alone (no services, no IPC, no registry): tells the HTTP body loop from the app's own steps.
      const bare = await runTsxJson<{ seconds: number; bytes: number }>('bench/workers/upload-client.mts', [
        'throughput', sim.baseUrl, sim.apiKey, sim.apiSecret, big,
      ]);
      bareRates.push(FILE_BYTES / MB / bare.seconds);
      attachMs.push(median(r.attachSeconds) * 1000);
      cpuMs.push(median(r.cpuSeconds) * 1000);
      ownMs.push(median(r.beforeMs.map((b, k) => b + r.afterMs[k]!)));
      ownBeforeMs.push(median(r.beforeMs));
      ownAfterMs.push(median(r.afterMs));
      ownCpuMs.push(median(r.ownCpuMs));
      bareOwnCpuMs.push(median(b.ownCpuMs));
      addedCpuMs.push(ownCpuMs[i]! - bareOwnCpuMs[i]!);
      endToEndMs.push(median(r.attachSeconds.map((a, k) => a + r.uploadSeconds[k]!)) * 1000);
      log(
        `  upload round ${i + 1}: curl ${c.map((s) => (s * 1000).toFixed(0)).join('/')} ms, ` +
          `app ${r.uploadSeconds.map((s) => (s * 1000).toFixed(0)).join('/')} ms (attach ${attachMs[i]!.toFixed(0)} ms); ` +
          `ratio of medians ${ratios[i]!.toFixed(2)}; curl --data-binary ${d.map((x) => (x * 1000).toFixed(0)).join('/')} ms; bare node ${b.uploadSeconds.map((s) => (s * 1000).toFixed(0)).join('/')} ms (bare/curl ${bareRatios[i]!.toFixed(2)}, app/bare ${appToBare[i]!.toFixed(2)}); app CPU ${cpuMs[i]!.toFixed(1)} ms an upload; app's own work outside the exchange ${addedCpuMs[i]!.toFixed(2)} ms on the CPU on top of bare node (app ${ownCpuMs[i]!.toFixed(2)}, bare ${bareOwnCpuMs[i]!.toFixed(2)}), ${ownMs[i]!.toFixed(2)} ms wall (${ownBeforeMs[i]!.toFixed(2)} before, ${ownAfterMs[i]!.toFixed(2)} after); client alone ${bareRates[i]!.toFixed(0)} MB/s, load ${loadAverage()}`,
      );
    }


    // The main process lives all day: one app process attaching and uploading LONG documents in a
    // row (its heap, and pdf.js's garbage, build up as they would), against as many curl runs, turn
    // about. Measured on the loaded machine: with pdf.js in the main thread a process like this did
    // worse than fresh ones (major collections of the chunk maps paused uploads by 50-90 ms).
    const LONG = 30;
    const longRatios: number[] = [];
    for (let i = 0; i < Math.max(3, Math.ceil(runs / 2)); i++) {
      const { c, r } = await pairedRound(i, LONG, 'long');
      longRatios.push(median(c) / median(r.uploadSeconds));
      log(
        `  long-lived app, ${LONG} uploads: median curl ${(median(c) * 1000).toFixed(0)} ms, app ${(median(r.uploadSeconds) * 1000).toFixed(0)} ms; ` +
          `ratio ${longRatios[i]!.toFixed(2)}, load ${loadAverage()}`,
      );
    }

    // Memory: 3 × 10 MB attached, then uploaded at once, in a fresh app process; RSS sampled every 2 ms inside it.
    const growth: number[] = [];
    const attachGrowth: number[] = [];
    for (let i = 0; i < Math.max(3, Math.ceil(runs / 2)); i++) {
      const m = await runNodeJson<{ growth: number; attachGrowth: number; samples: number }>(
        appBundle,
        ['memory', sim.baseUrl, sim.apiKey, sim.apiSecret, small, ...files],
        { nodeFlags: ['--expose-gc'] },
      );
      growth.push(m.growth / 2 ** 20);
      attachGrowth.push(m.attachGrowth / 2 ** 20);
      log(`  upload memory run ${i + 1}: +${(m.growth / 2 ** 20).toFixed(1)} MB RSS uploading (${m.samples} samples), +${(m.attachGrowth / 2 ** 20).toFixed(1)} MB attaching`);
    }

    const pipeGrowth: number[] = [];
    for (let i = 0; i < 3; i++) {
      const m = await runTsxJson<{ growth: number }>(
        'bench/workers/upload-client.mts',
        ['pipe-memory', sim.baseUrl, sim.apiKey, sim.apiSecret, small, ...files],
        { nodeFlags: ['--expose-gc'] },
      );
      pipeGrowth.push(m.growth / 2 ** 20);
    }
    log(`  reference pipe memory: ${pipeGrowth.map((g) => `+${g.toFixed(1)}`).join(', ')} MB RSS`);

    return [
      figure('upload throughput, FaxDesk uploadDocument handler', 'MB/s', 'ratio to curl -T ≥ 0.9', clientRates, null, 'app main services in their own process, simulator in another'),
      figure('upload throughput, curl -T', 'MB/s', 'reference', curlRates, null, `curl ${curlVersion()} -X POST -T FILE: reads the file inside its timing, as the app does`),
      figure('upload throughput, curl --data-binary', 'MB/s', 'reference', curlDataRates, null, 'the file in memory before the clock starts'),
      figure('upload throughput ratio curl --data-binary/curl -T', '', 'reference', dataToT, null, 'what reading the file inside the timing costs curl itself'),
      figure('upload throughput ratio app/curl -T', '', '≥ 0.9', ratios, (m) => m >= 0.9, `median of ${ratios.length} rounds' ratios (${EACH} uploads a side each, order alternating); ratio of overall medians ${(median(clientRates) / median(curlRates)).toFixed(2)}; load ${loadAverage()}`),
      figure('upload throughput ratio, one long-lived app process/curl -T', '', 'reference', longRatios, null, `${LONG} documents attached and uploaded in one app process (as the main process runs all day) against ${LONG} curl runs, turn about; median per side`),
      figure('upload throughput ratio, bare node:http/curl --data-binary', '', 'reference', bareRatios, null, 'bench/workers/bare-upload.mjs: no FaxDesk code, one buffer read before the clock and reused, one write after "100 Continue"; against curl --data-binary (both have the file in memory), same rounds'),
      figure('upload throughput ratio app/bare node:http', '', 'reference', appToBare, null, "the app's handler against the bare Node sender, same rounds: what FaxDesk's own path costs"),
      figure('upload throughput ratio API client alone/curl', '', 'reference', bareRates.map((b, i) => b / curlRates[i]!), null, 'createFaxApiClient().uploadFile in its own process: the HTTP path without the app around it'),
      figure("upload: the app's own work per upload, main thread on the CPU, on top of a bare node:http sender", 'ms', '< 1', addedCpuMs, (m) => m < 1, "per round, the app's main-thread CPU in the two windows below minus the bare node:http sender's in the same windows (bench/workers/bare-upload.mjs, same files, same round): the request's construction, the agent and the reply's parser are Node's, which any sender pays; median of the rounds' differences"),
      figure("upload: the app's main-thread CPU per upload outside the HTTP exchange, Node's http client included", 'ms', 'reference', ownCpuMs, null, "the main thread's time on a CPU (process.threadCpuUsage, brought up to date by process.cpuUsage) from the uploadDocument call to the request's creation and from the reply's headers to the call's result: without the waits for a core that the load adds; median of the rounds' medians"),
      figure('upload: a bare node:http sender\'s main-thread CPU per upload in the same windows', 'ms', 'reference', bareOwnCpuMs, null, "from its upload's start to the request's creation and from the reply's headers to its result (reading the reply, JSON.parse): Node's own share of the windows above"),
      figure("upload: the app's own time per upload outside the HTTP exchange, wall", 'ms', 'reference', ownMs, null, `wall time from the uploadDocument call to the request's creation (dispatch, schema, checks, session, file open, credentials: median ${median(ownBeforeMs).toFixed(2)} ms) plus from the reply's headers to the call's result (reply, envelope, schema, registry, IPC result: median ${median(ownAfterMs).toFixed(2)} ms), marked by Node's http diagnostics channels; median of the rounds' medians; load ${loadAverage()}`),
      figure('upload CPU time of the app process per 10 MB', 'ms', 'reference', cpuMs, null, 'process.cpuUsage() around uploadDocument, all threads: the work, which the load barely moves (curl under /usr/bin/time: ~10 ms, at its 10 ms resolution)'),
      figure('attach a 10 MB PDF (inspectDocuments: page count)', 'ms', 'reference', attachMs, null, 'the one inspection of the document, when it is added (the pieces pdf.js needs)'),
      figure('attach + upload a 10 MB PDF through the handlers', 'ms', 'reference', endToEndMs, null, 'what the Send screen waits for in total'),
      figure('upload memory, peak RSS growth for 3 × 10 MB via uploadDocument', 'MB', '≤ 10 MB', growth, (m) => m <= 10, 'three uploads at once after the documents were attached, as the Send screen starts them'),
      figure('attach memory, peak RSS growth inspecting 3 × 10 MB', 'MB', 'reference', attachGrowth, null, 'pdf.js page count of each document, once, read in 64 KB pieces'),
      figure('upload memory, reference fs.pipe(http.request) for 3 × 10 MB', 'MB', 'reference', pipeGrowth, null, 'plain Node streaming, same files, same sampling'),
    ];
  } finally {
    await sim.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const DRAIN_RECEIVER = path.join(import.meta.dirname, 'workers/drain-receiver.mjs');
const RAW_UPLOAD = path.join(import.meta.dirname, 'workers/raw-upload.mjs');

/**
 * The floor of #27's upload goal: the same senders as `uploadFigures`, turn about, to a receiver that only
 * takes the bytes (bench/workers/drain-receiver.mjs: no page count, no copy of the body), in its own
 * process. To the simulator a single 10 MB upload of any sender ranges 6–120 ms in one round (its
 * collection of the body, pdf-lib's count, where its threads land), which drowns the senders' differences;
 * here the receiver does almost nothing, so what is left is the senders'. The question it answers: does
 * a bare `node:http` sender with the file already in memory (no FaxDesk code, less work than the app can
 * do) reach 0.9 of curl `-T`? If not, no Node sender does, and the app cannot.
 */
export async function uploadFloorFigures(runs: number, log: (s: string) => void): Promise<Figure[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-bench-floor-'));
  let sim: SimProcess | null = null;
  let drain: Awaited<ReturnType<typeof startNode>> | null = null;
  try {
    sim = await startSimProcess(['--speed', '1000']);
    drain = await startNode([DRAIN_RECEIVER], [sim.baseUrl], /listening on (http:\/\/127\.0\.0\.1:\d+)/);
    const receiver: SimProcess = { ...sim, baseUrl: drain.match[1]! };
    const appBundle = await buildAppUploadBundle();
    const big = path.join(dir, 'doc.pdf');
    const small = path.join(dir, 'small.pdf');
    await writePaddedPdf(big, FILE_BYTES);
    await writePaddedPdf(small, 20_000);
    for (let i = 0; i < 3; i++) await curlUpload(receiver, big);
    const EACH = 7;
    const rounds = Math.max(15, runs * 3);
    const curlMs: number[] = [];
    const bareMs: number[] = [];
    const rawMs: number[] = [];
    const appMs: number[] = [];
    const rawToCurl: number[] = [];
    const bareToCurl: number[] = [];
    const appToCurl: number[] = [];
    const appToBare: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const copies = freshCopies(big, dir, `floor-${i}`, EACH);
      const to = [receiver.baseUrl, receiver.apiKey, receiver.apiSecret];
      const c: number[] = [];
      let b: number[] = [];
      let a: number[] = [];
      let w: number[] = [];
      const sides = [
        async () => void (w = await workerUploadMs(RAW_UPLOAD, [...to, ...copies])),
        async () => {
          for (const copy of copies) {
            await new Promise((r) => setTimeout(r, 100));
            c.push((await curlUpload(receiver, copy)).seconds * 1000);
          }
        },
        async () => void (b = await workerUploadMs(BARE_UPLOAD, [...to, ...copies])),
        async () => void (a = await workerUploadMs(appBundle, ['throughput', ...to, small, ...copies])),
      ];
      for (let k = 0; k < sides.length; k++) await sides[(i + k) % sides.length]!();
      for (const copy of copies) fs.rmSync(copy);
      rawMs.push(median(w));
      rawToCurl.push(median(c) / median(w));
      curlMs.push(median(c));
      bareMs.push(median(b));
      appMs.push(median(a));
      bareToCurl.push(median(c) / median(b));
      appToCurl.push(median(c) / median(a));
      appToBare.push(median(b) / median(a));
      const ms = (x: number[]) => x.map((v) => v.toFixed(1)).join('/');
      log(`  floor round ${i + 1}: curl -T ${ms(c)} ms, bare node ${ms(b)} ms, raw socket ${ms(w)} ms, app ${ms(a)} ms; bare/curl ${bareToCurl[i]!.toFixed(2)}, raw/curl ${rawToCurl[i]!.toFixed(2)}, app/curl ${appToCurl[i]!.toFixed(2)}; load ${loadAverage()}`);
    }
    const note = `10 MB, ${EACH} uploads a side per round, order turning, 100 ms apart, to bench/workers/drain-receiver.mjs; median of ${rounds} rounds`;
    return [
      figure('upload floor: curl -T to a receiver that only drains', 'ms', 'reference', curlMs, null, note),
      figure('upload floor: bare node:http, the file in memory, to the same receiver', 'ms', 'reference', bareMs, null, note),
      figure('upload floor: a raw TCP socket from Node (no http module), the file in memory, to the same receiver', 'ms', 'reference', rawMs, null, `${note}; bench/workers/raw-upload.mjs`),
      figure('upload floor: FaxDesk uploadDocument, to the same receiver', 'ms', 'reference', appMs, null, note),
      figure('upload floor ratio bare node:http (file in memory)/curl -T', '', 'reference: ≥ 0.9 if any Node sender can meet #27', bareToCurl, null, "median of the rounds' ratios (throughput: curl's time over the sender's)"),
      figure('upload floor ratio raw Node socket (file in memory)/curl -T', '', 'reference: the least Node can do', rawToCurl, null, "median of the rounds' ratios"),
      figure('upload floor ratio app/curl -T', '', '≥ 0.9 (#27)', appToCurl, (m) => m >= 0.9, "median of the rounds' ratios"),
      figure('upload floor ratio app/bare node:http', '', 'reference', appToBare, null, "what FaxDesk's path costs on top of the least a Node sender does"),
    ];
  } finally {
    await drain?.stop();
    await sim?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
