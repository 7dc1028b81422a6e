import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '@main/ipc/dispatch';
import { contactsToCsv, decodeCsv, escapeCell, unescapeCell } from '@main/phonebook/csv';
import { MAX_CSV_BYTES } from '@shared/phonebook/types';
import { makePhonebook, type TestPhonebook } from './helpers';

let t: TestPhonebook;
afterEach(() => t?.cleanup());

const gbk = (hex: string) => Uint8Array.from(hex.match(/../g)!.map((h) => parseInt(h, 16)));

describe('previewing a CSV file before import', () => {
  it('reads UTF-8 with a BOM, finds the header and suggests the number and name columns', async () => {
    t = makePhonebook();
    const p = t.chosen('contacts.csv', '\ufeffName,Company,Fax\r\n张三,"Acme, Inc.",010 8888 1234\r\nBob,,+1 212 555 0123\r\n');
    const preview = await t.handlers.previewCsvImport({ handle: p });
    expect(preview).toEqual({
      columns: ['Name', 'Company', 'Fax'],
      sampleRows: [
        ['张三', 'Acme, Inc.', '010 8888 1234'],
        ['Bob', '', '+1 212 555 0123'],
      ],
      rowCount: 2,
      hasHeader: true,
      encoding: 'utf-8',
      suggested: { numberColumn: 2, nameColumn: 0, companyColumn: 1, noteColumn: null },
    });
  });

  it('maps Company and Note by their header: FaxDesk\'s own export and Chinese headers', async () => {
    t = makePhonebook();
    const own = t.chosen('faxdesk-export.csv', '\ufeffname,fax,company,note\r\nLi,+86 10 8888 1234,Acme,Accounts only\r\n');
    expect((await t.handlers.previewCsvImport({ handle: own })).suggested).toEqual({ numberColumn: 1, nameColumn: 0, companyColumn: 2, noteColumn: 3 });
    const zh = t.chosen('通讯录.csv', '\ufeff备注,姓名,公司,传真\r\n只收发票,张三,某某公司,010 8888 1234\r\n');
    expect((await t.handlers.previewCsvImport({ handle: zh })).suggested).toEqual({ numberColumn: 3, nameColumn: 1, companyColumn: 2, noteColumn: 0 });
    // without a header, company and note are not guessed (content cannot tell them apart)
    const bare = t.chosen('bare2.csv', '13812345678,Li,Acme,hello\n');
    expect((await t.handlers.previewCsvImport({ handle: bare })).suggested).toMatchObject({ companyColumn: null, noteColumn: null });
  });

  it('takes a file without a header row as all data, with unnamed columns', async () => {
    t = makePhonebook();
    const p = t.chosen('bare.csv', '13812345678;Li\n13912345678;Wang\n');
    const preview = await t.handlers.previewCsvImport({ handle: p });
    expect(preview).toMatchObject({ columns: [null, null], rowCount: 2, hasHeader: false, suggested: { numberColumn: 0, nameColumn: 1 } });
    const forced = await t.handlers.previewCsvImport({ handle: p, hasHeader: true });
    expect(forced).toMatchObject({ columns: ['13812345678', 'Li'], rowCount: 1, hasHeader: true });
  });

  it('decodes GBK/GB18030 files as Excel on Chinese Windows saves them', () => {
    // "姓名,传真\r\n张三,13812345678" in GBK
    const bytes = gbk('d0d5c3fb2cb4abd5e60d0ad5c5c8fd2c3133383132333435363738');
    expect(decodeCsv(bytes)).toEqual({ text: '姓名,传真\r\n张三,13812345678', encoding: 'gb18030' });
    expect(decodeCsv(Uint8Array.from([0xff, 0xfe, 0x41, 0x00, 0x2c, 0x00]))).toEqual({ text: 'A,', encoding: 'utf-16le' });
  });

  it('refuses a missing file, a folder and anything but a handle main issued with a sentence, not a crash', async () => {
    t = makePhonebook();
    const h = t.handlers;
    const gone = t.chosen('gone.csv', 'x');
    fs.rmSync(path.join(t.dir, 'gone.csv'));
    const missing = await dispatch(h, 'previewCsvImport', { handle: gone });
    expect(missing).toMatchObject({ ok: false, error: { code: 'phonebook.file_not_found' } });
    expect(await dispatch(h, 'previewCsvImport', { handle: t.grants.grant(t.dir) })).toMatchObject({ ok: false, error: { code: 'phonebook.not_a_file' } });
    // a path, or a handle main never issued, names nothing
    expect(await dispatch(h, 'previewCsvImport', { path: `${t.dir}/gone.csv` })).toMatchObject({ ok: false, error: { code: 'ipc.invalid_input' } });
    expect(await dispatch(h, 'previewCsvImport', { handle: `fh_${'A'.repeat(32)}` })).toMatchObject({ ok: false, error: { code: 'file.not_granted' } });
    expect(await dispatch(h, 'previewCsvImport', { handle: '' })).toMatchObject({ ok: false, error: { code: 'ipc.invalid_input' } });
    expect(await dispatch(h, 'importCsv', { handle: gone, hasHeader: true, numberColumn: -1 })).toMatchObject({
      ok: false,
      error: { code: 'ipc.invalid_input' },
    });
  });
});

