// Stops with one clear line when an npm script runs on a Node older than the toolchain needs.
// Plain CommonJS on purpose: it must run on any old Node without crashing first.
'use strict';
var parts = process.versions.node.split('.').map(Number);
var ok = parts[0] > 22 || (parts[0] === 22 && parts[1] >= 12);
if (!ok) {
  console.error(
    'FaxDesk needs Node >= 22.12 (found ' + process.versions.node + '). ' +
    'Run it through npm (npm start / npm test), which puts the Node 24 from the "node" devDependency first on PATH, ' +
    'or run `npm install` first if node_modules is missing.'
  );
  process.exit(1);
}
