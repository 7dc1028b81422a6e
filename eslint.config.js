// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import sdl from '@microsoft/eslint-plugin-sdl';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import { pathAliases } from './scripts/lib/path-aliases.mjs';

const nodeBuiltins = [
  'assert', 'buffer', 'child_process', 'cluster', 'crypto', 'dgram', 'dns', 'events', 'fs', 'fs/promises', 'http', 'http2',
  'https', 'module', 'net', 'os', 'path', 'process', 'readline', 'stream', 'stream/promises', 'timers', 'tls', 'url', 'util',
  'v8', 'vm', 'worker_threads', 'zlib',
];
// Third-party packages that only run in Node (native code, the file system, sockets): main's business alone
// (Signal classifies its packages the same way). A new one goes here.
const nodeOnlyPackages = ['better-sqlite3', 'ldapts', 'keytar', 'conf', 'electron-store', 'pg'];

/**
 * The walls: each is a piece of `no-restricted-imports` options. Each pattern matches both spellings of a
 * path: relative (`../../shared/ipc`) and aliased (`@shared/ipc`, tsconfig.base.json's paths). The layer table below says which walls
 * stand around which files; the lint blocks are generated from it, so no block re-lists another's patterns
 * (VS Code's code-layering does the same).
 */
const walls = {
  node: {
    paths: nodeBuiltins.map((name) => ({ name, message: 'No Node modules here.' })),
    patterns: [{ group: ['node:*'], message: 'No Node modules here.' }],
  },
  nodeOnlyPackages: {
    paths: nodeOnlyPackages.map((name) => ({ name, message: `${name} runs only in Node: use it in src/main (behind a service), never in shared, renderer, preload or simulator code.` })),
  },
  electron: { paths: [{ name: 'electron', message: 'Only the thin entry (src/main/index.ts, src/main/electron/, src/main/ipc/electron-ipc.ts) and the preload import electron; the renderer talks to main only through window.faxdesk.' }] },
  rawIpc: { paths: [{ name: 'electron', importNames: ['ipcMain', 'ipcRenderer'], message: 'Raw IPC only in src/main/ipc and src/preload.' }] },
  // src/main/ipc/ is the door: a feature's service never knows it (its channels are src/main/ipc/handlers/<feature>.ts).
  mainIpc: {
    patterns: [{
      regex: '^((\\.\\.?/)+|@main/)ipc(/|$)',
      message: 'Only src/main/ipc/ and the composition roots (src/main/services.ts, src/main/index.ts) import the IPC layer; put channels in src/main/ipc/handlers/<feature>.ts.',
    }],
  },
  // Services speak the domain (src/shared/<domain>/, src/shared/errors/); the wire's schemas are the door's business.
  sharedIpcFromMain: {
    patterns: [{
      regex: '^((\\.\\./)+shared|@shared)/ipc(/|$)',
      message: 'Services speak the domain: import the type from src/shared/<domain>/ or src/shared/errors/; only src/main/ipc/, the composition roots and the entry know the IPC contract.',
    }],
  },
  // src/shared/ipc/ is the contract over the shared vocabulary, never the other way round.
  sharedIpcFromShared: { patterns: [{ regex: '^((\\.\\.?/)+|@shared/)ipc(/|$)', message: 'Shared vocabulary does not import the IPC contract (src/shared/ipc imports it).' }] },
  // A feature uses another only through its index.ts (or a named *-entry module a lazy screen loads).
  otherFeature: {
    patterns: [{ regex: '^(\\.\\./|@renderer/features/)[a-z-]+/(?![^/]+-entry$|[^/]+\\.css$)', message: 'Another feature only through its index.ts: import from "../<feature>".' }],
  },
  // A handler file is a map from channel to one service call: reading and writing files is a service's job.
  fileSystem: {
    paths: ['fs', 'fs/promises', 'node:fs', 'node:fs/promises'].map((name) => ({ name, message: 'Handlers are pure maps: read or write files in the feature\'s service (src/main/<feature>/), not at the door.' })),
  },
  // The shell draws the features; a feature reaching back up into it would be a circle.
  appShell: {
    patterns: [{ regex: '^((\\.\\./)+|@renderer/)app(/|$)', message: 'A feature does not import the shell (src/renderer/src/app): navigation is in src/renderer/src/navigation.' }],
  },
  // The simulator stands for the fax service: the app reaches it only where the layer table declares it.
  simulator: { patterns: [{ regex: '^(\\.\\./)+simulator(/|$)', message: 'The simulator is the fax service, not part of the app: only the demo connection (src/main/account/connection.ts, demo-state.ts) starts it.' }] },
  // ...and it never imports app code, so it stays a faithful stand-in that could be shipped on its own.
  appCode: { patterns: [{ regex: '^((\\.\\./)+(main|shared|renderer|preload|preview)|@(main|shared|renderer))(/|$)', message: 'The simulator implements the spec on its own: it never imports FaxDesk code.' }] },
};

const browserGlobals = ['window', 'document', 'navigator', 'localStorage'];
const nodeGlobals = ['process', 'require', '__dirname', 'Buffer'];

/**
 * The layer table: every source file belongs to the FIRST row whose `files` match it, and gets exactly
 * the walls that row names (and the globals it refuses). Order: the specific before the general.
 */