describe('the size and kind of a phonebook file', () => {
  it('takes a file of exactly MAX_CSV_BYTES and refuses one byte more, saying how large it is', async () => {
    t = makePhonebook();
    // long rows, so the file stays within the row limit (50,000) at 10 MB
    const head = 'Name,Fax,Note\n';
    const row = `Li,13812345678,${'n'.repeat(234)}\n`;
    const rows = Math.floor((MAX_CSV_BYTES - head.length) / row.length);
    const text = head + row.repeat(rows) + 'x'.repeat(MAX_CSV_BYTES - head.length - rows * row.length);
    expect(Buffer.byteLength(text)).toBe(MAX_CSV_BYTES);
    const atLimit = await dispatch(t.handlers, 'previewCsvImport', { handle: t.chosen('limit.csv', text) });
    expect(atLimit).toMatchObject({ ok: true, value: { columns: ['Name', 'Fax', 'Note'] } });
    const over = await dispatch(t.handlers, 'previewCsvImport', { handle: t.chosen('over.csv', text + '\n') });
    expect(over).toMatchObject({ ok: false, error: { code: 'phonebook.file_too_large', message: expect.stringContaining('"over.csv" is 10.0 MB; a phonebook file can be at most 10 MB') } });
  });

  it('refuses a named pipe as "not a file" at once, without waiting for a writer', async () => {
    t = makePhonebook();
    const handle = t.chosen('pipe.csv', 'x');
    const pipe = path.join(t.dir, 'pipe.csv');
    fs.rmSync(pipe);
    execFileSync('mkfifo', [pipe]);
    expect(await dispatch(t.handlers, 'previewCsvImport', { handle })).toMatchObject({ ok: false, error: { code: 'phonebook.not_a_file' } });
  });
});

describe('importing a CSV file', () => {
  it('imports the picked columns, reports invalid rows with reasons and merges duplicates', async () => {
    t = makePhonebook({ defaultCountry: 'CN' });
    const csv = [
      'id,"Full name",Notes,Fax number',
      '1,"Li, Lei","said ""hi""",010-8888-1234',
      '2,Wang,,call me',
      '3,Short,,12345',
      '4,"Li again",,+86 10 8888 1234',
      '',
      '5,Zoe,"multi',
      'line",+44 20 7946 0018',
      '6,Trunk,,0123',
      '7,No number column',
    ].join('\n');
    const p = t.chosen('import.csv', csv);
    const result = await t.handlers.importCsv({ handle: p, hasHeader: true, numberColumn: 3, nameColumn: 1, noteColumn: 2 });
    expect(result.added).toBe(2);
    expect(result.merged).toBe(1);
    expect(result.skippedCount).toBe(4);
    expect(result.skipped.map((s) => [s.row, s.reason, s.value])).toEqual([
      [3, 'letters', 'call me'],
      [4, 'too_short', '12345'],
      [8, 'too_short', '0123'],
      [9, 'no_number_column', ''],
    ]);
    expect(result.skipped.every((s) => s.message.length > 10)).toBe(true);
    const contacts = t.phonebook.store.listContacts().contacts;
    expect(contacts.map((c) => [c.name, c.fax, c.note])).toEqual([
      ['Li, Lei', '861088881234', 'said "hi"'],
      ['Zoe', '442079460018', 'multi\nline'],
    ]);
  });

  it('does not add a number the phonebook already has, but fills in its missing name', async () => {
    t = makePhonebook();
    const unnamed = t.phonebook.store.saveContact({ name: '', fax: '13812345678', company: null, note: null }, 'CN');
    t.phonebook.store.saveContact({ name: 'Kept', fax: '13912345678', company: null, note: null }, 'CN');
    const p = t.chosen('more.tsv', 'fax\tname\n138 1234 5678\tFilled\n+86 139 1234 5678\tIgnored\n13712345678\t\n');
    const result = await t.handlers.importCsv({ handle: p, hasHeader: true, numberColumn: 0, nameColumn: 1 });
    expect(result).toEqual({ added: 1, merged: 2, skipped: [], skippedCount: 0 });
    expect(t.phonebook.store.getContact(unnamed.id)?.name).toBe('Filled');
    expect(t.phonebook.store.listContacts().contacts.map((c) => c.name)).toEqual(['Filled', 'Kept', '']);
  });

  it('completes national numbers with the country the import names, else the settings default', async () => {
    t = makePhonebook({ defaultCountry: 'CN' });
    const p = t.chosen('us.csv', '+1 212 555 0123\n');
    expect(t.phonebook.importCsvText('(212) 555-0123\n', { hasHeader: false, numberColumn: 0, defaultCountry: 'US' }).added).toBe(1);
    expect(t.phonebook.store.listContacts().contacts[0]?.fax).toBe('12125550123');
    expect((await t.handlers.importCsv({ handle: p, hasHeader: false, numberColumn: 0 })).merged).toBe(1);
  });
});

