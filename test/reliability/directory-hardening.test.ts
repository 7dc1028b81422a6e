/**
 * Figures for the directory's hardening (issue #26): how many probes a
 * compromised window gets through in a minute, what main keeps after a
 * hostile directory sent it 200 MB, and whether a number search on a
 * directory with a size limit ever misses someone silently.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECTORY_BYTE_LIMITS } from '../../src/main/directory/byte-guard';
import { createBindPasswords } from '../../src/main/directory/bind-passwords';
import { createDirectoryService, DIRECTORY_PROBES_PER_MINUTE, type DirectoryService } from '../../src/main/directory/directory-service';
import { createLogger } from '../../src/main/log';
import { DEFAULT_ATTRIBUTES, DEFAULT_DIRECTORY_FILTER } from '../../src/shared/directory/types';
import { entry, startHostileLdap } from '../helpers/hostile-ldap';
import { PEOPLE_DN, READER_DN, READER_PW, generatePeople, slapdMissing, startSlapd, type RunningSlapd } from '../helpers/slapd';
import { atLeast, atMost, exactly, recordFigure, resetFigures } from './figures';

const SUITE = 'directory-hardening';
const dirs: string[] = [];
const services: DirectoryService[] = [];

function service(now: () => number = Date.now): DirectoryService {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-rel-dir-'));
  dirs.push(dataDir);
  const s = createDirectoryService({
    dataDir,
    log: createLogger(() => {}),
    passwords: createBindPasswords({ service: 'test', kind: 'memory' }),
    defaultCountry: () => 'CN',
    localNames: () => new Map(),
    now,
  });
  services.push(s);
  return s;
}

const fields = (url: string, bindDn = 'cn=reader,dc=example,dc=com', baseDn = 'dc=example,dc=com') => ({
  name: 'Directory',
  url,
  startTls: false,
  allowPlain: false,
  bindDn,
  baseDn,
  filter: DEFAULT_DIRECTORY_FILTER,
  attributes: { name: [...DEFAULT_ATTRIBUTES.name], company: [...DEFAULT_ATTRIBUTES.company], fax: [...DEFAULT_ATTRIBUTES.fax], extraFax: [...DEFAULT_ATTRIBUTES.extraFax] },
});

beforeAll(() => resetFigures(SUITE));
afterAll(() => {
  for (const s of services) s.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('directory hardening figures', () => {
  it('probes refused per minute: 30 directory tests to 30 ports within one minute', async () => {
    const ports: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const s = net.createServer();
      await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
      ports.push((s.address() as net.AddressInfo).port);
      await new Promise((r) => s.close(r));
    }
    let now = 0;
    const s = service(() => now);
    let dialed = 0;
    for (const port of ports) {
      const r = await s.test({ ...fields(`ldap://127.0.0.1:${port}`), password: 'pw' }).catch((e: { code?: string }) => e);
      if ((r as { code?: string }).code !== 'directory.too_many_tests') dialed += 1;
      now += 100;
    }
    recordFigure(SUITE, 'probes-refused', 'directory tests refused in one minute', s.probesRefused(), atLeast(30 - DIRECTORY_PROBES_PER_MINUTE), 'of 30 to 30 ports in 3 s');
    recordFigure(SUITE, 'probes-dialed', 'directory tests that dialed in one minute', dialed, atMost(DIRECTORY_PROBES_PER_MINUTE), 'of 30');
  });

  it('bytes held after a hostile directory sent 2,000 entries of 100 KB', async () => {
    const blob = Buffer.alloc(100 * 1024, 'x');
    const server = await startHostileLdap(function* () {
      for (let i = 0; i < 2000; i += 1) {
        // one in ten is an ordinary entry: those are kept, the 1,800 bloated ones are not
        const extra: Record<string, Buffer[]> = i % 10 === 0 ? {} : { description: [blob] };
        yield entry(`uid=p${i},dc=example,dc=com`, { cn: [`Person ${i}`], facsimileTelephoneNumber: [`+86 10 6${String(i).padStart(7, '0')}`], ...extra });
      }
    });
    try {
      const s = service();
      const saved = await s.save({ ...fields(server.url), password: 'pw' });
      const r = await s.search(saved.id, '+86 10 6000 0010', 'rel');
      expect(r.truncated?.reason).toBe('bytes');
      expect(r.entries.map((e) => e.name)).toEqual(['Person 10']);
      recordFigure(SUITE, 'bytes-held', 'bytes the directory caches hold after ~180 MB from a hostile directory', s.heldBytes(), atMost(DIRECTORY_BYTE_LIMITS.searchBytes), '~180 MB sent; 200 ordinary entries kept; limit: one search, 4 MB');
    } finally {
      await server.close();
    }
  }, 120_000);

  describe.skipIf(slapdMissing())('completeness on a limited server', () => {
    let slapd: RunningSlapd;
    beforeAll(async () => {
      slapd = await startSlapd({ people: generatePeople(1000), sizeLimit: 'sizelimit 500' });
    }, 60_000);
    afterAll(async () => slapd?.stop());

    it('number searches for 40 people (20 before and 20 past the first 500 entries) on slapd with sizelimit 500', async () => {
      const s = service();
      const saved = await s.save({ ...fields(slapd.url, READER_DN, PEOPLE_DN), password: READER_PW });
      const withFax = slapd.people.filter((p) => p.fax.length > 0);
      const sample = [...withFax.slice(100, 120), ...withFax.slice(600, 620)];
      let silent = 0;
      let saidIncomplete = 0;
      let found = 0;
      for (const p of sample) {
        const r = await s.search(saved.id, p.fax[0]!, `c-${p.uid}`);
        const hit = r.entries.some((e) => e.name === p.name);
        if (hit) found += 1;
        if (r.truncated) saidIncomplete += 1;
        if (!hit && !r.truncated) silent += 1;
      }
      recordFigure(SUITE, 'silent-misses', 'number searches that missed the person without saying the answer is incomplete', silent, exactly(0), 'of 40');
      recordFigure(SUITE, 'said-incomplete', 'answers that say the directory returned only the first 500 entries', saidIncomplete, exactly(sample.length), 'of 40');
      recordFigure(SUITE, 'found', 'people found by number', found, atLeast(20), 'of 40 (20 are past the server limit)');
    });
  });
});
