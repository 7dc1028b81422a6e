// `npm start` / `npm run start:web` (`--web`): build only when the sources, lockfile or config changed
// since the last build (scripts/lib/build-stamp.mjs), then launch Electron; where its binary is
// missing (as on machines that cannot download it), or with --web, start the browser preview.
// Arguments (`--port N`, `--data-dir DIR`, `--locale L`, then documents to open as "Open with"
// would) are read by one parser, scripts/lib/start-args.mjs.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { isBuildCurrent, sourceHash, writeBuildStamp } from './lib/build-stamp.mjs';
import { parseStartArgs, previewArgs } from './lib/start-args.mjs';

const root = path.resolve(import.meta.dirname, '..');
const bin = (p) => path.join(root, 'node_modules', p);

// npm runs this from the package folder; the files are named relative to where the user typed the command
const args = parseStartArgs(process.argv.slice(2), { cwd: process.env.INIT_CWD ?? process.cwd() });
if (!args.ok) {
  console.error(`FaxDesk: ${args.message}`);
  process.exit(2);
}
const options = args.options;

// The build's listing and vite's chunk-size advice are for developers: the user sees one line, and
// the whole output only if the build fails.
const hash = sourceHash(root);
if (isBuildCurrent(root, hash)) {
  console.log('FaxDesk: build up to date.');
} else {
  const started = Date.now();
  const build = spawnSync(process.execPath, [bin('electron-vite/bin/electron-vite.js'), 'build'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (build.status !== 0) {
    process.stdout.write(build.stdout ?? '');
    process.stderr.write(build.stderr ?? '');
    console.error(`FaxDesk: the build failed (exit ${build.status ?? build.signal}); its output is above.`);
    process.exit(build.status ?? 1);
  }
  writeBuildStamp(root, hash);
  console.log(`FaxDesk: built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

let electronPath = null;
if (!options.web) {
  // Ask in a child process: resolving 'electron' may try to download the binary and prints its
  // own progress; the user gets one line either way.
  const probe = spawnSync(process.execPath, ['-e', "process.stdout.write(require('electron'))"], { cwd: root, encoding: 'utf8' });
  electronPath = probe.status === 0 && probe.stdout ? probe.stdout : null;
  if (!electronPath) {
    const cause = (probe.stderr || '').split('\n').find((l) => /Error:/.test(l))?.replace(/^.*Error:\s*/, '');
    const reason = cause ? `it is not installed and could not be downloaded: ${cause.split('. ')[0]}` : 'it is not installed';
    console.log(`Electron binary not available (${reason}); starting the browser preview instead.`);
  }
}

const child = electronPath
  ? spawn(electronPath, ['.', ...options.files], { cwd: root, stdio: 'inherit' })
  : // the preview as built (out/main/preview.js, beside the main process it shares its code with): no compiling on the fly
    spawn(process.execPath, [path.join(root, 'out/main/preview.js'), ...previewArgs(options)], {
      cwd: root,
      stdio: 'inherit',
    });
const forward = (sig) => child.kill(sig);
process.on('SIGINT', forward);
process.on('SIGTERM', forward);
child.on('exit', (code) => process.exit(code ?? 0));
