// `npm run start:web`: serves the built renderer with the real main-process
// handlers behind a loopback bridge. Flags: --port N, --data-dir DIR, --locale L.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runPreview } from '../src/preview/server/run-preview';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'data-dir': { type: 'string' },
    locale: { type: 'string' },
  },
});

const preview = await runPreview({
  rendererDir: path.resolve(import.meta.dirname, '../out/renderer'),
  ...(values.port ? { port: Number(values.port) } : {}),
  ...(values['data-dir'] ? { dataDir: path.resolve(values['data-dir']) } : {}),
  ...(values.locale ? { locale: values.locale } : {}),
});
console.log(`FaxDesk preview: ${preview.url}`);

const stop = async () => {
  await preview.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
