/**
 * What a user reads, in either language: tests locate controls by the names
 * the catalogues give them (src/renderer/src/i18n/locales), never by one
 * language hard-coded for both.
 */
import i18next, { type TFunction } from 'i18next';
import { PDFDocument } from 'pdf-lib';
import type { Locator, Page } from '@playwright/test';
import { en } from '../../src/renderer/src/i18n/locales/en';
import { zhCN } from '../../src/renderer/src/i18n/locales/zh-CN';

export type Language = 'en' | 'zh-CN';

const i18n = i18next.createInstance();
void i18n.init({
  resources: { en, 'zh-CN': zhCN } as unknown as Record<string, Record<string, Record<string, unknown>>>,
  lng: 'en',
  fallbackLng: false,
  ns: Object.keys(en),
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** The catalogue's text for `key` ("ns:path") in `language`, as the app renders it. */
export function tr(language: Language = 'en'): (key: string, options?: Record<string, unknown>) => string {
  const t = i18n.getFixedT(language) as TFunction;
  return (key, options) => {
    const text = t(key, options as never) as unknown as string;
    if (text === key || text.endsWith(`:${key.split(':').pop()}`)) throw new Error(`no text for ${key} in ${language}`);
    return text;
  };
}

/** A pattern for a catalogue text with variable parts (each {{x}} matches anything): the whole text, or (`anchored` false) within a longer one. */
export function pattern(language: Language, key: string, anchored = true): RegExp {
  const [ns, path] = key.includes(':') ? (key.split(':') as [string, string]) : ['common', key];
  const raw = i18n.getResource(language, ns, path) as unknown;
  if (typeof raw !== 'string') throw new Error(`no text for ${key} in ${language}`);
  const escaped = raw.split(/\{\{[^}]+\}\}/).map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return anchored ? new RegExp(`^${escaped.join('.+')}$`) : new RegExp(escaped.join('.+'));
}

/** The main navigation's button for a screen (its name may carry a badge, e.g. "Failures 2"). */
export function nav(page: Page, route: 'send' | 'tasks' | 'failures' | 'phonebook' | 'account' | 'settings', language: Language = 'en'): Locator {
  const t = tr(language);
  const label = t(`common:nav.${route}`);
  return page.getByRole('navigation', { name: t('common:nav.label') }).getByRole('button', { name: new RegExp(`^${label}(?!\\p{L})`, 'u') });
}

/** The result of a send, at the top of the Send screen: a region named by its heading, whatever the outcome. */
export function sendResult(page: Page, language: Language = 'en'): Locator {
  const headings = ['sentHeading', 'scheduledHeading', 'partialHeading', 'unknownHeading', 'refused'].map((k) => pattern(language, `send:result.${k}`).source);
  return page.getByRole('region', { name: new RegExp(headings.join('|')) });
}

/** `text` as a regular expression that matches it literally. */
export function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The value a description list gives for a term, found as a reader finds it: by the term's words.
 * (A <dd> takes no name from its <dt>, so there is no role-and-name locator for it.)
 */
export function valueOf(scope: Page | Locator, term: string): Locator {
  return scope.getByRole('term').filter({ hasText: new RegExp(`^\\s*${literal(term)}\\s*$`) }).locator('xpath=following-sibling::dd[1]');
}

/** The task detail pane of the task named `name` (in demo mode its heading also carries the Demo tag). */
export function taskDetail(page: Page, name: string, language: Language = 'en'): Locator {
  return page.getByRole('complementary', { name: new RegExp(`^${literal(name)}( ${literal(tr(language)('tasks:demo.label'))})?$`) });
}

export function taskTable(page: Page, language: Language = 'en') {
  return page.getByRole('table', { name: tr(language)('tasks:title'), exact: true });
}

/** The row of the (only) task named `name` in the task table. */
export function taskRow(page: Page, name: string, language: Language = 'en') {
  return taskTable(page, language).getByRole('row').filter({ has: page.getByRole('button', { name, exact: true }) });
}

/** The Status cell of a task row (the 4th column), read as its words. */
export function statusCell(row: Locator) {
  return row.getByRole('cell').nth(3);
}

/** A recipient's row in the task detail, found by its Copy button (named with the number). */
export function recipientRow(detail: Locator, number: string, language: Language = 'en') {
  return detail.getByRole('row').filter({ has: detail.page().getByRole('button', { name: tr(language)('tasks:detail.copy', { number }), exact: true }) });
}

/** The documents attached on the Send screen (absent while there are none). */
export function documentList(page: Page, language: Language = 'en'): Locator {
  return page.getByRole('list', { name: tr(language)('send:documents.listLabel'), exact: true });
}

/** The numbers as read on the Send screen, one row per line typed (the header row has column headers, not cells). */
export function numberRows(page: Page, language: Language = 'en'): Locator {
  return page.getByRole('table', { name: tr(language)('send:recipients.rowsLabel'), exact: true }).getByRole('row').filter({ has: page.getByRole('cell') });
}

/** Tomorrow at 09:30 in this machine's time, as a datetime-local field takes it (the Schedule field). */
export function tomorrowAt930(): string {
  const d = new Date(Date.now() + 86_400_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T09:30`;
}

/** A one-page PDF (`text` on it) dropped onto the window as a file from the desktop would be: the drop is window-wide. */
export async function dropPdf(page: Page, name: string, text: string): Promise<void> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText(text, { x: 60, y: 760, size: 24 });
  const bytes = [...(await doc.save())];
  await page.evaluate(
    ({ data, name }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(data)], name, { type: 'application/pdf' }));
      const target = document.querySelector('nav')!;
      for (const type of ['dragenter', 'dragover', 'drop']) target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: dt }));
    },
    { data: bytes, name },
  );
}
