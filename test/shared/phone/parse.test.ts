import { describe, expect, it } from 'vitest';
import { normalizeNumber, parseRecipients, splitNumbers } from '@shared/phone/parse';

function norm(raw: string, country?: string): string | undefined {
  const r = normalizeNumber(raw, country);
  return r.ok ? r.number : undefined;
}

describe('normalizing what people type', () => {
  it.each([
    // China: mobile and Beijing landline, every way people write them
    ['13812345678', 'CN', '8613812345678'],
    ['138-1234-5678', 'CN', '8613812345678'],
    ['+86 138 1234 5678', 'CN', '8613812345678'],
    ['008613812345678', 'CN', '8613812345678'],
    ['0086 10 8888 1234', 'CN', '861088881234'],
    ['+86 10 8888 1234', 'CN', '861088881234'],
    ['(010) 8888-1234', 'CN', '861088881234'],
    ['010-88881234', 'CN', '861088881234'],
    ['861088881234', 'CN', '861088881234'],
    ['＋８６ １３８ １２３４ ５６７８', 'CN', '8613812345678'],
    // United States
    ['(212) 555-0123', 'US', '12125550123'],
    ['212.555.0123', 'US', '12125550123'],
    ['+1 212 555 0123', 'CN', '12125550123'],
    ['001 212 555 0123', 'CN', '12125550123'],
    ['011 44 20 7946 0958', 'US', '442079460958'],
    ['12125550123', 'CN', '12125550123'],
    // United Kingdom
    ['020 7946 0958', 'GB', '442079460958'],
    ['+44 (0)20 7946 0958', 'CN', '442079460958'],
    ['0044 20 7946 0958', 'DE', '442079460958'],
    // Germany
    ['030 1234567', 'DE', '49301234567'],
    ['+49 30 1234567', 'US', '49301234567'],
    // Japan
    ['03-1234-5678', 'JP', '81312345678'],
    ['+81 3-1234-5678', 'CN', '81312345678'],
    // Hong Kong
    ['2345 6789', 'HK', '85223456789'],
    ['+852 2345 6789', 'CN', '85223456789'],
    // no default country: only international forms work
    ['+86 10 8888 1234', undefined, '861088881234'],
    ['0086 10 8888 1234', undefined, '861088881234'],
  ])('%s (default %s) becomes %s', (raw, country, expected) => {
    expect(norm(raw, country)).toBe(expected);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['---', 'empty'],
    ['fax 13812345678', 'letters'],
    ['138*1234#5678', 'letters'],
    ['123', 'too_short'],
    ['+86 123', 'too_short'],
    ['1234567890123456', 'too_long'],
    ['+86 138 1234 5678 9999', 'too_long'],
    ['0123456', 'leading_zero'],
    ['+999 1234567', 'invalid_for_country'],
  ])('%j is refused as %s', (raw, reason) => {
    const r = normalizeNumber(raw, 'CN');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.reason).toBe(reason);
      expect(r.message).toMatch(/^[A-Z].+\.$/);
    }
  });

  it('a number starting with 0 has no country to complete it without a default', () => {
    expect(normalizeNumber('010 8888 1234')).toMatchObject({ ok: false, reason: 'leading_zero' });
  });

  it('flags numbers that are possible but outside known ranges', () => {
    expect(normalizeNumber('999999999', 'CN')).toMatchObject({ ok: true, unlikely: true });
    expect(normalizeNumber('13812345678', 'CN')).not.toHaveProperty('unlikely');
  });
});

