/**
 * Every string of the UI goes through i18next, so a key that is not in the catalogue shows as the key
 * itself ("documents.problem.too_large") to the user. These checks read the renderer's sources:
 * - the Chinese catalogue has the same keys as the English one (plural forms aside: Chinese has one);
 * - every literal key passed to `t()` exists in the English catalogue, in a namespace the file uses;
 * - for a key built from a template (`status.${s}`), the fixed part names a group of the catalogue.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

type Tree = { readonly [k: string]: string | Tree };
const PLURAL = /_(zero|one|two|few|many|other)$/;

function leaves(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : leaves(v, `${prefix}${k}.`)));
}

function lookup(tree: Tree, key: string): string | Tree | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return node;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'locales' ? [] : sourceFiles(p);
    return /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
}

// Loaded by path: the renderer's files are not part of the Node typecheck project this test is in.
const locales = path.resolve('src/renderer/src/i18n/locales');
const catalogue = ((await import(path.join(locales, 'en/index.ts'))) as { en: Record<string, Tree> }).en;
const zhCN = ((await import(path.join(locales, 'zh-CN/index.ts'))) as { zhCN: Record<string, Tree> }).zhCN;
const files = sourceFiles(path.resolve('src/renderer/src'));

/** Namespaces a file translates with: its useTranslation(...) calls and TFunction<'ns'> parameters ('common' when none). */
function namespacesOf(source: string): string[] {
  const named = [...source.matchAll(/useTranslation\(\s*(?:'([a-zA-Z]+)'|\[([^\]]*)\])?\s*\)/g)].flatMap((m) =>
    m[1] ? [m[1]] : m[2] ? [...m[2].matchAll(/'([a-zA-Z]+)'/g)].map((x) => x[1]!) : ['common'],
  );
  // a helper given the screen's t: `t: TFunction<'phonebook'>`
  for (const m of source.matchAll(/TFunction<\s*'([a-zA-Z]+)'/g)) named.push(m[1]!);
  return named.length ? [...new Set(named)] : ['common'];
}

function resolve(key: string, namespaces: string[]): { ns: string; node: string | Tree } | null {
  const [ns, rest] = key.includes(':') ? (key.split(':', 2) as [string, string]) : [null, key];
  for (const n of ns ? [ns] : namespaces) {
    const tree = catalogue[n];
    if (!tree) continue;
    const node = lookup(tree, rest) ?? lookup(tree, `${rest}_other`) ?? lookup(tree, `${rest}_one`);
    if (node !== undefined) return { ns: n, node };
  }
  return null;
}

describe('the translation catalogues', () => {
  it('Chinese has every English key and no other (plural forms aside)', () => {
    const norm = (tree: Record<string, Tree>) =>
      new Set(Object.entries(tree).flatMap(([ns, t]) => leaves(t).map((k) => `${ns}:${k.replace(PLURAL, '')}`)));
    const inEn = norm(catalogue);
    const inZh = norm(zhCN);
    expect([...inEn].filter((k) => !inZh.has(k)), 'missing in zh-CN').toEqual([]);
    expect([...inZh].filter((k) => !inEn.has(k)), 'only in zh-CN').toEqual([]);
  });

  it('every literal key given to t() is in the English catalogue', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const file of files) {
      const source = fs.readFileSync(file, 'utf8');
      const namespaces = namespacesOf(source);
      for (const m of source.matchAll(/\bt\(\s*'([a-zA-Z0-9_.:]+)'/g)) {
        checked++;
        const found = resolve(m[1]!, namespaces);
        if (!found || typeof found.node !== 'string') missing.push(`${path.relative('.', file)}: ${m[1]} (${namespaces.join(', ')})`);
      }
    }
    expect(checked).toBeGreaterThan(300);
    expect(missing).toEqual([]);
  });

  it('a key built from a template starts with a group of the catalogue', () => {
    const missing: string[] = [];
    for (const file of files) {
      const source = fs.readFileSync(file, 'utf8');
      const namespaces = namespacesOf(source);
      for (const m of source.matchAll(/\bt\(\s*`([a-zA-Z0-9_.:]*)\$\{/g)) {
        const prefix = m[1]!.replace(/\.$/, '');
        if (prefix === '' || prefix.endsWith(':')) continue; // the whole key is computed
        const found = resolve(prefix, namespaces);
        if (!found || typeof found.node === 'string') missing.push(`${path.relative('.', file)}: ${m[1]}… (${namespaces.join(', ')})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
