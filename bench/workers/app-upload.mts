/**
 * The uploading process of the upload benchmarks, on the app's own path: the
 * main-process services of createMainServices (as the Electron entry and the
 * e2e preview build them), connected to the simulator through the
 * `connectAccount` channel, and each document taken through the channels the
 * Send screen calls — `inspectDocuments` when it is attached (the one read
 * and parse), then `uploadDocument` — via the same dispatch as real IPC.
 *
 *   throughput BASE KEY SECRET SMALL F1..Fn   warm-up with SMALL, then attach + upload each F, timed
 *   memory     BASE KEY SECRET SMALL F1 F2 F3  warm-up with SMALL; attach F1..F3; then their
 *                                            three uploads at once, sampling RSS every 2 ms
 *   link       BASE KEY SECRET SMALL F1 F2 F3  warm-up with SMALL; attach F1..F3; their three
 *                                            uploads at once, timed (the link benchmark)
 *
 * Prints one JSON line.
 */
import dc from 'node:diagnostics_channel';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Conf from 'conf';
import { createMemorySecretStore } from '../../src/main/credentials/secret-store';
import { cancellingDialogs } from '../../src/main/files/dialogs';
import { grantDroppedFile } from '../../src/main/files/grants';
import { dispatch, type Handlers } from '../../src/main/ipc/dispatch';
import { createLogger } from '../../src/main/log';
import { createMainServices } from '../../src/main/services';
import type { KeyValueStore } from '../../src/main/settings/settings';

const [mode, baseUrl, apiKey, secret, ...files] = process.argv.slice(2);
const SETTLE_MS = 100;
if (!mode || !baseUrl || !apiKey || !secret || files.length === 0) throw new Error('usage: app-upload MODE BASE KEY SECRET FILE...');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-bench-app-'));
const services = await createMainServices(
  {
    dataDir,
    version: '0.0.0-bench',
    platform: process.platform,
    shell: 'preview',
    systemLocale: 'en-US',
    log: createLogger(() => {}),
    emit: () => {},
    dialogs: cancellingDialogs,
  },
  { storeFactory: (o) => new Conf(o) as unknown as KeyValueStore, secretStore: createMemorySecretStore() },
);
const handlers: Handlers = services.handlers;

async function call<T>(channel: string, input: unknown): Promise<T> {
  const r = await dispatch(handlers, channel, input);
  if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
  return r.value as T;
}

/** What the Send screen does for a document the user adds: inspect it (page count, checks). */
// A dropped file reaches main as the preload registers it (webUtils path -> handle); the window then names only the handle.
const handleOf = (file: string) => grantDroppedFile(services.grants, file).handle;
// The window keeps the handle its drop was given and names the document by it on every later call, as the Send screen does.
const attach = (handles: string[]) => call<Array<{ error: unknown; pages: number | null }>>('inspectDocuments', { handles });
let uploads = 0;
const upload = (handle: string) => call<{ size: number }>('uploadDocument', { uploadId: `bench-${++uploads}`, handle });