describe('splitting pasted text', () => {
  it('splits on newlines, commas, semicolons, tabs and full-width punctuation', () => {
    expect(splitNumbers('13812345678\n13912345678,13712345678;13612345678\t13512345678，13412345678；13312345678、13212345678', 'CN')).toHaveLength(8);
  });

  it('keeps a number formatted with spaces together', () => {
    expect(splitNumbers('+86 10 8888 1234', 'CN')).toEqual(['+86 10 8888 1234']);
    expect(splitNumbers('(010) 8888-1234', 'CN')).toEqual(['(010) 8888-1234']);
    expect(splitNumbers('020 7946 0958', 'GB')).toEqual(['020 7946 0958']);
    expect(splitNumbers('+1 (212) 555-0123', 'CN')).toEqual(['+1 (212) 555-0123']);
  });

  it('splits numbers separated only by spaces', () => {
    expect(splitNumbers('13812345678 13912345678', 'CN')).toEqual(['13812345678', '13912345678']);
    expect(splitNumbers('010 8888 1234 13812345678', 'CN')).toEqual(['010 8888 1234', '13812345678']);
    expect(splitNumbers('010 88881234 010 88881235', 'CN')).toEqual(['010 88881234', '010 88881235']);
    expect(splitNumbers('+86 10 8888 1234 +1 212 555 0123', 'CN')).toEqual(['+86 10 8888 1234', '+1 212 555 0123']);
  });

  it('keeps a wrong number whole instead of reporting fragments', () => {
    expect(splitNumbers('+999 12 34', 'CN')).toEqual(['+999 12 34']);
  });

  it('never reads the digits after a mistyped country code as a number of the default country', () => {
    // the user meant one international number: one row to correct, not a fax to 86 1234567 or 86 138…
    expect(splitNumbers('+999 1234567', 'CN')).toEqual(['+999 1234567']);
    expect(splitNumbers('+999 13812345678', 'CN')).toEqual(['+999 13812345678']);
    const rows = parseRecipients('+999 1234567', 'CN').rows;
    expect(rows.map((r) => [r.input, r.valid])).toEqual([['+999 1234567', false]]);
    expect(parseRecipients('+999 1234567', 'CN').numbers).toEqual([]);
    // a number before it, and the next + after it, are numbers of their own; a country code that reads stays apart
    expect(splitNumbers('13812345678 +999 1234567', 'CN')).toEqual(['13812345678', '+999 1234567']);
    expect(splitNumbers('+999 1234567, +1 212 555 0123', 'CN')).toEqual(['+999 1234567', '+1 212 555 0123']);
    expect(splitNumbers('+86 10 8888 1234 +1 212 555 0123', 'CN')).toEqual(['+86 10 8888 1234', '+1 212 555 0123']);
  });

  it('drops blank pieces', () => {
    expect(splitNumbers('\n\n , ;  \t', 'CN')).toEqual([]);
  });
});

describe('recipient rows', () => {
  it('gives a reason per invalid row, merges duplicates and counts', () => {
    const parsed = parseRecipients('+86 138 1234 5678\n(010) 8888-1234\n0086 13812345678\nabc\n123\n+1 212 555 0123', 'CN');
    expect(parsed.numbers).toEqual(['8613812345678', '861088881234', '12125550123']);
    expect(parsed.counts).toEqual({ valid: 3, invalid: 2, duplicates: 1 });
    expect(parsed.rows[2]).toMatchObject({ input: '0086 13812345678', number: '8613812345678', valid: true, duplicateOf: 0 });
    expect(parsed.rows[3]).toMatchObject({ input: 'abc', valid: false, reason: 'letters' });
    expect(parsed.rows[4]).toMatchObject({ input: '123', valid: false, reason: 'too_short' });
    expect(parsed.rows[1]).toMatchObject({ country: 'CN' });
    expect(parsed.rows[5]).toMatchObject({ country: 'US' });
  });

  it('treats numbers already in the list as duplicates', () => {
    const parsed = parseRecipients('13812345678, 13912345678', 'CN', ['8613812345678']);
    expect(parsed.numbers).toEqual(['8613912345678']);
    expect(parsed.rows[0]).toMatchObject({ duplicateOf: 'existing' });
    expect(parsed.counts).toEqual({ valid: 1, invalid: 0, duplicates: 1 });
  });

  it('handles a large paste quickly and in order', () => {
    const input = Array.from({ length: 1000 }, (_, i) => `1381234${String(i).padStart(4, '0')}`).join(' ');
    const started = Date.now();
    const parsed = parseRecipients(input, 'CN');
    console.log(`parsed 1000 space-separated numbers in ${Date.now() - started} ms`);
    expect(parsed.counts.valid).toBe(1000);
    expect(parsed.numbers[999]).toBe('8613812340999');
  });
});

