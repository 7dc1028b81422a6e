import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

const systemNodes = ['/usr/bin/node', '/usr/local/bin/node'].filter((p) => fs.existsSync(p));
const oldNode = systemNodes.find((p) => {
  const v = spawnSync(p, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
  const [major, minor] = v.split('.').map(Number);
  return major! < 22 || (major === 22 && minor! < 12);
});

describe('the Node version guard', () => {
  it('passes on the Node the npm scripts use', () => {
    const r = spawnSync(process.execPath, ['scripts/check-node.cjs'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
  });

  it.skipIf(!oldNode)('stops an old Node with one clear line instead of a crash', () => {
    const r = spawnSync(oldNode!, ['scripts/check-node.cjs'], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/FaxDesk needs Node >= 22\.12 \(found \d+/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
  if (!oldNode) console.log('skipped the old-Node check: no Node older than 22.12 on this machine');
});
