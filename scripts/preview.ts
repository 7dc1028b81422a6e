// `npm run start:web [-- a.pdf b.tif]`: serves the built renderer with the real main-process
// handlers behind a loopback bridge. Flags: --port N, --data-dir DIR, --locale L. Files named
// after the flags are offered to the Send screen exactly as Electron's argv would offer them
// ("Open with"); the ones that cannot be taken are listed there with the reason.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runPreview } from '../src/preview/server/run-preview';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    port: { type: 'string' },
    'data-dir': { type: 'string' },
    locale: { type: 'string' },
  },
});

const preview = await runPreview({
  // from the sources (scripts/preview.ts) or from the build (out/main/preview.js, what the e2e tests and start:web run)
  rendererDir: path.resolve(import.meta.dirname, import.meta.filename.endsWith('.ts') ? '../out/renderer' : '../renderer'),
  ...(values.port ? { port: Number(values.port) } : {}),
  ...(values['data-dir'] ? { dataDir: path.resolve(values['data-dir']) } : {}),
  ...(values.locale ? { locale: values.locale } : {}),
  // npm runs scripts from the package folder; INIT_CWD is where the user typed the command
  documents: { argv: positionals, cwd: process.env['INIT_CWD'] ?? process.cwd() },
});
// one line the user can act on; tests and the bench read the address after 'FaxDesk preview: '
console.log(`FaxDesk preview: ${preview.url} (open this address in your browser; Ctrl+C stops it)`);

const stop = async () => {
  await preview.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
