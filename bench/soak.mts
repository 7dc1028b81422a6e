/**
 * Renderer soak (issue #27): the renderer process's resident memory over 60 minutes of use with the
 * Tasks screen open, sped up. The built renderer runs in Chromium against the preview (demo mode,
 * the demo service at FAXDESK_DEMO_SPEED so a fax ends within seconds), and each simulated minute:
 * faxes are sent through the preview's bridge (as another window would: new tasks, their status
 * changes, tasksChanged events, the list's refetches), then the page's clock (Playwright's
 * page.clock) moves a minute ahead in 5-second steps, each given a little real time, so the
 * screen's own timers (refetch intervals of a few seconds, the query cache's garbage collection,
 * relative times) run about as often as in that minute, each refetch a real request. The first 10 minutes fill
 * the list (5 faxes a minute) and count as warm-up; after it, one fax a minute.
 *
 * Sampled after every minute: the renderer process's RSS (/proc/PID/status VmRSS, the Chromium
 * renderer that is a descendant of this process and holds the page), the page's JS heap and its
 * DOM node count (Chrome DevTools Protocol). The goal ("flat within 10 MB after warm-up") is read as:
 * no sample after minute 10 more than 10 MB above minute 10's. Beside it: the range of those samples
 * (max - min, dips of garbage collection included), the growth from minute 10 to the end and the
 * slope of a straight line fitted through them (MB per hour).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { launchChromium, startPreview } from './lib/browser.mts';
import { writePaddedPdf } from './lib/pdf.mts';
import { figure, type Figure } from './lib/report.mts';
import { ensureRendererBuilt } from './renderer.mts';

const MINUTES = 60;
const WARM_UP_MINUTES = 10;
/** the page's clock moves a minute in steps of this much, each given STEP_REAL_MS of real time */
const STEP_MS = 5_000;
const STEP_REAL_MS = 120;
/** real time each simulated minute's sends, events and refetches are given to settle */
const SETTLE_MS = 800;

/** The preview's bridge as a second window uses it: its cookie, then IPC calls and file grants. */
async function bridge(url: string) {
  const first = await fetch(url, { redirect: 'manual' });
  const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0]!;
  if (!cookie) throw new Error(`the preview set no cookie (HTTP ${first.status})`);
  const origin = new URL(url).origin;
  const post = async <T,>(p: string, body: string | Uint8Array, type: string): Promise<T> => {
    // the preview answers its own origin only (a window of it, as a second FaxDesk window would be)
    const r = (await (await fetch(origin + p, { method: 'POST', headers: { cookie, origin, 'content-type': type }, body })).json()) as { ok: boolean; value?: T; error?: unknown };
    if (!r.ok) throw new Error(`${p}: ${JSON.stringify(r.error)}`);
    return r.value as T;
  };
  return {
    call: <T,>(name: string, input: unknown) => post<T>(`/__faxdesk/ipc/${name}`, JSON.stringify({ input }), 'application/json'),
    grant: (name: string, bytes: Buffer) => post<{ handle: string }>(`/__faxdesk/grant?name=${encodeURIComponent(name)}`, new Uint8Array(bytes), 'application/octet-stream'),
  };
}

