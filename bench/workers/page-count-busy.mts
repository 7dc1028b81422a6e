/**
 * One attach's page count as the Send screen gets it: `inspectDocument` on each file given, in a fresh
 * process (so the count's worker starts, pdf.js loaded, as at the first attach of the day). Prints
 * `{ ms: [...], pages: [...] }`, one entry per file, in order.
 */
import { inspectDocument } from '../../src/main/send/documents';

const ms: number[] = [];
const pages: Array<number | null> = [];
for (const file of process.argv.slice(2)) {
  const started = performance.now();
  const info = await inspectDocument(file);
  ms.push(performance.now() - started);
  pages.push(info.pages);
}
console.log(JSON.stringify({ ms, pages }));
process.exit(0);