describe('numbers as people paste them (issue #30, item 10)', () => {
  const rows = (text: string, country = 'CN') =>
    parseRecipients(text, country).rows.map((r) => ({ input: r.input, number: r.number ?? null, extension: r.extension ?? null, valid: r.valid }));

  it.each([
    ['010 6688 7777 转 8001', '861066887777', '8001'],
    ['010-66887777转8001', '861066887777', '8001'],
    ['010 6688 7777 分机 12', '861066887777', '12'],
    ['+86 10 6688 7777 ext. 8001', '861066887777', '8001'],
    ['+86 10 6688 7777 ext 8001', '861066887777', '8001'],
    ['+1 212 555 0123 x45', '12125550123', '45'],
    ['(212) 555-0123 #45', '12125550123', '45'],
    ['tel:+1-212-555-0123;ext=45', '12125550123', '45'],
  ])('%s is one row: the number, and its extension noted', (text, number, extension) => {
    expect(rows(text, text.includes('212') ? 'US' : 'CN')).toEqual([{ input: expect.any(String), number, extension, valid: true }]);
  });

  it('keeps the extension with its row when invalid rows are removed', () => {
    const parsed = parseRecipients('010 6688 7777 转 8001\n123', 'CN');
    const kept = parsed.rows.filter((r) => r.valid).map((r) => r.input).join('\n');
    expect(kept).toBe('010 6688 7777 转 8001');
    expect(parseRecipients(kept, 'CN').rows).toMatchObject([{ number: '861066887777', extension: '8001' }]);
  });

  it.each([
    ['tel: 0755 8888 9999', ['8675588889999']],
    ['tel:+8675588889999', ['8675588889999']],
    ['TEL:0755-8888-9999', ['8675588889999']],
    ['Fax: 010 6688 7777', ['861066887777']],
    ['传真：010 6688 7777', ['861066887777']],
  ])('%s: the label is not part of the number', (text, numbers) => {
    expect(parseRecipients(text, 'CN').numbers).toEqual(numbers);
    expect(parseRecipients(text, 'CN').counts.invalid).toBe(0);
  });

  it.each([
    // spreadsheet cells copied: tabs between cells, a name beside the number
    ['Anna Schmidt\t+49 30 1234567\n李雷\t010 6688 7777', ['49301234567', '861066887777']],
    // a CSV file: quoted cells, a comma inside the name, a quote inside a quote
    ['"Schmidt, Anna","+49 30 1234567"\n"Li ""Lei""","010 6688 7777"', ['49301234567', '861066887777']],
    // the trick that keeps a leading 0 in a spreadsheet, and Excel's text mark
    ['="01066887777"\n\'+86 138 1234 5678', ['861066887777', '8613812345678']],
    // semicolon CSV (European spreadsheets), empty cells
    ['Name;Fax;;\nAnna;030 1234567;;', ['49301234567']],
    // a cell holding a number with its extension
    ['"Li Lei"\t"010 6688 7777 转 8001"', ['861066887777']],
  ])('cells: %j', (text, numbers) => {
    const parsed = parseRecipients(text, text.includes('030') ? 'DE' : 'CN');
    expect(parsed.numbers).toEqual(numbers);
  });

  it('a header line of words still shows as one row a person can see is not a number', () => {
    expect(parseRecipients('Fax', 'CN').rows).toMatchObject([{ input: 'Fax', valid: false, reason: 'letters' }]);
  });

  it('parses line by line: the text parsed whole equals its lines parsed one by one', async () => {
    const { parseLine } = await import('@shared/phone/parse');
    const text = '010 6688 7777 转 8001\n"Anna","+49 30 1234567"\n13812345678 13912345678';
    expect(parseRecipients(text, 'CN').rows).toEqual(text.split('\n').flatMap((l) => parseLine(l, 'CN')));
  });
});

