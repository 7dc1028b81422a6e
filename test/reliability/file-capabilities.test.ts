/**
 * Files reach main only from the user's own hands. A compromised window
 * calls every channel of the IPC contract with canary paths in every string
 * field: a canary document, CSV and private key with secret content, the
 * system's /etc/passwd, ~/.ssh paths, `..` paths, file:// URLs and forged
 * handles. No channel may return the canaries' content, upload them to the
 * service (the simulator's request log), write, move or delete them, or point
 * the hot folder at a directory. What the user hands over through main's
 * dialog still works.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialKey, sameCredentialKey } from '../../src/shared/credential-key';
import { dispatch } from '../../src/main/ipc/dispatch';
import { channelNames } from '../../src/shared/ipc/contract';
import { startSimulator, type RunningSimulator } from '../../src/simulator/index';
import { makeTestServices, type TestServices } from '../helpers/services';
import { atLeast, exactly, recordFigure, resetFigures } from './figures';
import { validSamples } from './ipc-samples';

const SUITE = 'file-capabilities';
const RUNS = Number(process.env.RELIABILITY_CAPABILITY_RUNS ?? 40);
const TOKEN = `CANARY-${crypto.randomBytes(8).toString('hex')}`;
const SECRET = 'capability-secret-7f3a';

let sim: RunningSimulator;
let t: TestServices;
let root: string;
let canaryDir: string;
let fakeHome: string;
let pool: string[];
let passwdMarker: string | null = null;

/** Every file under `dir` with its content hash: a write, move or delete changes it. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) {
        out[`${path.relative(dir, p)}/`] = 'dir';
        walk(p);
      } else out[path.relative(dir, p)] = crypto.createHash('sha256').update(fs.readFileSync(p)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

/** Replaces string leaves of a sample: `pick(i)` gives the i-th string's replacement, or undefined to keep it. */
function replaceStrings(value: unknown, pick: (i: number) => string | undefined, counter = { i: 0 }): unknown {
  if (typeof value === 'string') return pick(counter.i++) ?? value;
  if (Array.isArray(value)) return value.map((v) => replaceStrings(v, pick, counter));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceStrings(v, pick, counter)]));
  }
  return value;
}

function countStrings(value: unknown): number {
  if (typeof value === 'string') return 1;
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + countStrings(v), 0);
  if (value && typeof value === 'object') return Object.values(value).reduce((n: number, v) => n + countStrings(v), 0);
  return 0;
}

const uploads = () => sim.requestLog().filter((e) => e.method === 'POST' && e.path === '/api/v2/files/upload').length;

let connectedOnce = false;
async function connectToSimulator() {
  if (!connectedOnce) {
    const r = await dispatch(t.services.handlers, 'connectAccount', { baseUrl: sim.baseUrl, apiKey: 'cap-key', secret: SECRET });
    expect(r.ok, JSON.stringify(r)).toBe(true);
    connectedOnce = true;
    return;
  }
  // Back to the simulator after a fuzzed connectAccount/useDemo moved away: what connecting stores, without
  // another connection test (main allows only a few a minute, and the fuzz has used them up).
  const key = credentialKey(sim.baseUrl, 'cap-key')!;
  if (!sameCredentialKey(t.services.connection.currentKey(), key)) {
    await t.services.secrets.set(key, SECRET);
    t.services.settings.update({ baseUrl: sim.baseUrl, apiKey: 'cap-key' });
  }
}

