/**
 * Reads vCard files as the address books people have write them: 3.0
 * (macOS Contacts, Outlook for Mac), 4.0 (Thunderbird), and the 2.1 that
 * Outlook for Windows and Android still export (bare parameters such as
 * TEL;WORK;FAX, quoted-printable names with soft line breaks, CHARSET).
 *
 * ical.js (Mozilla's, maintained, no dependencies) parses 3.0 and 4.0,
 * folded lines and escapes included. It does not read 2.1, so each 2.1 line
 * is first rewritten into 3.0 syntax here: that is the only parsing done by
 * hand. Each card is parsed on its own, so one broken card is reported and
 * the others still import.
 */
import ICAL from 'ical.js';

export interface ParsedCard {
  /** 1-based position in the file */
  card: number;
  name: string;
  company: string | null;
  note: string | null;
  /** TEL values typed fax (or labelled fax), as written */
  faxes: string[];
  /** CATEGORIES: what becomes groups */
  categories: string[];
  /** set when the card could not be read at all */
  unreadable?: string;
}

type JcalProperty = [string, Record<string, unknown>, string, ...unknown[]];

const CARD = /BEGIN:VCARD\s*[\r\n]+([\s\S]*?)[\r\n]END:VCARD/gi;
/** Properties FaxDesk never reads; dropped before parsing so a malformed photo cannot spoil a card. */
const SKIPPED = new Set(['PHOTO', 'LOGO', 'SOUND', 'KEY']);

function decodeQuotedPrintable(value: string, charset: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i += 1) {
    const ch = value[i]!;
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(value.slice(i + 1, i + 3))) {
      bytes.push(parseInt(value.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      for (const b of Buffer.from(ch, 'utf8')) bytes.push(b);
    }
  }
  const label = /^(gb2312|gbk|gb18030|x-gbk)$/i.test(charset) ? 'gb18030' : charset || 'utf-8';
  try {
    return new TextDecoder(label).decode(Uint8Array.from(bytes));
  } catch {
    return new TextDecoder('utf-8').decode(Uint8Array.from(bytes));
  }
}

/** Splits "NAME;p1;p2=x:value" at the first colon outside quotes. */
function splitLine(line: string): { head: string; value: string } | null {
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i];
    if (ch === '"') quoted = !quoted;
    else if (ch === ':' && !quoted) return { head: line.slice(0, i), value: line.slice(i + 1) };
  }
  return null;
}

/**
 * The card's lines unfolded and in 3.0 syntax: 2.1's bare parameters become
 * TYPE=, quoted-printable values are decoded (with their soft line breaks),
 * binary properties are dropped.
 */
