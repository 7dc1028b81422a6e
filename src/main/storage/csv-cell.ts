/**
 * The one guard against spreadsheet formulas in every CSV FaxDesk writes (the
 * phonebook export, a task's report). A spreadsheet runs a cell that starts
 * with = + - @ (or a tab or CR) as a formula — and a program whose list
 * separator is `;` (much of Europe) or that splits on tabs cuts a cell into
 * several, so `Hans;=HYPERLINK(…)` becomes a formula cell there even though
 * the cell itself starts with H. Every `;`, `,` or tab separated part of a
 * text cell that would start a formula therefore gets a leading `'` (what
 * spreadsheets themselves use to mean "text"), and the phonebook's import
 * reads it back as it was (`unescapeCsvCell`).
 */

/** A part that starts (after spaces) with a formula character, behind any quotes a previous escape added. */
const RISKY = /^( *)('*[=+\-@\t\r])/;
const ESCAPED = /^( *)'('*[=+\-@\t\r])/;
/** Where a spreadsheet may cut a cell: its separators, kept in the split. */
const SEPARATORS = /([;,\t])/;

/** The cell's start (a tab there is a formula start, not a separator), then every later part. */
export function escapeCsvCell(value: string): string {
  if (!/[=+\-@\t\r]/.test(value)) return value;
  return value
    .replace(RISKY, "$1'$2")
    .split(SEPARATORS)
    .map((part, i) => (i === 0 || i % 2 === 1 ? part : part.replace(RISKY, "$1'$2")))
    .join('');
}

export function unescapeCsvCell(value: string): string {
  if (!value.includes("'")) return value;
  return value
    .split(SEPARATORS)
    .map((part, i) => (i === 0 || i % 2 === 1 ? part : part.replace(ESCAPED, '$1$2')))
    .join('')
    .replace(ESCAPED, '$1$2');
}