/** Every process descending from this one (pid → parent pid from /proc). */
function descendants(root: number): number[] {
  const parent = new Map<number, number>();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      parent.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const [c, pp] of parent) {
      if (pp !== p) continue;
      out.push(c);
      walk(c);
    }
  };
  walk(root);
  return out;
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no VmRSS for ${pid}`);
  return Number(m[1]) / 1024;
}

/** The Chromium renderer process holding the page: of this process's renderer descendants, the largest. */
function rendererPid(): number {
  const renderers = descendants(process.pid).filter((p) => {
    try {
      const cmd = fs.readFileSync(`/proc/${p}/cmdline`, 'utf8');
      return cmd.includes('--type=renderer') && !cmd.includes('--extension-process');
    } catch {
      return false;
    }
  });
  if (renderers.length === 0) throw new Error('no Chromium renderer process found under this one');
  return renderers.map((p) => ({ p, rss: rssMb(p) })).sort((a, b) => b.rss - a.rss)[0]!.p;
}

async function pageMemory(cdp: CDPSession): Promise<{ heapMb: number; nodes: number }> {
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  const dom = (await cdp.send('Memory.getDOMCounters')) as { nodes: number };
  return { heapMb: heap.usedSize / 2 ** 20, nodes: dom.nodes };
}

/** Least-squares slope of y over x. */
function slope(xs: number[], ys: number[]): number {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i]! - mx) * (ys[i]! - my);
    den += (xs[i]! - mx) ** 2;
  }
  return num / den;
}

async function openTasks(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('body[data-ready="true"]').waitFor({ timeout: 60_000 });
  await page.getByRole('navigation').getByRole('button', { name: /^Tasks(?!\p{L})/u }).click();
  await page.getByRole('table', { name: 'Tasks', exact: true }).waitFor();
}

export async function soakFigures(_runs: number, log: (s: string) => void): Promise<Figure[]> {
  ensureRendererBuilt(log);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-bench-soak-'));
  const preview = await startPreview(dataDir, { FAXDESK_DEMO_SPEED: '60' });
  const browser = await launchChromium();
  try {
    const api = await bridge(preview.url);
    const pdf = path.join(dataDir, 'letter.pdf');
    await writePaddedPdf(pdf, 20_000);
    const bytes = fs.readFileSync(pdf);
    let sent = 0;
    const sendOne = async () => {
      const { handle } = await api.grant('letter.pdf', bytes);
      const n = sent++;
      // numbers differ from send to send: never "the same fax again?"
      const numbers = [0, 1, 2].map((k) => `86139${String(n * 10 + k).padStart(8, '0')}`);
      await api.call('sendFax', { name: `Soak ${n}`, documents: [{ handle, url: null, name: 'letter.pdf', pages: null, fileRef: null }], numbers, scheduledAt: null });
    };

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.clock.install();
    await openTasks(page, preview.url);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Runtime.enable');
    const pid = rendererPid();
    const samples: Array<{ minute: number; rss: number; heapMb: number; nodes: number }> = [];
    const t0 = performance.now();
    for (let minute = 1; minute <= MINUTES; minute++) {
      for (let k = 0; k < (minute <= WARM_UP_MINUTES ? 5 : 1); k++) await sendOne();
      for (let t = 0; t < 60_000; t += STEP_MS) {
        await page.clock.fastForward(STEP_MS);
        await page.waitForTimeout(STEP_REAL_MS);
      }
      await page.waitForTimeout(SETTLE_MS);
      const mem = await pageMemory(cdp);
      samples.push({ minute, rss: rssMb(pid), ...mem });
      if (minute % 10 === 0 || minute === 1) {
        const s = samples.at(-1)!;
        log(`  minute ${minute}: renderer RSS ${s.rss.toFixed(1)} MB, JS heap ${s.heapMb.toFixed(1)} MB, ${s.nodes} DOM nodes; ${sent} faxes sent; load ${os.loadavg()[0]!.toFixed(1)}`);
      }
    }
    const realMinutes = (performance.now() - t0) / 60_000;
    const rows = await page.getByRole('table', { name: 'Tasks', exact: true }).getByRole('row').count();
    if (rows < 2) throw new Error('the Tasks screen shows no tasks at the end of the soak');
    await context.close();

    const after = samples.filter((s) => s.minute >= WARM_UP_MINUTES);
    const warm = after[0]!;
    const last = samples.at(-1)!;
    const rssSlope = slope(after.map((s) => s.minute), after.map((s) => s.rss)) * 60;
    const heapSlope = slope(after.map((s) => s.minute), after.map((s) => s.heapMb)) * 60;
    const note = `pid ${pid}; ${MINUTES} simulated minutes in ${realMinutes.toFixed(1)} real (page.clock, demo service ×60), ${sent} faxes; warm-up ${WARM_UP_MINUTES} min: RSS ${samples[0]!.rss.toFixed(0)} → ${warm.rss.toFixed(0)} MB; after it RSS min ${Math.min(...after.map((s) => s.rss)).toFixed(0)} / max ${Math.max(...after.map((s) => s.rss)).toFixed(0)} MB; load ${os.loadavg()[0]!.toFixed(1)}`;
    const range = Math.max(...after.map((s) => s.rss)) - Math.min(...after.map((s) => s.rss));
    const above = Math.max(...after.map((s) => s.rss)) - warm.rss;
    return [
      figure('renderer RSS after warm-up: highest sample above minute 10, 60-minute accelerated soak on the Tasks screen', 'MB', '≤ 10', [above], (m) => m <= 10, note),
      figure('renderer RSS range after warm-up (max − min)', 'MB', 'reference', [range], null, 'includes the dips of garbage collection'),
      figure('renderer RSS growth after warm-up (end − minute 10)', 'MB', 'reference', [last.rss - warm.rss], null),
      figure('renderer RSS slope after warm-up (least squares)', 'MB/h', 'reference', [rssSlope], null, 'over the samples of minutes 10-60'),
      figure('renderer RSS at the end of warm-up', 'MB', 'reference', [warm.rss], null, `minute ${WARM_UP_MINUTES}`),
      figure('renderer JS heap growth after warm-up, same soak', 'MB', 'reference', [last.heapMb - warm.heapMb], null, `slope ${heapSlope.toFixed(1)} MB/h; DOM nodes ${warm.nodes} → ${last.nodes}`),
    ];
  } finally {
    await browser.close();
    await preview.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