beforeAll(async () => {
  resetFigures(SUITE);
  root = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'faxdesk-canary-'));
  canaryDir = path.join(root, 'private');
  fakeHome = path.join(root, 'home');
  fs.mkdirSync(path.join(canaryDir, 'folder'), { recursive: true });
  fs.mkdirSync(path.join(fakeHome, '.ssh'), { recursive: true });
  // Documents the service would accept, had anything let them through.
  fs.writeFileSync(path.join(canaryDir, 'canary.pdf'), `%PDF-1.4\n% ${TOKEN}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);
  fs.writeFileSync(path.join(canaryDir, 'canary.txt'), `${TOKEN} secret minutes\n`);
  fs.writeFileSync(path.join(canaryDir, 'canary.csv'), `name,fax\n${TOKEN},+86 10 8888 0001\n${TOKEN}-row,not a number\n`);
  fs.writeFileSync(path.join(canaryDir, 'folder', 'inner.pdf'), `%PDF-1.4\n% ${TOKEN}\n%%EOF\n`);
  fs.writeFileSync(path.join(fakeHome, '.ssh', 'id_rsa'), `-----BEGIN OPENSSH PRIVATE KEY-----\n${TOKEN}\n-----END OPENSSH PRIVATE KEY-----\n`);
  try {
    passwdMarker = fs.readFileSync('/etc/passwd', 'utf8').split('\n')[0]?.slice(0, 24) || null;
  } catch {
    passwdMarker = null;
  }

  sim = await startSimulator({ speed: 200, apiKey: 'cap-key', apiSecret: SECRET });
  t = await makeTestServices({}, { intake: { home: fakeHome } });
  await connectToSimulator();

  const files = ['canary.pdf', 'canary.txt', 'canary.csv', 'folder/inner.pdf'].map((f) => path.join(canaryDir, f));
  const key = path.join(fakeHome, '.ssh', 'id_rsa');
  pool = [
    ...files,
    key,
    canaryDir,
    path.join(canaryDir, 'folder'),
    pathToFileURL(files[0]!).href,
    path.relative(t.dataDir, files[0]!),
    `${t.dataDir}/../${path.relative(path.dirname(t.dataDir), files[2]!)}`,
    `../../../../../../..${files[1]}`,
    '/etc/passwd',
    '/etc/shadow',
    '/proc/self/environ',
    '~/.ssh/id_rsa',
    '~/.ssh',
    '..',
    '../../../../etc/passwd',
    'C:\\Users\\me\\.ssh\\id_rsa',
    '\\\\server\\share\\canary.pdf',
    // handles main never issued, in the right shape
    `fh_${'A'.repeat(32)}`,
    `fh_${crypto.randomBytes(24).toString('base64url')}`,
    `fh_${Buffer.from(files[0]!).toString('base64url').slice(0, 32).padEnd(32, 'x')}`,
  ];
});

afterAll(async () => {
  await t?.cleanup();
  await sim?.stop();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

describe('a compromised window naming files', () => {
  it('gets no canary content, uploads nothing, and writes, moves or deletes nothing, through every channel', async () => {
    const before = { canary: snapshot(canaryDir), ssh: snapshot(path.join(fakeHome, '.ssh')) };
    // Samples whose handles main never issued: whatever gets through, nothing legitimate is on offer.
    const samples = validSamples({ demoUrl: sim.baseUrl, pdfHandle: `fh_${'P'.repeat(32)}`, csvHandle: `fh_${'C'.repeat(32)}` });
    const leaks: string[] = [];
    const needles = [TOKEN, 'BEGIN OPENSSH', ...(passwdMarker ? [passwdMarker] : [])];
    let calls = 0;
    let stray = 0;

    const call = async (name: string, input: unknown) => {
      calls++;
      const uploadsAt = uploads();
      const r = await dispatch(t.services.handlers, name, input, t.deps.log);
      const text = JSON.stringify(r);
      for (const n of needles) if (text.includes(n)) leaks.push(`${name} returned canary content for ${JSON.stringify(input).slice(0, 200)}`);
      // URL mode uploads a web address, never a local file; every other upload is a leak.
      if (name !== 'addFromUrl' && uploads() !== uploadsAt) {
        stray++;
        leaks.push(`${name} uploaded for ${JSON.stringify(input).slice(0, 200)}`);
      }
    };

    for (const name of channelNames) {
      const sample = samples[name];
      const strings = countStrings(sample);
      // The whole input a canary, then every string field the same canary, then mixes.
      for (const canary of pool) await call(name, canary);
      if (strings > 0) {
        for (const canary of pool) await call(name, replaceStrings(sample, () => canary));
        await fc.assert(
          fc.asyncProperty(
            // for each string field: a canary (index into the pool) or -1 to keep the sample's value
            fc.array(fc.integer({ min: -1, max: pool.length - 1 }), { minLength: strings, maxLength: strings }),
            async (picks) => {
              if (picks.every((p) => p < 0)) picks[0] = 0;
              await call(name, replaceStrings(sample, (i) => ((picks[i] ?? -1) < 0 ? undefined : pool[picks[i]!])));
            },
          ),
          { numRuns: RUNS },
        );
      } else {
        await call(name, sample);
      }
      // connectAccount / useDemo may have moved the connection: the next channel talks to our simulator again.
      await connectToSimulator();
    }

    const after = { canary: snapshot(canaryDir), ssh: snapshot(path.join(fakeHome, '.ssh')) };
    const events = JSON.stringify(t.emitted);
    const logs = t.logLines.join('\n');
    const copies: string[] = [];
    const scan = (d: string) => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        const p = path.join(d, e.name);
        if (e.isDirectory()) scan(p);
        else if (e.isFile() && fs.readFileSync(p).includes(TOKEN)) copies.push(p);
      }
    };
    scan(t.dataDir);
    const opened = t.dialogs.calls.filter((c) => c.kind === 'show' || c.kind === 'openPath');
    const hotFolder = t.services.intake.hotFolderPath();

    expect(leaks.slice(0, 5)).toEqual([]);
    expect(after).toEqual(before);
    expect(needles.filter((n) => events.includes(n) || logs.includes(n))).toEqual([]);
    expect(copies).toEqual([]);
    expect(sim.counters().tasksCreated).toBe(0);
    expect(opened).toEqual([]);
    expect(t.services.settings.get().hotFolder.path).toBe('');
    expect(hotFolder).toBe(path.join(fakeHome, 'FaxDesk', 'Outbox'));

    recordFigure(SUITE, 'calls', 'calls with canary paths in every string field', calls, atLeast(channelNames.length * pool.length), `over ${channelNames.length} channels`);
    recordFigure(SUITE, 'leaks', 'results carrying canary content, or uploads of local files', leaks.length, exactly(0));
    recordFigure(SUITE, 'uploads', 'local files uploaded to the service', stray, exactly(0));
    recordFigure(SUITE, 'tasks', 'fax tasks created', sim.counters().tasksCreated, exactly(0));
    recordFigure(SUITE, 'changed', 'canary files written, moved or deleted', Object.keys({ ...before.canary, ...after.canary }).filter((k) => before.canary[k] !== after.canary[k]).length, exactly(0));
    recordFigure(SUITE, 'copies', 'copies of canary content in the data folder', copies.length, exactly(0));
  });

  it('cannot point the hot folder at a directory: only main\'s folder dialog sets it', async () => {
    for (const canary of pool) {
      const r = await dispatch(t.services.handlers, 'updateSettings', { hotFolder: { enabled: true, path: canary } });
      expect(r).toMatchObject({ ok: false, error: { code: 'ipc.invalid_input' } });
    }
    // switching it on leaves the folder where it was (the default under the user's home)
    expect(await dispatch(t.services.handlers, 'updateSettings', { hotFolder: { enabled: true } })).toMatchObject({ ok: true });
    expect(t.services.intake.status()).toMatchObject({ enabled: true, path: path.join(fakeHome, 'FaxDesk', 'Outbox') });
    expect(fs.existsSync(path.join(canaryDir, 'sent'))).toBe(false);
    // the user cancels the dialog: nothing changes
    expect(await dispatch(t.services.handlers, 'chooseHotFolder', undefined)).toMatchObject({ ok: true, value: { chosen: false } });
    expect(t.services.settings.get().hotFolder.path).toBe('');
    // the user picks a folder: that one is watched
    const picked = path.join(root, 'picked outbox');
    t.dialogs.answers.folder.push(picked);
    expect(await dispatch(t.services.handlers, 'chooseHotFolder', undefined)).toMatchObject({ ok: true, value: { chosen: true } });
    expect(t.services.intake.status()).toMatchObject({ enabled: true, path: picked, watching: true });
    await dispatch(t.services.handlers, 'updateSettings', { hotFolder: { enabled: false } });
  });

  it('imports a CSV the user chose in main\'s open dialog, and sends a document they chose', async () => {
    const csv = path.join(root, 'chosen contacts.csv');
    fs.writeFileSync(csv, 'name,fax\nAlice,+86 10 8888 0001\nBob,861088880002\n');
    t.dialogs.answers.open.push([csv]);
    const chosen = await dispatch(t.services.handlers, 'chooseFiles', { purpose: 'csv' });
    expect(chosen).toMatchObject({ ok: true, value: { files: [{ name: 'chosen contacts.csv' }] } });
    expect(JSON.stringify(chosen)).not.toContain(root);
    const handle = (chosen as { ok: true; value: { files: Array<{ handle: string }> } }).value.files[0]!.handle;
    const preview = await dispatch(t.services.handlers, 'previewCsvImport', { handle });
    expect(preview).toMatchObject({ ok: true, value: { rowCount: 2, suggested: { numberColumn: 1, nameColumn: 0 } } });
    const imported = await dispatch(t.services.handlers, 'importCsv', { handle, hasHeader: true, numberColumn: 1, nameColumn: 0 });
    expect(imported).toMatchObject({ ok: true, value: { added: 2, skippedCount: 0 } });

    const pdf = path.join(root, 'chosen.pdf');
    fs.copyFileSync(path.join(canaryDir, 'canary.pdf'), pdf);
    t.dialogs.answers.open.push([pdf]);
    const doc = (await dispatch(t.services.handlers, 'chooseFiles', { purpose: 'documents' })) as { ok: true; value: { files: Array<{ handle: string }> } };
    const uploadsAt = uploads();
    const up = await dispatch(t.services.handlers, 'uploadDocument', { uploadId: 'chosen_1', handle: doc.value.files[0]!.handle });
    expect(up).toMatchObject({ ok: true });
    expect(uploads()).toBe(uploadsAt + 1);
  });
});
