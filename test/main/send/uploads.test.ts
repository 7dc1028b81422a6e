/**
 * The upload registry (which local file or URL was uploaded as which file_ref) is a cache on disk:
 * when it cannot be written (a full disk, the folder gone), the send goes on, the reason is logged,
 * and nothing is thrown from its background write (that would take the main process down).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '@main/log';
import { UploadRegistry } from '@main/send/uploads';
import { tempDirs } from '../../helpers/temp-dirs';

const tmp = tempDirs('faxdesk-uploads-');
const record = { fileRef: 'file_1', uploadedAt: 1, size: 10, mtimeMs: 1 };

function registryIn(dataDir: string) {
  const lines: string[] = [];
  return { registry: new UploadRegistry(dataDir, createLogger((l) => lines.push(l))), lines };
}

describe('the upload registry', () => {
  it('is written shortly after a remembered upload, and read back by the next start', async () => {
    const dir = tmp();
    const { registry } = registryIn(dir);
    registry.remember('p|url:https://example.com/a.pdf', record);
    await registry.saved();
    expect(registryIn(dir).registry.forUrl('https://example.com/a.pdf', 'p')?.fileRef).toBe('file_1');
  });

  it('writes in the background: the upload that remembered a ref does not wait for the disk', async () => {
    const dir = tmp();
    const { registry } = registryIn(dir);
    const file = path.join(dir, 'send', 'uploads.json');
    registry.remember('p|url:https://example.com/a.pdf', record);
    // nothing written on the upload's own path (before, the write and its flush ran right after it, on the main thread)
    expect(fs.existsSync(file)).toBe(false);
    await registry.saved();
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ 'p|url:https://example.com/a.pdf': record });
  });

  it('a ref forgotten while a background write is in progress stays forgotten on disk', async () => {
    const dir = tmp();
    const { registry } = registryIn(dir);
    registry.remember('p|url:https://example.com/a.pdf', record);
    registry.remember('p|url:https://example.com/b.pdf', { ...record, fileRef: 'file_2' });
    await registry.saved();
    registry.remember('p|url:https://example.com/c.pdf', { ...record, fileRef: 'file_3' });
    // the background write of a, b and c has begun (it took its copy) when the service refuses file_1
    await new Promise((r) => setImmediate(r));
    registry.forget('file_1');
    // at once on disk, and still after the write in progress has landed
    expect(registryIn(dir).registry.forUrl('https://example.com/a.pdf', 'p')).toBeNull();
    await registry.saved();
    const after = registryIn(dir).registry;
    expect(after.forUrl('https://example.com/a.pdf', 'p')).toBeNull();
    expect(after.forUrl('https://example.com/b.pdf', 'p')?.fileRef).toBe('file_2');
    expect(after.forUrl('https://example.com/c.pdf', 'p')?.fileRef).toBe('file_3');
  });

  it('that cannot be written logs why, throws nothing, and keeps the ref for this run', async () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, 'send'), 'not a folder'); // where the registry's folder should be
    const { registry, lines } = registryIn(dir);
    const uncaught: unknown[] = [];
    const onUncaught = (e: unknown) => uncaught.push(e);
    process.on('uncaughtException', onUncaught);
    try {
      registry.remember('p|url:https://example.com/a.pdf', record);
      await registry.saved(); // its background write has run (and failed)
      expect(registry.forUrl('https://example.com/a.pdf', 'p')?.fileRef).toBe('file_1');
      // The service said the ref expired: forgetting it must not fail the send that is going on.
      expect(() => registry.forget('file_1')).not.toThrow();
      expect(registry.forUrl('https://example.com/a.pdf', 'p')).toBeNull();
    } finally {
      process.off('uncaughtException', onUncaught);
    }
    expect(uncaught).toEqual([]);
    expect(lines.filter((l) => /could not save the upload registry/.test(l) && /uploaded again/.test(l))).toHaveLength(2);
  });
});
