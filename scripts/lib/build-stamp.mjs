// Whether out/ was built from the sources as they are now. A SHA-256 over every input of the build
// (src/, the preview's entry, the lockfile, package.json, the build and TypeScript config, the path aliases) is written to out/.source-hash
// after a build by `npm start`; the stamp also records the built entry files' modification times, so a
// build made some other way (`npm run build`, the e2e run) from other sources is never taken as current.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const INPUT_DIRS = ['src'];
const INPUT_FILES = [
  'scripts/preview.ts',
  'scripts/lib/path-aliases.mjs',
  'package.json',
  'package-lock.json',
  'electron.vite.config.ts',
  'tsconfig.json',
  'tsconfig.base.json',
  'tsconfig.node.json',
  'tsconfig.web.json',
];
/** files the app needs from out/; their mtimes are part of the stamp */
const OUTPUTS = ['out/main/index.js', 'out/main/preview.js', 'out/preload/index.cjs', 'out/renderer/index.html'];
export const STAMP_FILE = 'out/.source-hash';

/** @param {string} dir @param {string[]} into */
function listFiles(dir, into) {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return into;
  }
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) listFiles(p, into);
    else if (e.isFile()) into.push(p);
  }
  return into;
}

/**
 * The content hash of the build's inputs under root.
 * @param {string} root
 * @returns {string}
 */
export function sourceHash(root) {
  const files = INPUT_DIRS.flatMap((d) => listFiles(path.join(root, d), []));
  for (const f of INPUT_FILES) {
    const p = path.join(root, f);
    if (fs.existsSync(p)) files.push(p);
  }
  files.sort();
  const hash = crypto.createHash('sha256');
  for (const f of files) {
    hash.update(path.relative(root, f).split(path.sep).join('/'));
    hash.update('\0');
    hash.update(fs.readFileSync(f));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** @param {string} root @returns {string | null} */
function outputsFingerprint(root) {
  const parts = [];
  for (const f of OUTPUTS) {
    try {
      parts.push(`${f}:${fs.statSync(path.join(root, f)).mtimeMs}`);
    } catch {
      return null;
    }
  }
  return parts.join('\n');
}

/**
 * @param {string} root
 * @param {string} [hash] the current source hash (computed when not given)
 * @returns {boolean} true when out/ holds a build of exactly these sources
 */
export function isBuildCurrent(root, hash = sourceHash(root)) {
  const outputs = outputsFingerprint(root);
  if (outputs === null) return false;
  let stamp;
  try {
    stamp = fs.readFileSync(path.join(root, STAMP_FILE), 'utf8');
  } catch {
    return false;
  }
  return stamp === `${hash}\n${outputs}\n`;
}

/**
 * Records that out/ now holds a build of the sources with this hash.
 * @param {string} root
 * @param {string} hash the source hash taken BEFORE the build started (an edit during the build then rebuilds next time)
 */
export function writeBuildStamp(root, hash) {
  const outputs = outputsFingerprint(root);
  if (outputs === null) return;
  fs.writeFileSync(path.join(root, STAMP_FILE), `${hash}\n${outputs}\n`);
}
