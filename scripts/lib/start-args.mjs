// The one parser for `npm start` and `npm run start:web` arguments. node:util's parseArgs takes
// `--port 0` as the flag's value (the old hand-made mapper took `0` for a file to open); a document
// named on the command line must exist, so a typo stops here with its full path instead of reaching
// the Send screen as a refused file.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const REMOTE = /^[a-z][a-z0-9+.-]+:\/\//i;

/**
 * @typedef {{ web: boolean, port?: number, dataDir?: string, locale?: string, files: string[] }} StartOptions
 * @typedef {{ ok: true, options: StartOptions } | { ok: false, message: string }} StartArgs
 */

/**
 * @param {readonly string[]} argv the arguments after the script name
 * @param {{ cwd: string, exists?: (p: string) => boolean }} context cwd: where the user typed the command
 * @returns {StartArgs}
 */
export function parseStartArgs(argv, context) {
  const exists = context.exists ?? ((p) => fs.existsSync(p));
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        web: { type: 'boolean' },
        port: { type: 'string' },
        'data-dir': { type: 'string' },
        locale: { type: 'string' },
      },
    });
  } catch (e) {
    // node's own wording is long and written for programmers: name the argument and what is known
    const message = e instanceof Error ? e.message : String(e);
    const name = /'(-[^' ]*)/.exec(message)?.[1];
    const what = name ? (/argument missing|ambiguous/.test(message) ? `${name} needs a value` : `${name} is not an option of FaxDesk`) : message.split('\n')[0];
    return { ok: false, message: `${what}. Known options: --port N, --data-dir DIR, --locale en|zh-CN, then the documents to open.` };
  }
  const { values, positionals } = parsed;
  /** @type {StartOptions} */
  const options = { web: values.web === true, files: [] };
  if (values.port !== undefined) {
    const port = /^\d{1,5}$/.test(values.port) ? Number(values.port) : NaN;
    if (!(port >= 0 && port <= 65535)) {
      return { ok: false, message: `--port ${values.port} is not a port: give a number from 0 to 65535 (0 lets the system pick a free one).` };
    }
    options.port = port;
  }
  if (values['data-dir'] !== undefined) {
    if (values['data-dir'] === '') return { ok: false, message: '--data-dir needs a folder name.' };
    options.dataDir = path.resolve(context.cwd, values['data-dir']);
  }
  if (values.locale !== undefined) {
    // the app reads en and zh in any regional form (en-US, zh-Hans-CN)
    if (!/^(en|zh)(-[A-Za-z0-9]+)*$/.test(values.locale)) {
      return { ok: false, message: `--locale ${values.locale} is not a language FaxDesk has: use en or zh-CN.` };
    }
    options.locale = values.locale;
  }
  for (const arg of positionals) {
    if (REMOTE.test(arg)) {
      options.files.push(arg);
      continue;
    }
    const full = path.resolve(context.cwd, arg);
    if (!exists(full)) {
      return { ok: false, message: `There is no file ${full}. Check the name (or leave it out) and start again.` };
    }
    options.files.push(full);
  }
  return { ok: true, options };
}

/**
 * The arguments for scripts/preview.ts from parsed options.
 * @param {StartOptions} options
 * @returns {string[]}
 */
export function previewArgs(options) {
  return [
    ...(options.port !== undefined ? ['--port', String(options.port)] : []),
    ...(options.dataDir !== undefined ? ['--data-dir', options.dataDir] : []),
    ...(options.locale !== undefined ? ['--locale', options.locale] : []),
    // after `--` a document whose name begins with '-' is still a document
    '--',
    ...options.files,
  ];
}
