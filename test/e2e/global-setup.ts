import fs from 'node:fs';
import path from 'node:path';

/** The newest modification time of the files under `dir` (ms), 0 when it does not exist. */
function newest(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let at = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) at = Math.max(at, fs.statSync(path.join(e.parentPath, e.name)).mtimeMs);
  }
  return at;
}

/**
 * The e2e tests run the app as built (out/main/preview.js with main's code, out/renderer): a build older
 * than the sources would test yesterday's app without a word. `npm test` and `npm run test:e2e` build first;
 * a bare `npx playwright test` after an edit stops here and says what to run.
 */
export default function globalSetup(): void {
  const sources = Math.max(newest('src'), fs.statSync('scripts/preview.ts').mtimeMs);
  const outputs = ['out/main/preview.js', 'out/renderer/index.html'];
  const missing = outputs.filter((f) => !fs.existsSync(f));
  const built = missing.length ? 0 : Math.min(...outputs.map((f) => fs.statSync(f).mtimeMs));
  if (built < sources) {
    const why = missing.length ? `${missing.join(' and ')} missing` : 'the build is older than the sources';
    throw new Error(`The e2e tests run the built app, and ${why}: run npx electron-vite build first (npm test and npm run test:e2e do).`);
  }
}
