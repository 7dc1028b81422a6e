/**
 * One vocabulary of error codes (src/shared/errors/error-codes.ts): every code main can send is listed
 * there, and every listed code has a sentence in both catalogues with the same placeholders, so the
 * window never falls back to main's English sentence or shows a code.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES, APP_ERROR_CODES, ERROR_CODE_FAMILIES, errorKey, isKnownErrorCode } from '../../src/shared/errors/error-codes';
import { ALREADY_RESENT_CODE, OTHER_PROFILE_CODE, SEND_REPEAT_CODE } from '../../src/shared/errors/error-details';

type Catalogue = { codes: Record<string, string>; inContext: Record<string, Record<string, string>> };
// The renderer's catalogues, read the way the i18n-keys lint reads them (another TypeScript project).
const locales = path.resolve('src/renderer/src/i18n/locales');
const en = ((await import(path.join(locales, 'en/errors.ts'))) as { errors: Catalogue }).errors;
const zh = ((await import(path.join(locales, 'zh-CN/errors.ts'))) as { errors: Catalogue }).errors;
const sendEn = ((await import(path.join(locales, 'en/send.ts'))) as { send: { documents: { problem: Record<string, string> } } }).send;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : /\.ts$/.test(e.name) ? [p] : [];
  });
}

/** The literal codes main's sources put into a UserError or an IpcError object. */
function codesThrownByMain(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sources('src/main')) {
    const text = fs.readFileSync(file, 'utf8');
    const patterns = [/new UserError\(\s*'([a-z_.]+)'/g, /\{\s*code: '([a-z_.]+)', message:/g, /'(storage\.[a-z_]+)'/g];
    for (const re of patterns) for (const m of text.matchAll(re)) found.set(m[1]!, file);
  }
  return found;
}

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('error codes have one vocabulary', () => {
  it('finds the codes main throws (the scan itself works)', () => {
    const thrown = codesThrownByMain();
    expect(thrown.get('tasks.not_found')).toMatch(/tasks/);
    expect(thrown.get('ipc.untrusted_sender')).toMatch(/ipc/);
    expect(thrown.size).toBeGreaterThan(50);
  });

  it('lists every code main throws', () => {
    // A document's problem (src/main/send/documents.ts) crosses as `document.<code>`, worded by the Send screen.
    const documentProblem = (code: string, file: string) => file.endsWith(path.join('send', 'documents.ts')) && code in sendEn.documents.problem;
    const missing = [...codesThrownByMain()]
      .filter(([code, file]) => !isKnownErrorCode(code) && !documentProblem(code, file))
      .map(([code, file]) => `${code} (${file})`);
    expect(missing).toEqual([]);
    for (const code of [SEND_REPEAT_CODE, ALREADY_RESENT_CODE, OTHER_PROFILE_CODE]) expect(isKnownErrorCode(code)).toBe(true);
  });

  it('lists each code once, and families never shadow a code', () => {
    const all = [...API_ERROR_CODES, ...APP_ERROR_CODES];
    expect(new Set(all).size).toBe(all.length);
    for (const code of all) for (const family of ERROR_CODE_FAMILIES) expect(code.startsWith(family)).toBe(false);
  });

  it('has a sentence for every code in English and Chinese, with the same placeholders', () => {
    const enCodes = en.codes;
    const zhCodes = zh.codes;
    for (const code of [...API_ERROR_CODES, ...APP_ERROR_CODES]) {
      const key = errorKey(code);
      expect(enCodes[key], `English sentence for ${code}`).toBeTruthy();
      expect(zhCodes[key], `Chinese sentence for ${code}`).toBeTruthy();
      expect(placeholders(zhCodes[key]!), code).toEqual(placeholders(enCodes[key]!));
      expect(zhCodes[key], `${code} is translated`).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('has no sentence for a code that does not exist (variants aside)', () => {
    const keys = new Set([...API_ERROR_CODES, ...APP_ERROR_CODES].map(errorKey));
    const stray = Object.keys(en.codes).filter((k) => !keys.has(k) && !keys.has(k.replace(/_[a-z]+$/, '')));
    expect(stray).toEqual([]);
    for (const [context, sentences] of Object.entries(en.inContext)) {
      for (const key of Object.keys(sentences)) expect(keys.has(key), `${context}.${key}`).toBe(true);
    }
  });
});
