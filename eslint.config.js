// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import sdl from '@microsoft/eslint-plugin-sdl';
import reactHooks from 'eslint-plugin-react-hooks';

const nodeBuiltins = [
  'assert', 'buffer', 'child_process', 'cluster', 'crypto', 'dgram', 'dns', 'events', 'fs', 'fs/promises', 'http', 'http2',
  'https', 'module', 'net', 'os', 'path', 'process', 'readline', 'stream', 'stream/promises', 'timers', 'tls', 'url', 'util',
  'v8', 'vm', 'worker_threads', 'zlib',
];
const noNode = [{ group: ['node:*'], message: 'No Node modules here.' }];
const nodeNames = nodeBuiltins.map((name) => ({ name, message: 'No Node modules here.' }));
// src/main/ipc/ is the door: a feature's service never knows it (its channels are src/main/ipc/handlers/<feature>.ts).
const mainIpcLayer = {
  regex: '^(\\.\\.?/)+ipc(/|$)',
  message: 'Only src/main/ipc/ and the composition roots (src/main/services.ts, src/main/index.ts) import the IPC layer; put channels in src/main/ipc/handlers/<feature>.ts.',
};
// src/shared/ipc/ is the contract over the shared vocabulary, never the other way round.
const sharedIpcLayer = { regex: '^(\\.\\.?/)+ipc(/|$)', message: 'Shared vocabulary does not import the IPC contract (src/shared/ipc imports it).' };
const noRawIpc = { name: 'electron', importNames: ['ipcMain', 'ipcRenderer'], message: 'Raw IPC only in src/main/ipc and src/preload.' };
const plainNode = { name: 'electron', message: 'Only the thin entry (src/main/index.ts, src/main/electron/, src/main/ipc/electron-ipc.ts) imports electron.' };

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
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/preload/**', 'src/main/ipc/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [noRawIpc] },
      ],
    },
  },
  // Shared code runs everywhere: no Electron, no Node, no DOM.
  {
    files: ['src/shared/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'electron', message: 'src/shared must not import electron.' }, ...nodeNames], patterns: noNode }],
      'no-restricted-globals': ['error', 'window', 'document', 'navigator', 'localStorage', 'process', 'require', '__dirname', 'Buffer'],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    ignores: ['src/shared/ipc/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'electron', message: 'src/shared must not import electron.' }, ...nodeNames], patterns: [...noNode, sharedIpcLayer] },
      ],
    },
  },
  // The renderer is a web page: no Node, no Electron.
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { paths: [{ name: 'electron', message: 'The renderer talks to main only through window.faxdesk.' }, ...nodeNames], patterns: noNode }],
      'no-restricted-globals': ['error', 'process', 'require', '__dirname', 'Buffer'],
    },
  },
  // A feature uses another only through its index.ts (or a named *-entry module a lazy screen loads);
  // its other files are its own business.
  {
    files: ['src/renderer/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The renderer talks to main only through window.faxdesk.' }, ...nodeNames],
          patterns: [
            ...noNode,
            {
              regex: '^\\.\\./[a-z-]+/(?![^/]+-entry$|[^/]+\\.css$)',
              message: 'Another feature only through its index.ts: import from "../<feature>".',
            },
            {
              // the shell draws the features; a feature reaching back up into it would be a circle
              regex: '^(\\.\\./)+app(/|$)',
              message: 'A feature does not import the shell (src/renderer/src/app): navigation is in src/renderer/src/navigation.',
            },
          ],
        },
      ],
    },
  },
  // Main-process code other than the entry stays plain Node (testable without Electron).
  {
    files: ['src/main/**/*.ts', 'src/simulator/**/*.ts', 'src/preview/**/*.ts'],
    ignores: ['src/main/index.ts', 'src/main/electron/**', 'src/main/ipc/electron-ipc.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [plainNode] }],
    },
  },
  // One shape for every feature: a service with an interface, its channels in src/main/ipc/handlers/.
  {
    files: ['src/main/**/*.ts'],
    ignores: ['src/main/ipc/**', 'src/main/services.ts', 'src/main/index.ts', 'src/main/electron/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [plainNode], patterns: [mainIpcLayer] }] },
  },
  {
    files: ['src/main/electron/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [noRawIpc], patterns: [mainIpcLayer] }] },
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
