// The names of the tests that failed, read from the runners' JSON reports, one line each with the first
// line of the reason: `npm test` prints them beside its summary, because CI shows only the end of the log.

// eslint-disable-next-line no-control-regex -- the runners colour their messages
const COLOUR = /\u001b\[[0-9;]*m/g;

/** the first `count` non-empty lines of a message, joined, without colour, at most 240 characters */
export function firstLine(text, count = 1) {
  const lines = String(text ?? '').replace(COLOUR, '').split('\n').map((l) => l.trim()).filter((l) => l !== '');
  return lines.slice(0, count).join(' — ').slice(0, 240);
}

/** the objects of an array; anything else (a report cut short, another shape) is no entries */
function list(value) {
  return Array.isArray(value) ? value.filter((v) => v !== null && typeof v === 'object') : [];
}

/** vitest's `--reporter=json` report: each failed test, and each file that failed without a failed test (did not load) */
export function failedVitest(report, root) {
  const out = [];
  for (const file of list(report?.testResults)) {
    const name = String(file.name ?? '').replace(`${root}/`, '');
    const failed = list(file.assertionResults).filter((a) => a?.status === 'failed');
    for (const a of failed) out.push(`vitest ${name} › ${a.fullName ?? a.title}: ${firstLine(a.failureMessages?.[0])}`);
    if (file.status === 'failed' && failed.length === 0) out.push(`vitest ${name} (did not load): ${firstLine(file.message)}`);
  }
  return out;
}

/** Playwright's JSON report: each test whose result was not the expected one, with the first two lines of its last attempt's error (Playwright's first
 * line is often only "Error: …failed"; the locator or the values follow) */
export function failedE2e(report) {
  const out = [];
  const walk = (suite, titles) => {
    for (const spec of list(suite.specs)) {
      for (const t of list(spec.tests)) {
        if (t.status !== 'unexpected') continue;
        const last = list(t.results).at(-1);
        out.push(`e2e ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}: ${firstLine(last?.error?.message, 2)}`);
      }
    }
    for (const child of list(suite.suites)) walk(child, [...titles, child.title]);
  };
  for (const s of list(report?.suites)) walk(s, []);
  // errors outside any test (a global setup that refused to run, a file that did not load)
  for (const e of list(report?.errors)) out.push(`e2e (outside a test): ${firstLine(e.message, 2)}`);
  return out;
}
