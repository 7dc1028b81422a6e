/**
 * vCard import planning and export. Planning follows the CSV import's rules:
 * never throws on the content, every fax number is added, merged into a
 * contact with the same number, or reported with a reason; CATEGORIES become
 * groups. Export writes vCard 3.0 (what Outlook, macOS Contacts, Android and
 * Thunderbird all import), with ical.js doing the escaping and folding.
 */
import ICAL from 'ical.js';
import { normalizeNumber } from '../../shared/phone/parse';
import { displayFax } from '../../shared/phonebook/format';
import { MAX_NAME, MAX_REPORTED_SKIPS, MAX_TEXT, type Contact, type Group } from '../../shared/phonebook/types';
import type { SkippedCard, VcardImportResult, VcardPreview, VcardPreviewCard } from '../../shared/phonebook/vcard-types';
import { ImportMerge } from './import-merge';
import type { NewContact } from './store';
import type { ParsedCard } from './vcard-read';

export const MAX_VCARDS = 50_000;
const SAMPLE_CARDS = 20;

export interface VcardPlan {
  add: NewContact[];
  nameFills: Array<{ id: string; name: string }>;
  /** group names each number joins (new and merged contacts alike) */
  memberships: Array<{ fax: string; groups: string[] }>;
  result: VcardImportResult;
  sample: VcardPreviewCard[];
}

const clip = (s: string | null, max: number) => (s ? s.slice(0, max) : s);

export function planVcardImport(cards: ParsedCard[], existing: Map<string, { id: string; name: string }>, defaultCountry: string): VcardPlan {
  const merge = new ImportMerge(existing);
  const memberships = new Map<string, Set<string>>();
  const skipped: SkippedCard[] = [];
  const groups = new Set<string>();
  const sample: VcardPreviewCard[] = [];
  let skippedCount = 0;
  const skip = (s: SkippedCard) => {
    skippedCount += 1;
    if (skipped.length < MAX_REPORTED_SKIPS) skipped.push(s);
  };

  for (const card of cards) {
    const name = clip(card.name.trim(), MAX_NAME) ?? '';
    if (card.unreadable !== undefined) {
      skip({ card: card.card, name, value: '', reason: 'unreadable', message: 'This card could not be read; it is not a valid vCard.' });
      continue;
    }
    if (card.faxes.length === 0) {
      skip({ card: card.card, name, value: '', reason: 'no_fax', message: 'This card has no fax number (a TEL of type fax).' });
      continue;
    }
    const numbers: string[] = [];
    for (const raw of card.faxes) {
      const n = normalizeNumber(raw, defaultCountry);
      if (!n.ok) {
        skip({ card: card.card, name, value: raw, reason: n.reason, message: n.message });
        continue;
      }
      numbers.push(n.number);
      const cats = card.categories.map((c) => c.slice(0, MAX_NAME));
      for (const c of cats) groups.add(c);
      if (cats.length) {
        const set = memberships.get(n.number) ?? new Set<string>();
        for (const c of cats) set.add(c);
        memberships.set(n.number, set);
      }
      merge.take({ name, fax: n.number, company: clip(card.company, MAX_TEXT), note: clip(card.note, MAX_TEXT) });
    }
    if (sample.length < SAMPLE_CARDS) sample.push({ card: card.card, name, company: card.company, numbers, groups: card.categories });
  }
  return {
    add: merge.add,
    nameFills: merge.nameFills(),
    memberships: [...memberships].map(([fax, g]) => ({ fax, groups: [...g] })),
    result: { cards: cards.length, added: merge.add.length, merged: merge.merged, skipped, skippedCount, groups: [...groups] },
    sample,
  };
}

export function previewOf(plan: VcardPlan): VcardPreview {
  return { ...plan.result, sample: plan.sample };
}

/** Two-character Chinese family names; any other Chinese name has a one-character family name. */
const COMPOUND_SURNAMES = new Set(['欧阳', '司马', '上官', '诸葛', '东方', '皇甫', '尉迟', '公孙', '慕容', '长孙', '宇文', '司徒', '夏侯', '轩辕', '令狐', '端木', '独孤', '南宫', '西门', '百里', '呼延', '澹台', '公冶', '万俟', '闻人', '赫连', '申屠', '钟离', '太史']);

/**
 * A contact's one name field as vCard's N parts, the way a person reads it:
 * "Schmidt, Anna" and "Anna Schmidt" are family Schmidt, given Anna; "Anna
 * Maria Schmidt" keeps Maria as an additional name; a Chinese name is family
 * name first (张伟: 张, 伟; 欧阳娜娜: 欧阳, 娜娜). A single word is the family name.
 */
export function splitPersonName(name: string): { family: string; given: string; additional: string } {
  const whole = name.trim().replace(/\s+/g, ' ');
  const comma = /^([^,]+),\s*(.+)$/.exec(whole);
  if (comma) {
    const [given = '', ...more] = comma[2]!.split(' ');
    return { family: comma[1]!.trim(), given, additional: more.join(' ') };
  }
  if (/^\p{Script=Han}{2,4}$/u.test(whole)) {
    const cut = whole.length > 2 && COMPOUND_SURNAMES.has(whole.slice(0, 2)) ? 2 : 1;
    return { family: whole.slice(0, cut), given: whole.slice(cut), additional: '' };
  }
  const words = whole.split(' ');
  if (words.length < 2) return { family: whole, given: '', additional: '' };
  return { family: words[words.length - 1]!, given: words[0]!, additional: words.slice(1, -1).join(' ') };
}

/** The phonebook as vCard 3.0: one card per contact, its groups as CATEGORIES. */
export function contactsToVcard(contacts: Contact[], groupList: Group[]): string {
  const groupNames = new Map(groupList.map((g) => [g.id, g.name]));
  const cards = contacts.map((c) => {
    const card = new ICAL.Component(['vcard', [], []]);
    card.addPropertyWithValue('version', '3.0');
    card.addPropertyWithValue('fn', c.name);
    // N (required in 3.0) is family;given;additional: address books sort and show by it.
    const n = new ICAL.Property('n', card);
    const parts = splitPersonName(c.name);
    n.setValue([parts.family, parts.given, parts.additional, '', ''] as unknown as string);
    card.addProperty(n);
    if (c.company) {
      const org = new ICAL.Property('org', card);
      org.setValue([c.company] as unknown as string);
      card.addProperty(org);
    }
    const tel = card.addPropertyWithValue('tel', displayFax(c.fax));
    tel.setParameter('type', ['work', 'fax']);
    if (c.note) card.addPropertyWithValue('note', c.note);
    const cats = c.groupIds
      .map((id) => groupNames.get(id))
      .filter((x): x is string => !!x)
      .sort((a, b) => a.localeCompare(b));
    if (cats.length) {
      const p = new ICAL.Property('categories', card);
      p.setValues(cats);
      card.addProperty(p);
    }
    card.addPropertyWithValue('uid', `urn:uuid:${c.id}`);
    return card.toString();
  });
  return cards.length ? `${cards.join('\r\n')}\r\n` : '';
}
