/**
 * The send service wired to real parts: a simulator on loopback, the real API
 * client (with short timeouts so the timeout fault is quick), the real SQLite
 * history and real files in a temp folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { startSimulator, type RunningSimulator, type SimulatorOptions } from '../../../src/simulator/index';
import { createFaxApiClient, type FaxApiClient } from '@main/api/client';
import type { ServiceFetch } from '@main/api/http';
import { createLogger } from '@main/log';
import { openHistory, type History } from '@main/history';
import { createSendFeature, type SendFeature } from '@main/send/send-feature';
import type { UploadProgress } from '@shared/send/types';

export interface SendRig {
  sim: RunningSimulator;
  client: FaxApiClient;
  history: History;
  service: SendFeature;
  dir: string;
  progress: UploadProgress[];
  logLines: string[];
  close(): Promise<void>;
}

export async function makeRig(
  opts: { sim?: SimulatorOptions; fetch?: ServiceFetch; timeoutMs?: number; /** one clock for the history and the send service (default: the system's) */ now?: () => number } = {},
): Promise<SendRig> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-send-'));
  const sim = await startSimulator({ speed: 200, ...opts.sim });
  const logLines: string[] = [];
  const log = createLogger((l) => logLines.push(l));
  const client = createFaxApiClient({
    baseUrl: sim.baseUrl,
    apiKey: sim.apiKey,
    getSecret: async () => sim.apiSecret,
    timeoutMs: opts.timeoutMs ?? 1_500,
    sleep: async () => {},
    log,
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
  });
  const history = openHistory(path.join(dir, 'history.sqlite'), { serviceTimeZone: 'Asia/Shanghai', ...(opts.now ? { now: opts.now } : {}) });
  const progress: UploadProgress[] = [];
  const service = createSendFeature({
    dataDir: dir,
    session: async () => ({ client, profile: 'account:test' }),
    history,
    serviceTimeZone: () => 'Asia/Shanghai',
    emitProgress: (p) => progress.push(p),
    log,
    ...(opts.now ? { now: opts.now } : {}),
  });
  return {
    sim,
    client,
    history,
    service,
    dir,
    progress,
    logLines,
    async close() {
      await sim.stop();
      history.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A real PDF with `pages` pages, padded with a stream of `padBytes` so its size can be chosen. */
export async function writePdf(dir: string, name: string, pages: number, padBytes = 0): Promise<string> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([595, 842]).drawText(`Page ${i + 1}`, { x: 50, y: 780, size: 24 });
  if (padBytes > 0) doc.attach(new Uint8Array(padBytes).map((_, i) => (i * 7919) % 251), 'pad.bin', { mimeType: 'application/octet-stream' });
  const file = path.join(dir, name);
  fs.writeFileSync(file, await doc.save({ useObjectStreams: false }));
  return file;
}

/** `count` distinct valid numbers (China, Beijing fixed lines). */
export function numbers(count: number, start = 0): string[] {
  return Array.from({ length: count }, (_, i) => `861088${String(start + i).padStart(6, '0')}`);
}

export function uploadsSeen(sim: RunningSimulator): number {
  return Object.entries(sim.counters().byRoute)
    .filter(([k]) => /upload/.test(k))
    .reduce((n, [, v]) => n + v, 0);
}

/** create-task requests the simulator received (counted on arrival, so a held one counts too) */
export function createsSeen(sim: RunningSimulator): number {
  return Object.entries(sim.counters().byRoute)
    .filter(([k]) => /POST/.test(k) && /faxes$/.test(k))
    .reduce((n, [, v]) => n + v, 0);
}
