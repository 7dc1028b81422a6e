/**
 * vCard import and export with files as the address books write them
 * (fixtures/*.vcf, made following each one's export format: Outlook for
 * Windows 2.1, macOS Contacts 3.0, Android 2.1 with quoted-printable,
 * Thunderbird 4.0), through the real phonebook handlers and SQLite.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '@main/ipc/dispatch';
import type { Contact } from '@shared/phonebook/types';
import { makePhonebook, type TestPhonebook } from './helpers';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name: string) => path.join(here, 'fixtures', name);
const FIXTURES = ['outlook.vcf', 'macos-contacts.vcf', 'android.vcf', 'thunderbird.vcf'];

let t: TestPhonebook;
let other: TestPhonebook | undefined;
afterEach(() => {
  t?.cleanup();
  other?.cleanup();
  other = undefined;
});

/** Contacts as the user sees them: name, number, company, note and group names. */
function book(p: TestPhonebook) {
  const groups = new Map(p.phonebook.store.listGroups().map((g) => [g.id, g.name]));
  return p.phonebook.store
    .allContacts()
    .map((c: Contact) => ({ name: c.name, fax: c.fax, company: c.company, note: c.note, groups: c.groupIds.map((g) => groups.get(g)).sort() }))
    .sort((a, b) => a.fax.localeCompare(b.fax));
}