export const layers = [
  // the door: raw IPC allowed; electron-ipc.ts is its one Electron adapter
  { name: 'main/ipc electron adapter', files: ['src/main/ipc/electron-ipc.ts'], walls: ['simulator'] },
  { name: 'main/ipc handlers', files: ['src/main/ipc/handlers/**'], walls: ['electron', 'fileSystem', 'simulator'] },
  { name: 'main/ipc (the door)', files: ['src/main/ipc/**'], walls: ['electron', 'simulator'] },
  // the entry and the composition root may reach the door
  { name: 'main entry', files: ['src/main/index.ts'], walls: ['simulator'] },
  { name: 'main composition root', files: ['src/main/services.ts'], walls: ['electron', 'simulator'] },
  // the platform's dependencies (emit is typed by the contract's events): part of the composition root
  { name: 'main platform deps', files: ['src/main/app-context.ts'], walls: ['electron', 'mainIpc', 'simulator'] },
  // TEMPORARY: wt-hotfolder splits this file (it still takes DocumentSource from the channel's re-export);
  // the split files import src/shared/intake/types.ts and this row goes
  { name: 'main electron glue', files: ['src/main/electron/**'], walls: ['rawIpc', 'mainIpc', 'sharedIpcFromMain', 'simulator'] },
  // the demo connection is the app's one way to the simulator
  { name: 'main demo connection', files: ['src/main/account/connection.ts', 'src/main/account/demo-state.ts'], walls: ['electron', 'mainIpc', 'sharedIpcFromMain'] },
  { name: 'main', files: ['src/main/**'], walls: ['electron', 'mainIpc', 'sharedIpcFromMain', 'simulator'] },
  { name: 'preload', files: ['src/preload/**'], walls: ['node', 'nodeOnlyPackages', 'simulator'], globals: nodeGlobals },
  { name: 'shared/ipc (the contract)', files: ['src/shared/ipc/**'], walls: ['electron', 'node', 'nodeOnlyPackages', 'simulator'], globals: [...browserGlobals, ...nodeGlobals] },
  { name: 'shared', files: ['src/shared/**'], walls: ['electron', 'node', 'nodeOnlyPackages', 'sharedIpcFromShared', 'simulator'], globals: [...browserGlobals, ...nodeGlobals] },
  { name: 'renderer features', files: ['src/renderer/src/features/**'], walls: ['electron', 'node', 'nodeOnlyPackages', 'otherFeature', 'appShell', 'simulator'], globals: nodeGlobals },
  { name: 'renderer', files: ['src/renderer/**'], walls: ['electron', 'node', 'nodeOnlyPackages', 'simulator'], globals: nodeGlobals },
  { name: 'simulator', files: ['src/simulator/**'], walls: ['electron', 'nodeOnlyPackages', 'appCode'] },
  // the browser preview's Node server stands in for main's entry: it composes main's services (and conf)
  { name: 'preview server', files: ['src/preview/server/**'], walls: ['electron', 'simulator'] },
  { name: 'preview bridge', files: ['src/preview/**'], walls: ['electron', 'node', 'nodeOnlyPackages', 'simulator'], globals: nodeGlobals },
];

/** One lint block per row: its files minus every earlier row's, its walls merged into one rule. */
function layerBlocks(table) {
  return table.map((layer, i) => {
    const merged = { paths: [], patterns: [] };
    for (const id of layer.walls) {
      const wall = walls[id];
      if (!wall) throw new Error(`eslint.config.js: layer "${layer.name}" names an unknown wall "${id}"`);
      merged.paths.push(...(wall.paths ?? []));
      merged.patterns.push(...(wall.patterns ?? []));
    }
    return {
      name: `faxdesk/layer: ${layer.name}`,
      files: layer.files,
      ignores: table.slice(0, i).flatMap((earlier) => earlier.files),
      rules: {
        'no-restricted-imports': ['error', merged],
        ...(layer.globals ? { 'no-restricted-globals': ['error', ...layer.globals] } : {}),
      },
    };
  });
}

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'release/**', 'node_modules/**', 'test-results/**', 'artifacts/**', 'test/lint/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...sdl.configs.electron,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'ipcMain', message: 'Use the typed IPC contract (src/main/ipc).' },
        { object: 'ipcRenderer', message: 'Use the typed IPC contract (src/preload).' },
      ],
    },
  },
  // Raw IPC only at the two doors.
  {
    files: ['src/main/ipc/**', 'src/preload/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
  ...layerBlocks(layers),
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // One rule per file (issue 29): no source file over 300 lines, no function over 80 (blank and comment lines
  // not counted). One that must be longer says why in its eslint-disable comment (`-- why`).
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  // No import circle in main or the renderer (type-only imports are not arrows at run time and are ignored).
  {
    files: ['src/main/**/*.ts', 'src/renderer/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // the aliases resolve too, or an import circle through `@main/…` would go unseen
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'], alias: Object.fromEntries(pathAliases().map((a) => [a.name, [a.dir]])) })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' } },
  },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable' } } },
  {
    files: ['test/**', 'scripts/**', 'bench/**', '*.config.*'],
    rules: { 'no-restricted-syntax': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['electron.vite.config.ts', 'playwright.config.ts', 'vitest.config.ts', 'stryker/vitest.config.ts', 'eslint.config.js'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