describe('what each row shows: the piece as the person wrote it (#31)', () => {
  const shown = (text: string, country = 'CN') =>
    parseRecipients(text, country).rows.map((r) => ({ input: r.input, number: r.number ?? null, extension: r.extension ?? null }));

  it('an extension stays on the row of the number before it, as written, with numbers before and after it on their own rows', () => {
    expect(shown('13812345678 010 6688 7777 转 8001')).toEqual([
      { input: '13812345678', number: '8613812345678', extension: null },
      { input: '010 6688 7777 转 8001', number: '861066887777', extension: '8001' },
    ]);
    expect(shown('010 6688 7777 转 8001 13812345678')).toEqual([
      { input: '010 6688 7777 转 8001', number: '861066887777', extension: '8001' },
      { input: '13812345678', number: '8613812345678', extension: null },
    ]);
    expect(shown('tel:+1-201-555-0123; ext = 1234', 'US')).toEqual([{ input: '+1-201-555-0123 ext 1234', number: '12015550123', extension: '1234' }]);
  });

  it("shows a number without the spreadsheet's text mark, its quotes or its label, and keeps a label with no number as typed", () => {
    expect(shown("'13812345678")).toEqual([{ input: '13812345678', number: '8613812345678', extension: null }]);
    expect(shown('" 13812345678 "')).toEqual([{ input: '13812345678', number: '8613812345678', extension: null }]);
    expect(shown('Fax: 13812345678')).toEqual([{ input: '13812345678', number: '8613812345678', extension: null }]);
    expect(parseRecipients('Name: Anna', 'CN').rows).toMatchObject([{ input: 'Name: Anna', valid: false, reason: 'letters' }]);
    // cells without a digit beside a number are names; a line of names alone is shown cell by cell
    expect(shown('Fax: abc, 13812345678')).toEqual([{ input: '13812345678', number: '8613812345678', extension: null }]);
    expect(parseRecipients('Anna\tBerlin', 'CN').rows.map((r) => r.input)).toEqual(['Anna', 'Berlin']);
  });

  it('marks the row of a possible number outside the known ranges, and only that row', () => {
    const parsed = parseRecipients('999999999\n13812345678', 'CN');
    expect(parsed.rows[0]).toMatchObject({ input: '999999999', valid: true, unlikely: true });
    expect(parsed.rows[1]).not.toHaveProperty('unlikely');
    expect(parsed.rows[1]).not.toHaveProperty('extension');
  });

  it('splits lines at every kind of line break a paste can carry', () => {
    expect(splitNumbers('13812345678\r\n13912345678\u202813712345678\u008513612345678\r13512345678\u202913412345678', 'CN')).toEqual([
      '13812345678', '13912345678', '13712345678', '13612345678', '13512345678', '13412345678',
    ]);
  });
});

