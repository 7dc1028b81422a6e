/**
 * The API secret is read from the keychain once per connection, not for every request (each read is a
 * D-Bus round trip to the Secret Service), and a secret replaced outside the app is still picked up: when
 * the service refuses the kept one, the keychain is read again and the request made once more. The
 * keychain is the real one when a Secret Service is reachable (run through dbus-run-session, see
 * secret-store.test.ts), else keytar's stand-in in memory; the service is the real simulator.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryKeytar } from '@main/credentials/bound-passwords';
import { keptSecret } from '@main/account/connection-state';
import { createKeychainSecretStore, keychainAccountOf, loadKeytar, type KeytarLike } from '@main/credentials/secret-store';
import { grantDroppedFile } from '@main/files/grants';
import { dispatch } from '@main/ipc/dispatch';
import { credentialKey } from '@shared/credential-key';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/index';
import { keychainUnavailable } from '../../helpers/keychain';
import { makeTestServices, type TestServices } from '../../helpers/services';

const OLD = 'Kept-3a9f-secret-before-reset';
const NEW = 'Kept-77c2-secret-after-reset';
const SERVICE = `FaxDesk-test-kept-${process.pid}`;

const noKeychain = await keychainUnavailable(SERVICE);
if (noKeychain) console.log(`[kept-secret] keytar's stand-in in memory: ${noKeychain}`);
const os: KeytarLike = noKeychain ? memoryKeytar() : await loadKeytar();

let t: TestServices | null = null;
let sim: RunningSimulator | null = null;
afterEach(async () => {
  if (sim) await os.deletePassword(SERVICE, keychainAccountOf(credentialKey(sim.baseUrl, 'office-key')!)).catch(() => false);
  await t?.cleanup();
  await sim?.stop();
  t = sim = null;
});

/** Connected to the simulator with OLD; `reads` counts the keychain reads from then on. */
async function connected() {
  sim = await startSimulator({ speed: 200, apiKey: 'office-key', apiSecret: OLD });
  const reads = { n: 0 };
  const counting: KeytarLike = {
    getPassword: (s, a) => {
      reads.n++;
      return os.getPassword(s, a);
    },
    setPassword: (s, a, p) => os.setPassword(s, a, p),
    deletePassword: (s, a) => os.deletePassword(s, a),
  };
  t = await makeTestServices({}, { secretStore: createKeychainSecretStore({ service: SERVICE, keytar: counting }) });
  const r = await dispatch(t.services.handlers, 'connectAccount', { baseUrl: sim.baseUrl, apiKey: 'office-key', secret: OLD });
  expect(r.ok).toBe(true);
  reads.n = 0;
  let n = 0;
  /** a new document dropped and uploaded, as the Send screen does (a new file each time: no earlier ref to reuse) */
  const upload = async () => {
    const doc = path.join(fs.mkdtempSync(path.join(t!.dataDir, 'docs-')), `memo-${++n}.txt`);
    fs.writeFileSync(doc, `memo ${n}\n`);
    const handle = grantDroppedFile(t!.services.grants, doc).handle;
    return dispatch(t!.services.handlers, 'uploadDocument', { uploadId: `kept-${n}`, handle });
  };
  /** IT writes the secret into this desk's keychain, outside the app */
  const replacedOutside = (secret: string) => createKeychainSecretStore({ service: SERVICE, keytar: os }).set(credentialKey(sim!.baseUrl, 'office-key')!, secret);
  const uploadsSeen = () => sim!.requestLog().filter((e) => e.path.startsWith('/api/v2/files/upload'));
  return { sim, t, reads, upload, replacedOutside, uploadsSeen };
}

describe('the API secret is read once per connection', () => {
  it('three uploads after connecting ask the keychain at most once', async () => {
    const { reads, upload } = await connected();
    for (let i = 0; i < 3; i++) expect((await upload()).ok).toBe(true);
    expect(reads.n).toBeLessThanOrEqual(1);
  });

  it('a secret reset at the service and replaced in the keychain outside the app is used at once: the refused upload is made again', async () => {
    const { sim, reads, upload, replacedOutside, uploadsSeen } = await connected();
    expect((await upload()).ok).toBe(true);
    sim.resetSecret(NEW);
    await replacedOutside(NEW);
    const before = reads.n;
    const after = await upload();
    expect(after).toMatchObject({ ok: true });
    expect(reads.n).toBe(before + 1);
    // the kept secret refused once, the new one taken
    expect(uploadsSeen().map((e) => e.status)).toEqual([200, 401, 200]);
    expect((await upload()).ok).toBe(true);
    expect(reads.n).toBe(before + 1);
  });

  it('uploads in flight when IT replaces the secret are all made again with the new one, from one keychain read', async () => {
    const { sim, reads, upload, replacedOutside, uploadsSeen } = await connected();
    expect((await upload()).ok).toBe(true);
    sim.resetSecret(NEW);
    await replacedOutside(NEW);
    const before = reads.n;
    // three documents attached at once: those that leave with the kept secret are refused (all three, or on a
    // loaded machine only the first, the others leaving after the new secret was read) and each is made again
    const results = await Promise.all([upload(), upload(), upload()]);
    expect(results.map((r) => r.ok)).toEqual([true, true, true]);
    const statuses = uploadsSeen().map((e) => e.status);
    const refused = statuses.filter((s) => s === 401).length;
    expect(refused).toBeGreaterThanOrEqual(1);
    expect(refused).toBeLessThanOrEqual(3);
    // the first upload, then each of the three once, and each refused one once more: nothing refused is dropped or sent twice
    expect(statuses.filter((s) => s === 200)).toHaveLength(4);
    expect(statuses).toHaveLength(4 + refused);
    expect(reads.n).toBe(before + 1);
  });

  it('a secret the service refuses and the keychain still holds is refused, once: no second request', async () => {
    const { sim, upload, uploadsSeen } = await connected();
    sim.resetSecret(NEW);
    const refused = await upload();
    expect(refused).toMatchObject({ ok: false, error: { code: 'auth.invalid_credentials' } });
    expect(uploadsSeen().map((e) => e.status)).toEqual([401]);
  });
});

describe('refusals that arrive together', () => {
  it('two refused in the same moment share one fresh read of the store, and both are made again', async () => {
    let stored = OLD;
    let reads = 0;
    const secret = keptSecret(async () => {
      reads++;
      return stored;
    });
    expect(await secret.get()).toBe(OLD);
    stored = NEW;
    // both answers come in before either has looked at the store again
    expect(await Promise.all([secret.refused(OLD), secret.refused(OLD)])).toEqual([true, true]);
    expect(reads).toBe(2);
    expect(await secret.get()).toBe(NEW);
  });

  it('a refusal of a secret already replaced is made again without reading; a refusal of the stored one is final', async () => {
    let stored: string | null = NEW;
    let reads = 0;
    const secret = keptSecret(async () => {
      reads++;
      return stored;
    });
    expect(await secret.get()).toBe(NEW);
    expect(await secret.refused(OLD)).toBe(true);
    expect(reads).toBe(1);
    expect(await secret.refused(NEW)).toBe(false);
    expect(reads).toBe(2);
    stored = null;
    // nothing stored any more: nothing to try
    expect(await secret.refused(NEW)).toBe(false);
  });
});