function toV3Lines(body: string): string[] {
  const physical = body.split(/\r\n|\r|\n/);
  const logical: string[] = [];
  for (let i = 0; i < physical.length; i += 1) {
    let line = physical[i]!;
    if (/^[ \t]/.test(line) && logical.length > 0) {
      logical[logical.length - 1] += line.slice(1);
      continue;
    }
    // 2.1 quoted-printable: a value ending in "=" continues on the next line, unindented.
    if (/;(ENCODING=)?QUOTED-PRINTABLE[;:]/i.test(line.split(':')[0] + ':')) {
      while (line.endsWith('=') && i + 1 < physical.length) {
        i += 1;
        line = line.slice(0, -1) + physical[i]!.replace(/^[ \t]/, '');
      }
    }
    logical.push(line);
  }

  const out: string[] = [];
  let skippingBase64 = false;
  for (const line of logical) {
    if (skippingBase64) {
      // 2.1 base64 runs until an empty line.
      if (line.trim() === '') skippingBase64 = false;
      continue;
    }
    if (line.trim() === '') continue;
    const parts = splitLine(line);
    if (!parts) continue;
    const [nameWithGroup = '', ...params] = parts.head.split(';');
    const bareName = nameWithGroup.split('.').pop()!.toUpperCase();
    if (SKIPPED.has(bareName)) {
      if (params.some((p) => /^(ENCODING=)?BASE64$/i.test(p)) && !/VERSION:[34]/.test(body)) skippingBase64 = parts.value.trim() !== '';
      continue;
    }
    if (bareName === 'VERSION') {
      out.push(/^\s*4/.test(parts.value) ? 'VERSION:4.0' : 'VERSION:3.0');
      continue;
    }
    const types: string[] = [];
    const kept: string[] = [];
    let qp = false;
    let charset = 'utf-8';
    for (const p of params) {
      const eq = p.indexOf('=');
      const key = eq < 0 ? '' : p.slice(0, eq).toUpperCase();
      const val = eq < 0 ? p : p.slice(eq + 1);
      if (eq < 0) {
        if (/^QUOTED-PRINTABLE$/i.test(p)) qp = true;
        else if (/^(BASE64|B|8BIT|7BIT)$/i.test(p)) continue;
        else types.push(p);
      } else if (key === 'ENCODING') {
        if (/^QUOTED-PRINTABLE$/i.test(val)) qp = true;
      } else if (key === 'CHARSET') {
        charset = val.replace(/"/g, '');
      } else if (key === 'TYPE') {
        types.push(...val.replace(/"/g, '').split(','));
      } else {
        kept.push(p);
      }
    }
    let value = parts.value;
    if (qp) {
      value = decodeQuotedPrintable(value, charset);
      // 2.1 text is not escaped: newlines from QP must not end the line.
      value = value.replace(/\r\n|\r|\n/g, '\\n');
    }
    const typeParam = types.length ? [`TYPE=${types.filter(Boolean).join(',')}`] : [];
    out.push(`${[nameWithGroup, ...typeParam, ...kept].join(';')}:${value}`);
  }
  return out;
}

function textOf(v: unknown): string {
  if (Array.isArray(v)) return v.map(textOf).join(' ');
  return typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v);
}

function structured(v: unknown): string[] {
  // ical.js gives a structured value with one component as a plain string.
  return Array.isArray(v) ? v.map(textOf) : [textOf(v)];
}

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;

/** "Family;Given;Middle;Prefix;Suffix" as people write the name: 张伟, or Alice Martin. */
function nameFromN(v: unknown): string {
  const [family = '', given = '', middle = ''] = structured(v).map((s) => s.trim());
  if (CJK.test(family + given)) return `${family}${given}`;
  return [given, middle, family].filter(Boolean).join(' ');
}

function isFax(prop: JcalProperty, labels: Map<string, string>): boolean {
  const type = prop[1]['type'];
  const list = (Array.isArray(type) ? type : type === undefined ? [] : [type]).map((x) => String(x).toLowerCase());
  if (list.some((x) => x === 'fax' || x.split(',').includes('fax'))) return true;
  // macOS Contacts: a custom label on a grouped TEL (item1.TEL + item1.X-ABLabel:Fax).
  const group = prop[1]['group'];
  return typeof group === 'string' && /fax|传真/i.test(labels.get(group.toLowerCase()) ?? '');
}

function telValue(raw: string, valueType: string): string {
  let v = raw.trim();
  if (valueType === 'uri' || /^tel:/i.test(v)) v = v.replace(/^tel:/i, '').split(';')[0]!;
  return v.trim();
}

function readCard(body: string, card: number): ParsedCard {
  const empty: ParsedCard = { card, name: '', company: null, note: null, faxes: [], categories: [] };
  let parsed: unknown;
  try {
    parsed = ICAL.parse(`BEGIN:VCARD\r\n${toV3Lines(body).join('\r\n')}\r\nEND:VCARD\r\n`);
  } catch (e) {
    return { ...empty, unreadable: e instanceof Error ? e.message : String(e) };
  }
  const component = (Array.isArray(parsed) && parsed[0] === 'vcard' ? parsed : (parsed as unknown[])[0]) as [string, JcalProperty[]];
  const props = component[1];
  const all = (n: string) => props.filter((p) => p[0] === n);
  const labels = new Map<string, string>();
  for (const p of all('x-ablabel')) if (typeof p[1]['group'] === 'string') labels.set((p[1]['group'] as string).toLowerCase(), textOf(p[3]));

  const fn = textOf(all('fn')[0]?.[3]).trim();
  const n = all('n')[0];
  const org = all('org')[0];
  // ORG is "Company;Department;…": the company is the first part.
  const company = org ? (structured(org[3])[0] ?? '').trim() : '';
  const note = all('note')
    .map((p) => textOf(p[3]).trim())
    .filter(Boolean)
    .join('\n');
  const faxes = all('tel')
    .filter((p) => isFax(p, labels))
    .map((p) => telValue(textOf(p[3]), p[2]))
    .filter(Boolean);
  const categories = all('categories')
    .flatMap((p) => p.slice(3).flatMap((v) => (Array.isArray(v) ? v : [v])).map(textOf))
    .map((c) => c.trim())
    .filter(Boolean);
  return {
    card,
    name: fn || (n ? nameFromN(n[3]) : ''),
    company: company || null,
    note: note || null,
    faxes,
    categories: [...new Set(categories)],
  };
}

/** Every card of the file, readable or not, in file order. */
export function readVcards(text: string): ParsedCard[] {
  const body = text.startsWith('\ufeff') ? text.slice(1) : text;
  const cards: ParsedCard[] = [];
  for (const m of body.matchAll(CARD)) cards.push(readCard(m[1] ?? '', cards.length + 1));
  return cards;
}
