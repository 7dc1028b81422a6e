// `npm start`: build, then launch Electron; where its binary is missing (as on
// machines that cannot download it) say so in one line and start the browser
// preview instead. Files after `--` (`npm start -- a.pdf b.tif`) go to either as "Open with" would.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

// The build's file listing is for developers: the user sees one line, and the whole output only if it fails.
const started = Date.now();
const build = spawnSync('npx', ['-y', 'electron-vite', 'build'], { encoding: 'utf8', shell: false, maxBuffer: 64 * 1024 * 1024 });
if (build.status !== 0) {
  process.stdout.write(build.stdout ?? '');
  process.stderr.write(build.stderr ?? '');
  console.error(`FaxDesk: the build failed (exit ${build.status ?? build.signal}); its output is above.`);
  process.exit(build.status ?? 1);
}
console.log(`FaxDesk: built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);

// Ask in a child process: resolving 'electron' may try to download the binary and prints its
// own progress; the user gets one line either way.
const probe = spawnSync(process.execPath, ['-e', "process.stdout.write(require('electron'))"], { encoding: 'utf8' });
let electronPath = probe.status === 0 && probe.stdout ? probe.stdout : null;
if (!electronPath) {
  const cause = (probe.stderr || '').split('\n').find((l) => /Error:/.test(l))?.replace(/^.*Error:\s*/, '');
  const reason = cause ? `it is not installed and could not be downloaded: ${cause.split('. ')[0]}` : 'it is not installed';
  console.log(`Electron binary not available (${reason}); starting the browser preview instead.`);
}

// npm runs this from the package folder; the files are named relative to where the user typed the command
const userArgs = process.argv
  .slice(2)
  .map((a) => (a.startsWith('-') || /^[a-z][a-z0-9+.-]+:\/\//i.test(a) ? a : path.resolve(process.env.INIT_CWD ?? process.cwd(), a)));

const child = electronPath
  ? spawn(electronPath, ['.', ...userArgs], { stdio: 'inherit' })
  : spawn('npx', ['-y', 'tsx', 'scripts/preview.ts', ...userArgs], { stdio: 'inherit' });
const forward = (sig) => child.kill(sig);
process.on('SIGINT', forward);
process.on('SIGTERM', forward);
child.on('exit', (code) => process.exit(code ?? 0));
