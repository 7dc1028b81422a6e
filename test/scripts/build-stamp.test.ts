import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isBuildCurrent, sourceHash, writeBuildStamp } from '../../scripts/lib/build-stamp.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function project(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-stamp-'));
  dirs.push(root);
  const put = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };
  put('src/main/index.ts', 'export {};\n');
  put('src/renderer/app.tsx', 'export const a = 1;\n');
  put('package.json', '{}\n');
  put('package-lock.json', '{"lockfileVersion":3}\n');
  put('electron.vite.config.ts', 'export default {};\n');
  put('tsconfig.json', '{}\n');
  put('scripts/preview.ts', 'export {};\n');
  put('out/main/index.js', 'built\n');
  put('out/main/preview.js', 'built\n');
  put('out/preload/index.cjs', 'built\n');
  put('out/renderer/index.html', '<!doctype html>\n');
  return root;
}
function stamped(root: string): string {
  writeBuildStamp(root, sourceHash(root));
  return root;
}

describe('the build is skipped only when out/ holds a build of these very sources', () => {
  it('is up to date after a build and stays so when nothing changed', () => {
    const root = stamped(project());
    expect(isBuildCurrent(root)).toBe(true);
    expect(isBuildCurrent(root)).toBe(true);
  });

  it('is out of date without a stamp (first start, or out/ built another way)', () => {
    expect(isBuildCurrent(project())).toBe(false);
  });

  for (const [what, rel] of [
    ['a source file', 'src/renderer/app.tsx'],
    ['the lockfile', 'package-lock.json'],
    ['the build config', 'electron.vite.config.ts'],
    ['a TypeScript config', 'tsconfig.json'],
    ["the browser preview's entry (built into out/main/preview.js)", 'scripts/preview.ts'],
  ] as const) {
    it(`is out of date when ${what} changed`, () => {
      const root = stamped(project());
      fs.appendFileSync(path.join(root, rel), ' ');
      expect(isBuildCurrent(root)).toBe(false);
    });
  }

  it('is out of date when a source file is added, removed or renamed', () => {
    const root = stamped(project());
    fs.writeFileSync(path.join(root, 'src/new.ts'), '');
    expect(isBuildCurrent(root)).toBe(false);
    fs.rmSync(path.join(root, 'src/new.ts'));
    expect(isBuildCurrent(root)).toBe(true);
    fs.renameSync(path.join(root, 'src/main/index.ts'), path.join(root, 'src/main/entry.ts'));
    expect(isBuildCurrent(root)).toBe(false);
  });

  it('is out of date when a built file is missing or was rebuilt by another command since', () => {
    const root = stamped(project());
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(path.join(root, 'out/main/index.js'), later, later);
    expect(isBuildCurrent(root)).toBe(false);
    const other = stamped(project());
    fs.rmSync(path.join(other, 'out/renderer/index.html'));
    expect(isBuildCurrent(other)).toBe(false);
    const noPreview = stamped(project());
    fs.rmSync(path.join(noPreview, 'out/main/preview.js'));
    expect(isBuildCurrent(noPreview)).toBe(false);
  });
});