try {
  await call('connectAccount', { baseUrl, apiKey, secret });
  const [first, ...rest] = files;
  // The app has talked to the service before the user sends (account check, a first upload): warm up likewise.
  const firstHandle = handleOf(first!);
  await attach([firstHandle]);
  await upload(firstHandle);

  if (mode === 'throughput') {
    // Each file as the user adds and sends it: attach (inspect), then upload, one after another.
    const attachSeconds: number[] = [];
    const uploadSeconds: number[] = [];
    const bytes: number[] = [];
    // CPU time of the whole process (all its threads) during each upload: unlike wall time, barely moved by the load.
    const cpuSeconds: number[] = [];
    // The app's own time per upload outside the HTTP exchange (wall time): from the call to the
    // request's creation (IPC dispatch, input schema, the document's checks, the session, opening the
    // file, the credentials) and from the reply's headers to the call's result (reading the reply, its
    // envelope and schema, the registry, the IPC result). Node's own diagnostics channels mark the
    // exchange, so nothing in the app is changed to measure it.
    const beforeMs: number[] = [];
    const afterMs: number[] = [];
    // The same two windows in the main thread's own time on a CPU: what the app does, without the time a
    // loaded machine keeps it waiting for a core. process.threadCpuUsage (getrusage of this thread, in µs)
    // is only as current as the scheduler's last update of the thread's run time (a tick or a switch) —
    // a 0.5 ms spin read 0.000 — unless process.cpuUsage (the whole process) has just brought it up to
    // date: then 0.52 ms. /proc/thread-self/schedstat, used before, has the same lag (a 0.30 ms spin read
    // 0.05-0.45 ms).
    const ownCpuMs: number[] = [];
    const onCpuMs = () => {
      process.cpuUsage();
      const used = process.threadCpuUsage();
      return (used.user + used.system) / 1000;
    };
    let created = { at: NaN, cpu: NaN };
    let responded = { at: NaN, cpu: NaN };
    dc.subscribe('http.client.request.created', () => (created = { at: performance.now(), cpu: onCpuMs() }));
    dc.subscribe('http.client.response.finish', () => (responded = { at: performance.now(), cpu: onCpuMs() }));
    for (const file of rest) {
      // The same pause curl's runs get: the simulator settles (GC of the last 10 MB) before the next upload.
      await new Promise((r) => setTimeout(r, SETTLE_MS));
      const handle = handleOf(file); // the drop
      const t0 = performance.now();
      const [info] = await attach([handle]);
      if (info?.error) throw new Error(`inspect failed: ${JSON.stringify(info.error)}`);
      const t1 = performance.now();
      const cpu0 = process.cpuUsage();
      created = responded = { at: NaN, cpu: NaN };
      const c1 = onCpuMs();
      const up = await upload(handle);
      const c2 = onCpuMs();
      const t2 = performance.now();
      beforeMs.push(created.at - t1);
      afterMs.push(t2 - responded.at);
      ownCpuMs.push(created.cpu - c1 + (c2 - responded.cpu));
      const cpu = process.cpuUsage(cpu0);
      cpuSeconds.push((cpu.user + cpu.system) / 1e6);
      attachSeconds.push((t1 - t0) / 1000);
      uploadSeconds.push((t2 - t1) / 1000);
      bytes.push(up.size);
    }
    console.log(JSON.stringify({ attachSeconds, uploadSeconds, cpuSeconds, bytes, beforeMs, afterMs, ownCpuMs }));
  } else if (mode === 'link') {
    const handles = rest.map(handleOf);
    const infos = await attach(handles);
    if (infos.some((i) => i.error)) throw new Error('inspect failed');
    const t0 = performance.now();
    const done = await Promise.all(handles.map((h) => upload(h)));
    const seconds = (performance.now() - t0) / 1000;
    console.log(JSON.stringify({ seconds, bytes: done.reduce((n, u) => n + u.size, 0) }));
  } else if (mode === 'memory') {
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    await new Promise((r) => setTimeout(r, 50));
    const beforeAttach = process.memoryUsage.rss();
    let attachPeak = beforeAttach;
    const attachTimer = setInterval(() => (attachPeak = Math.max(attachPeak, process.memoryUsage.rss())), 2);
    const handles = rest.map(handleOf);
    const infos = await attach(handles);
    clearInterval(attachTimer);
    if (infos.some((i) => i.error)) throw new Error('inspect failed');
    // The user attaches, then presses Send: the window in between lets the parse's garbage go.
    gc?.();
    await new Promise((r) => setTimeout(r, 50));
    const baseline = process.memoryUsage.rss();
    let peak = baseline;
    let samples = 0;
    const sample = () => {
      samples++;
      peak = Math.max(peak, process.memoryUsage.rss());
    };
    const timer = setInterval(sample, 2);
    // The Send screen starts every document's upload at once.
    await Promise.all(handles.map((h) => upload(h)));
    sample();
    clearInterval(timer);
    console.log(
      JSON.stringify({ baseline, peak, growth: peak - baseline, attachGrowth: attachPeak - beforeAttach, samples, gcExposed: !!gc }),
    );
  } else {
    throw new Error(`unknown mode ${mode}`);
  }
} finally {
  await services.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
