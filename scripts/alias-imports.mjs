#!/usr/bin/env node
/**
 * Codemod: rewrites module specifiers that climb three or more folders (`../../../shared/send/limits`)
 * into the path aliases of tsconfig.base.json (`@shared/send/limits`, `@main/…`, `@renderer/…`).
 *
 *   node scripts/alias-imports.mjs            # rewrite in place, list each file changed
 *   node scripts/alias-imports.mjs --check    # change nothing; exit 1 and list what would change
 *   node scripts/alias-imports.mjs src/main   # only under these folders (default: src test bench scripts)
 *
 * Safe to re-run (idempotent): an aliased specifier no longer starts with `../`, so a second run finds
 * nothing. Only specifiers in import positions are touched (`from '…'`, `import '…'`, `import('…')`,
 * `require('…')`, `vi.mock('…')`, `vi.importActual('…')`); a path in a string elsewhere (test data) stays.
 * A specifier is left alone when it points outside every alias (src/simulator, test/helpers…), at an
 * alias's folder itself (`@shared` alone is no path), or from a file that Node runs without tsx or a bundler.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pathAliases, ROOT } from './lib/path-aliases.mjs';

/** Source files the codemod looks at. */
const SOURCE = /\.(ts|tsx|mts|cts)$/;
const SKIP_DIRS = new Set(['node_modules', 'out', 'dist', 'release', 'test-results', 'artifacts', '.git']);
/**
 * Files (relative to the root) that plain Node loads by itself, where no alias resolves:
 * - the page-count worker runs in a worker thread through Node's own type stripping in tests;
 * - the lint fixtures are lint inputs whose exact text the lint tests check.
 */
const KEEP = [/^src\/main\/send\/page-count-worker\.ts$/, /^test\/lint\/fixtures\//];

/** Specifier positions: group 1 = what precedes the quote, 2 = quote, 3 = the specifier. */
const SPECIFIER =
  /(\bfrom\s+|\bimport\s+|\bimport\s*\(\s*|\brequire\s*\(\s*|\bvi\.(?:mock|doMock|unmock|importActual|importMock)\s*(?:<[^>]*>)?\s*\(\s*)(['"])((?:\.\.\/){3,}[^'"\n]*)\2/g;

/** The aliased form of `spec` as imported from `file`, or null to leave it. */
export function aliasFor(file, spec, aliases) {
  const target = path.resolve(path.dirname(file), spec);
  // the longest folder first, should one alias ever sit inside another
  for (const a of [...aliases].sort((x, y) => y.dir.length - x.dir.length)) {
    const rel = path.relative(a.dir, target);
    if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) continue;
    return `${a.name}/${rel.split(path.sep).join('/')}`;
  }
  return null;
}

/** The text with its climbing specifiers aliased, and how many were. */
export function rewrite(file, text, aliases) {
  let count = 0;
  let out = text;
  // again until nothing changes: a match can hold another (vi.importActual<typeof import('…')>('…'))
  for (let pass = 0; pass < 5; pass++) {
    const before = count;
    out = out.replace(SPECIFIER, (whole, lead, quote, spec) => {
      const aliased = aliasFor(file, spec, aliases);
      if (!aliased) return whole;
      count++;
      return `${lead}${quote}${aliased}${quote}`;
    });
    if (count === before) break;
  }
  return { text: out, count };
}

function* sourceFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) yield* sourceFiles(full);
    } else if (entry.isFile() && SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      yield full;
    }
  }
}

export function run(argv, root = ROOT, log = console.log) {
  const check = argv.includes('--check');
  const folders = argv.filter((a) => !a.startsWith('--'));
  const roots = (folders.length ? folders : ['src', 'test', 'bench', 'scripts']).map((f) => path.resolve(root, f));
  const aliases = pathAliases(root);
  let files = 0;
  let specifiers = 0;
  for (const top of roots) {
    if (!fs.existsSync(top)) continue;
    for (const file of sourceFiles(top)) {
      const rel = path.relative(root, file).split(path.sep).join('/');
      if (KEEP.some((re) => re.test(rel))) continue;
      const before = fs.readFileSync(file, 'utf8');
      const { text, count } = rewrite(file, before, aliases);
      if (count === 0) continue;
      files++;
      specifiers += count;
      log(`${check ? 'would alias' : 'aliased'} ${count} in ${rel}`);
      if (!check) fs.writeFileSync(file, text);
    }
  }
  log(`${specifiers} specifier(s) in ${files} file(s) ${check ? 'climb 3+ folders into an alias' : 'rewritten'}`);
  return { files, specifiers, failed: check && specifiers > 0 };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { failed } = run(process.argv.slice(2));
  if (failed) process.exitCode = 1;
}
