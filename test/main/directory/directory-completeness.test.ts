/**
 * A number search on a directory with a size limit (a real slapd with
 * OpenLDAP's default `sizelimit 500`, which also stops paged searches at 500
 * entries in all) never answers a plain "no matches" for a person past the
 * first 500: it asks the server for the number directly, and the answer says
 * the directory returned only the first 500 entries, also from the session's
 * cache.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, SizeLimitExceededError } from 'ldapts';
import { dispatch } from '@main/ipc/dispatch';
import { DEFAULT_ATTRIBUTES, DEFAULT_DIRECTORY_FILTER, type DirectorySearchResult } from '@shared/directory/types';
import type { IpcResult } from '@shared/ipc/define';
import { makeTestServices, type TestServices } from '../../helpers/services';
import { PEOPLE_DN, READER_DN, READER_PW, generatePeople, slapdMissing, startSlapd, type GeneratedPerson, type RunningSlapd } from '../../helpers/slapd';

const missing = slapdMissing();
const LIMIT = 500;

describe.skipIf(missing)('a directory answer is complete or says it is not (slapd, sizelimit 500)', () => {
  let slapd: RunningSlapd;
  let t: TestServices;
  let id: string;
  /** people with a fax number, in the order the server returns them */
  let withFax: GeneratedPerson[];

  beforeAll(async () => {
    slapd = await startSlapd({ people: generatePeople(1000), sizeLimit: `sizelimit ${LIMIT}` });
    t = await makeTestServices();
    const saved = (await dispatch(t.services.handlers, 'saveDirectory', {
      name: 'Limited',
      url: slapd.url,
      startTls: false,
      allowPlain: false,
      bindDn: READER_DN,
      baseDn: PEOPLE_DN,
      filter: DEFAULT_DIRECTORY_FILTER,
      attributes: { name: [...DEFAULT_ATTRIBUTES.name], company: [...DEFAULT_ATTRIBUTES.company], fax: [...DEFAULT_ATTRIBUTES.fax], extraFax: [...DEFAULT_ATTRIBUTES.extraFax] },
      password: READER_PW,
    })) as IpcResult<{ id: string }>;
    if (!saved.ok) throw new Error(saved.error.message);
    id = saved.value.id;
    withFax = slapd.people.filter((p) => p.fax.length > 0);
  }, 60_000);

  afterAll(async () => {
    await t?.cleanup();
    await slapd?.stop();
  });

  const search = async (query: string): Promise<DirectorySearchResult> => {
    const r = (await dispatch(t.services.handlers, 'searchDirectory', { directoryId: id, query, requestId: query })) as IpcResult<DirectorySearchResult>;
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    return r.value;
  };

  it('the server really stops even a paged search at 500 entries', async () => {
    const raw = new Client({ url: slapd.url });
    try {
      await raw.bind(READER_DN, READER_PW);
      await expect(raw.search(PEOPLE_DN, { filter: DEFAULT_DIRECTORY_FILTER, paged: { pageSize: 100 } })).rejects.toBeInstanceOf(SizeLimitExceededError);
    } finally {
      await raw.unbind();
    }
  });

  it('a person past the first 500, found by the number the server can search (the AD "other" attribute)', async () => {
    const late = withFax.slice(LIMIT + 50).find((p) => p.otherFax.length > 0)!;
    expect(late).toBeDefined();
    const r = await search(late.otherFax[0]!);
    expect(r.entries.map((e) => e.name)).toContain(late.name);
    expect(r.truncated).toMatchObject({ reason: 'server_size_limit', read: LIMIT });
  });

  it('a person past the first 500 whose number the server cannot search: not "no matches" but "only the first 500", also from the cache', async () => {
    const late = withFax.slice(LIMIT + 50).find((p) => p.otherFax.length === 0 && p.fax.length === 1)!;
    const first = await search(late.fax[0]!);
    expect(first.entries.map((e) => e.name)).not.toContain(late.name);
    expect(first.truncated).toEqual({ reason: 'server_size_limit', shown: first.entries.length, read: LIMIT });
    // Someone within the first 500 is found, and the answer still says the list may miss people.
    const early = withFax[10]!;
    const found = await search(early.fax[0]!);
    expect(found.entries.map((e) => e.name)).toContain(early.name);
    expect(found.truncated).toMatchObject({ reason: 'server_size_limit', read: LIMIT });
    expect(await search(late.fax[0]!)).toEqual(first);
  });
});