describe('where one number ends and the next begins: the limits a person runs into (#31)', () => {
  const shown = (text: string, country = 'CN') =>
    parseRecipients(text, country).rows.map((r) => ({ input: r.input, number: r.number ?? null, extension: r.extension ?? null }));

  it('a number written in up to 8 space-separated groups beside another is read whole; a 9th group is past what is tried as one number', () => {
    expect(splitNumbers('1 3 8 1 2 3 4 5678 13912345678', 'CN')).toEqual(['1 3 8 1 2 3 4 5678', '13912345678']);
    const nine = parseRecipients('1 3 8 1 2 3 4 5 678 13912345678', 'CN');
    expect(nine.rows.map((r) => r.input)).not.toContain('1 3 8 1 2 3 4 5 678');
    expect(nine.numbers).not.toContain('8613812345678');
    expect(nine.numbers).toContain('8613912345678');
  });

  it('a text where nothing reads as a number is one row while it holds no more digits than one number with its 00/011 prefix (18), a row per group beyond', () => {
    // 18 digits, zeros and nines counted alike: one row to correct
    const eighteen = 'A09 A09 A09 A09 A09 A09 A09 A09 A09';
    expect(shown(eighteen)).toEqual([{ input: eighteen, number: null, extension: null }]);
    expect(parseRecipients(eighteen, 'CN').rows[0]).toMatchObject({ valid: false, reason: 'letters' });
    // 19 digits are more than one number: each group is its own row
    expect(splitNumbers(`${eighteen} 0`, 'CN')).toEqual([...eighteen.split(' '), '0']);
    expect(splitNumbers('A09 A09 A09 A09 A09 A09 A09 A09 A90 9', 'CN')).toHaveLength(10);
  });

  it('a label is a word or a few (up to 15 letters, spaces and dots) before a colon; a longer text before it is shown to be corrected', () => {
    expect(shown('Telefax Zentral: 030 1234567', 'DE')).toEqual([{ input: '030 1234567', number: '49301234567', extension: null }]);
    expect(shown('Fax : 13812345678')).toEqual([{ input: '13812345678', number: '8613812345678', extension: null }]);
    expect(shown('Fax.:13812345678')).toEqual([{ input: '13812345678', number: '8613812345678', extension: null }]);
    expect(shown('传真： 010 6688 7777 转 8001')).toEqual([{ input: '010 6688 7777 转 8001', number: '861066887777', extension: '8001' }]);
    const long = parseRecipients('Telefax Zentrale: 030 1234567', 'DE');
    expect(long.rows.map((r) => [r.input, r.valid])).toEqual([['Telefax', false], ['Zentrale:', false], ['030 1234567', true]]);
    // a label only at the start of a cell: a word with a colon between two numbers is its own row
    expect(shown('13812345678 Fax: 13912345678')).toEqual([
      { input: '13812345678', number: '8613812345678', extension: null },
      { input: 'Fax:', number: null, extension: null },
      { input: '13912345678', number: '8613912345678', extension: null },
    ]);
  });

  it('an extension has 1 to 8 digits; 9 digits after 转 are not taken as an extension', () => {
    expect(shown('010 6688 7777 转 12345678')).toEqual([{ input: '010 6688 7777 转 12345678', number: '861066887777', extension: '12345678' }]);
    expect(shown('(010) 6688 7777转1')).toEqual([{ input: '(010) 6688 7777转1', number: '861066887777', extension: '1' }]);
    const nine = shown('010 6688 7777 转 123456789');
    expect(nine.every((r) => r.extension === null)).toBe(true);
    expect(nine.map((r) => r.input)).toContain('转');
  });

  it("drops the spreadsheet's text mark and the quotes after it, wherever the cell starts in the line", () => {
    expect(shown("Li, '13812345678")).toEqual([{ input: '13812345678', number: '8613812345678', extension: null }]);
    expect(shown('\' "13812345678"')).toEqual([{ input: '13812345678', number: '8613812345678', extension: null }]);
    expect(shown('\'"Fax: 13812345678"')).toEqual([{ input: '13812345678', number: '8613812345678', extension: null }]);
    // a text mark before an empty quoted cell is an empty cell; a lone quote after it is shown as typed
    expect(shown('\'""')).toEqual([]);
    expect(shown('\'"')).toEqual([{ input: '"', number: null, extension: null }]);
  });

  it('a quote inside a cell is part of what was typed, not the start of a quoted cell', () => {
    expect(shown('010 6688 7777 "Büro"')).toEqual([
      { input: '010 6688 7777', number: '861066887777', extension: null },
      { input: '"Büro"', number: null, extension: null },
    ]);
    // a quoted cell keeps its comma and its doubled quotes as one quote, also after a space; a cell with a digit in it stays beside the number
    expect(shown('030 1234567, "Büro 2, Berlin"', 'DE')).toEqual([
      { input: '030 1234567', number: '49301234567', extension: null },
      { input: 'Büro 2, Berlin', number: null, extension: null },
    ]);
    expect(shown('"Büro ""2""";13812345678').map((r) => r.input)).toEqual(['Büro "2"', '13812345678']);
    expect(shown('"Büro 2, Berlin"\t030 1234567', 'DE')).toEqual([
      { input: 'Büro 2, Berlin', number: null, extension: null },
      { input: '030 1234567', number: '49301234567', extension: null },
    ]);
  });

  it('keeps a possible but unusual number whole (one row flagged unlikely) rather than a known number and a stray digit', () => {
    const parsed = parseRecipients('10 8888 1234 5', 'CN');
    expect(parsed.rows).toHaveLength(1);
    expect(parsed.rows[0]).toMatchObject({ input: '10 8888 1234 5', valid: true, unlikely: true });
    expect(parsed.numbers).not.toContain('861088881234');
  });

  it('a + begins a number: a short number before an international one is its own row, never the start of it', () => {
    // before: '1234567 +1 212' (read as 1 234567 1212) and '555 0123' (a Chinese 86 5550123)
    expect(shown('1234567 +1 212 555 0123')).toEqual([
      { input: '1234567', number: '861234567', extension: null },
      { input: '+1 212 555 0123', number: '12125550123', extension: null },
    ]);
    expect(splitNumbers('+999 1234567 +1 212 555 0123', 'CN')).toEqual(['+999 1234567', '+1 212 555 0123']);
    // an international number, then a national one: the + starts the first, not the second
    expect(splitNumbers('+1 212 555 0123 13812345678', 'CN')).toEqual(['+1 212 555 0123', '13812345678']);
  });

  it('two numbers with an extension each on one line are two rows with theirs; a second extension after one is one row to correct', () => {
    // before: the first number and its 转 8001 fell apart into fragment rows
    expect(shown('13812345678 转 8001 13912345678 转 8002')).toEqual([
      { input: '13812345678 转 8001', number: '8613812345678', extension: '8001' },
      { input: '13912345678 转 8002', number: '8613912345678', extension: '8002' },
    ]);
    expect(shown('010 6688 7777 转 8001 x 12')).toEqual([
      { input: '010 6688 7777 转 8001', number: '861066887777', extension: '8001' },
      { input: 'x 12', number: null, extension: null },
    ]);
  });
});