describe('exporting the phonebook', () => {
  it('writes UTF-8 CSV with a BOM that imports back to the same contacts', async () => {
    t = makePhonebook();
    const s = t.phonebook.store;
    s.saveContact({ name: '张三', fax: '010 8888 1234', company: 'Acme, Inc.', note: 'line1\nline2' }, 'CN');
    s.saveContact({ name: '=HYPERLINK("x")', fax: '+1 212 555 0123', company: '-minus', note: '"quoted"' }, 'CN');
    s.saveContact({ name: '', fax: '+44 20 7946 0018', company: null, note: null }, 'CN');
    const before = s.allContacts().map((c) => [c.name, c.fax, c.company, c.note]);
    const target = `${t.dir}/out.csv`;
    // where main's save dialog says, and nowhere when the user cancels it
    expect(await t.handlers.exportCsv(undefined)).toEqual({ saved: null, count: 3 });
    expect(fs.existsSync(target)).toBe(false);
    t.dialogs.answers.save.push(target);
    const { saved, count } = await t.handlers.exportCsv(undefined);
    expect(count).toBe(3);
    expect(saved).toMatchObject({ name: 'out.csv', folder: t.dir });
    expect(t.grants.pathOf(saved!.handle, 'output')).toBe(target);
    const text = fs.readFileSync(target, 'utf8');
    expect(text.startsWith('\ufeffname,fax,company,note\r\n')).toBe(true);
    expect(text).toContain("'=HYPERLINK");
    // With the plus, as address books write it (it used to be "86 10 8888 1234"), behind the
    // spreadsheet escape every cell starting with + gets; import reads it back as written.
    expect(text).toContain("张三,'+86 10 8888 1234,");
    expect(text).toMatch(/,'\+1 212 555 0123,/);

    const other = makePhonebook({ defaultCountry: 'US' });
    try {
      const handle = other.grants.grant(target);
      const preview = await other.handlers.previewCsvImport({ handle });
      expect(preview).toMatchObject({ hasHeader: true, encoding: 'utf-8', rowCount: 3, suggested: { numberColumn: 1, nameColumn: 0 } });
      const result = await other.handlers.importCsv({ handle, hasHeader: true, numberColumn: 1, nameColumn: 0, companyColumn: 2, noteColumn: 3 });
      expect(result).toEqual({ added: 3, merged: 0, skipped: [], skippedCount: 0 });
      expect(other.phonebook.store.allContacts().map((c) => [c.name, c.fax, c.company, c.note])).toEqual(before);
    } finally {
      other.cleanup();
    }
  });

  it('says where it could not write, and leaves nothing behind', async () => {
    t = makePhonebook();
    t.dialogs.answers.save.push(`${t.dir}/missing/out.csv`);
    const r = await dispatch(t.handlers, 'exportCsv', undefined);
    expect(r).toMatchObject({ ok: false, error: { code: 'file.write_failed', message: expect.stringContaining(`${t.dir}/missing`) } });
    expect(fs.existsSync(`${t.dir}/missing`)).toBe(false);
  });

  it('escapes spreadsheet formulas and reads them back unchanged', () => {
    for (const v of ['=1+1', '+x', '-y', '@z', "'=q", "'plain", 'plain', '']) {
      expect(unescapeCell(escapeCell(v))).toBe(v);
    }
    expect(contactsToCsv([])).toBe('\ufeffname,fax,company,note\r\n');
  });
});
