/**
 * The upload registry (which local file or URL was uploaded as which file_ref) is a cache on disk:
 * when it cannot be written (a full disk, the folder gone), the send goes on, the reason is logged,
 * and nothing is thrown from its background write (that would take the main process down).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/main/log';
import { UploadRegistry } from '../../../src/main/send/uploads';
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
    await new Promise((r) => setImmediate(r));
    expect(registryIn(dir).registry.forUrl('https://example.com/a.pdf', 'p')?.fileRef).toBe('file_1');
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
      await new Promise((r) => setTimeout(r, 20)); // its background write has run (and failed)
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
