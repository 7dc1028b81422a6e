// `npm start`: build, then launch Electron; where its binary is missing (as on
// machines that cannot download it) say so in one line and start the browser
// preview instead.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', shell: false });

const build = run('npx', ['-y', 'electron-vite', 'build']);
if (build.status !== 0) process.exit(build.status ?? 1);

let electronPath = null;
try {
  electronPath = require('electron');
} catch (e) {
  console.log(`Electron binary not available (${String(e.message).split('\n')[0]}); starting the browser preview instead.`);
}

const child = electronPath
  ? spawn(electronPath, ['.'], { stdio: 'inherit' })
  : spawn('npx', ['-y', 'tsx', 'scripts/preview.ts', ...process.argv.slice(2)], { stdio: 'inherit' });
const forward = (sig) => child.kill(sig);
process.on('SIGINT', forward);
process.on('SIGTERM', forward);
child.on('exit', (code) => process.exit(code ?? 0));
