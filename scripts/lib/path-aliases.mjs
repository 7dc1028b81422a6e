/**
 * The path aliases (@shared/…, @main/…, @renderer/…) in one place: tsconfig.base.json's `paths`, which
 * TypeScript, tsx and Playwright read themselves. The bundler (electron.vite.config.ts), vitest
 * (vitest.config.ts, stryker/vitest.config.ts), the lint's import resolver (eslint.config.js) and the
 * codemod (scripts/alias-imports.mjs) take them from here, so a new alias is added in tsconfig.base.json only.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** [{ name: '@shared', dir: '/abs/src/shared' }, …] from tsconfig.base.json (each "@x/*": ["./dir/*"]) */
export function pathAliases(root = ROOT) {
  const base = JSON.parse(fs.readFileSync(path.join(root, 'tsconfig.base.json'), 'utf8'));
  const paths = base.compilerOptions?.paths ?? {};
  return Object.entries(paths).map(([key, targets]) => {
    const target = Array.isArray(targets) && targets.length === 1 ? targets[0] : null;
    if (!key.endsWith('/*') || typeof target !== 'string' || !target.endsWith('/*')) {
      throw new Error(`tsconfig.base.json: paths "${key}" must be "@name/*": ["./dir/*"] (one target)`);
    }
    return { name: key.slice(0, -2), dir: path.resolve(root, target.slice(0, -2)) };
  });
}

/** For vite's resolve.alias (electron-vite, vitest): { '@shared': '/abs/src/shared', … } */
export function viteAliases(root = ROOT) {
  return Object.fromEntries(pathAliases(root).map((a) => [a.name, a.dir]));
}