describe('importing vCards', () => {
  it('reads Outlook 2.1: WORK;FAX, HOME;FAX and the plain FAX, quoted-printable Chinese names; a card without fax is reported', async () => {
    t = makePhonebook({ defaultCountry: 'CN' });
    const preview = await t.handlers.previewVcardImport({ handle: t.grants.grant(fixture('outlook.vcf')) });
    expect(preview).toMatchObject({ cards: 3, added: 4, merged: 0, skippedCount: 1 });
    expect(preview.skipped).toEqual([{ card: 3, name: 'Bob Nofax', value: '', reason: 'no_fax', message: expect.any(String) }]);
    expect(preview.sample[1]).toEqual({ card: 2, name: '张伟', company: '北京远航贸易有限公司', numbers: ['861088881234', '861088889999'], groups: [] });
    expect(book(t)).toEqual([]); // a preview changes nothing

    const result = await t.handlers.importVcard({ handle: t.grants.grant(fixture('outlook.vcf')) });
    expect(result).toMatchObject({ cards: 3, added: 4, merged: 0, skippedCount: 1 });
    expect(book(t)).toEqual([
      { name: 'Alice Martin', fax: '493012345670', company: 'Acme Trading GmbH', note: null, groups: [] },
      { name: 'Alice Martin', fax: '493098765432', company: 'Acme Trading GmbH', note: null, groups: [] },
      { name: '张伟', fax: '861088881234', company: '北京远航贸易有限公司', note: null, groups: [] },
      { name: '张伟', fax: '861088889999', company: '北京远航贸易有限公司', note: null, groups: [] },
    ]);
  });

  it('reads macOS Contacts 3.0: repeated type=, a labelled fax in an item group, folded lines; a bad number is given its reason', async () => {
    t = makePhonebook();
    const result = await t.handlers.importVcard({ handle: t.grants.grant(fixture('macos-contacts.vcf')) });
    expect(result).toMatchObject({ cards: 2, added: 3, skippedCount: 1 });
    expect(result.skipped).toEqual([{ card: 2, name: 'Marco Rossi', value: '12345', reason: 'too_short', message: expect.stringMatching(/too short/) }]);
    const nana = book(t).filter((c) => c.name === '欧阳娜娜');
    expect(nana.map((c) => c.fax)).toEqual(['862161234567', '862161234599']);
    expect(nana[0]?.note).toBe('每周一上午传真报价单，请勿在午休时间发送。联系人：欧阳娜娜，仓库主管。');
    expect(nana[0]?.company).toBe('上海华东物流有限公司');
  });

  it('reads Android 2.1: quoted-printable UTF-8 with soft line breaks, a number twice in one card merged, a card without a name', async () => {
    t = makePhonebook();
    const result = await t.handlers.importVcard({ handle: t.grants.grant(fixture('android.vcf')) });
    expect(result).toMatchObject({ cards: 3, added: 3, merged: 1, skippedCount: 0 });
    expect(book(t)).toEqual([
      { name: 'Paul Keller', fax: '41445550199', company: null, note: null, groups: [] },
      { name: '王芳', fax: '862165550002', company: '深圳新材料科技有限公司华南区销售与客户服务中心', note: null, groups: [] },
      { name: '', fax: '8675586660003', company: null, note: null, groups: [] },
    ]);
  });

  it('reads Thunderbird 4.0: TYPE lists, tel: URIs and escapes; CATEGORIES become groups, also for a merged number', async () => {
    t = makePhonebook();
    const result = await t.handlers.importVcard({ handle: t.grants.grant(fixture('thunderbird.vcf')) });
    expect(result).toMatchObject({ cards: 3, added: 2, merged: 1, skippedCount: 0 });
    expect(result.groups.sort()).toEqual(['Beijing', 'Suppliers', 'Switzerland']);
    expect(book(t)).toEqual([
      { name: 'Zoë Ångström', fax: '41225550101', company: 'Initech Sàrl', note: 'Prefers faxes before 10:00, Geneva time.\nAsk for Zoë.', groups: ['Suppliers', 'Switzerland'] },
      { name: 'Li Lei', fax: '861065550001', company: null, note: null, groups: ['Beijing', 'Suppliers'] },
    ]);
  });

  it('merges with the phonebook: a saved number is not added twice, its blank name is filled, an existing group is joined', async () => {
    t = makePhonebook();
    const saved = t.phonebook.store.saveContact({ name: '', fax: '+86 10 6555 0001', company: null, note: null }, 'CN');
    t.phonebook.store.saveGroup({ name: 'suppliers', members: [] });
    const result = await t.handlers.importVcard({ handle: t.grants.grant(fixture('thunderbird.vcf')) });
    expect(result).toMatchObject({ added: 1, merged: 2 });
    const groups = t.phonebook.store.listGroups();
    expect(groups.map((g) => g.name).sort()).toEqual(['Beijing', 'Switzerland', 'suppliers']);
    expect(t.phonebook.store.getContact(saved.id)).toMatchObject({ name: 'Li Lei', fax: '861065550001' });
    expect(groups.find((g) => g.name === 'suppliers')?.numbers.sort()).toEqual(['41225550101', '861065550001']);
  });

  it('reports an unreadable card and still imports the others; reads only files the user handed over', async () => {
    t = makePhonebook();
    const p = t.chosen('mixed.vcf', 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Good\r\nTEL;TYPE=fax:+86 10 6555 0009\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:3.0\r\nFN;=x:Broken\r\nTEL;TYPE=fax:+86 10 6555 0010\r\nEND:VCARD\r\n');
    const result = await t.handlers.importVcard({ handle: p });
    expect(result).toMatchObject({ cards: 2, added: 1, skipped: [{ card: 2, reason: 'unreadable' }] });
    const h = t.handlers;
    // Only a file the user handed over can be read: a path, or a handle main never issued, is refused.
    expect(await dispatch(h, 'importVcard', { handle: t.grants.grant(path.join(t.dir, 'gone.vcf')) })).toMatchObject({
      ok: false,
      error: { code: 'phonebook.file_not_found' },
    });
    expect(await dispatch(h, 'importVcard', { path: fixture('outlook.vcf') })).toMatchObject({ ok: false, error: { code: 'ipc.invalid_input' } });
    expect(await dispatch(h, 'importVcard', { handle: `fh_${'x'.repeat(32)}` })).toMatchObject({ ok: false, error: { code: 'file.not_granted' } });
  });
});

describe('exporting vCards', () => {
  it('round trip: everything imported from the four address books, exported and imported again, is the same phonebook', async () => {
    t = makePhonebook();
    for (const f of FIXTURES) await t.handlers.importVcard({ handle: t.grants.grant(fixture(f)) });
    // Text that needs escaping survives too.
    t.phonebook.store.saveContact({ name: 'Li; Lei, Jr. \\ Co', fax: '+1 212 555 0123', company: 'Acme; Inc, Ltd', note: 'line 1\nline 2; a, b' }, 'CN');
    const before = book(t);
    expect(before.length).toBeGreaterThan(10);

    // The user cancels main's save dialog once (nothing written), then picks a place.
    expect(await t.handlers.exportVcard(undefined)).toEqual({ saved: null, count: before.length });
    const out = path.join(t.dir, 'export.vcf');
    t.dialogs.answers.save.push(out);
    const exported = await t.handlers.exportVcard(undefined);
    expect(exported).toEqual({ saved: { handle: expect.stringMatching(/^fh_/), name: 'export.vcf', folder: t.dir }, count: before.length });
    expect(t.dialogs.calls.filter((c) => c.kind === 'save').map((c) => c.detail)).toEqual([
      { defaultName: 'faxdesk-phonebook.vcf', filters: [{ name: 'vCard', extensions: ['vcf'] }] },
      { defaultName: 'faxdesk-phonebook.vcf', filters: [{ name: 'vCard', extensions: ['vcf'] }] },
    ]);
    const text = fs.readFileSync(out, 'utf8');
    expect(text).toMatch(/^BEGIN:VCARD\r\nVERSION:3\.0\r\n/);
    expect(text).toContain('TEL;TYPE=work,fax:+86 10 6555 0001');
    // N is family;given (it was the whole name as the family name: N:Anna Schmidt;;;;).
    for (const line of text.split('\r\n').filter((l) => l.startsWith('N:'))) expect(line).not.toMatch(/^N:[^;]* [^;]*;;/);

    other = makePhonebook({ defaultCountry: 'US' });
    const again = await other.handlers.importVcard({ handle: other.grants.grant(out) });
    expect(again).toMatchObject({ cards: before.length, added: before.length, merged: 0, skippedCount: 0 });
    expect(book(other)).toEqual(before);
  });
});

describe('vCard names', () => {
  it.each([
    ['Anna Schmidt', 'Schmidt', 'Anna', ''],
    ['Schmidt, Anna', 'Schmidt', 'Anna', ''],
    ['Anna Maria Schmidt', 'Schmidt', 'Anna', 'Maria'],
    ['张伟', '张', '伟', ''],
    ['欧阳娜娜', '欧阳', '娜娜', ''],
    ['Acme', 'Acme', '', ''],
    ['', '', '', ''],
  ])('%j is family %j, given %j', async (name, family, given, additional) => {
    const { splitPersonName, contactsToVcard } = await import('@main/phonebook/vcard');
    expect(splitPersonName(name)).toEqual({ family, given, additional });
    const card = contactsToVcard([{ id: 'c1', name, fax: '861088881234', company: null, note: null, groupIds: [] } as never], []);
    const esc = (s: string) => s.replace(/,/g, '\\,');
    expect(card).toContain(`\r\nN:${esc(family)};${esc(given)};${esc(additional)};;\r\n`);
  });
});
