import path from 'node:path';
import { z } from 'zod';
import type { DirectoryFields } from '../../shared/directory/types';
import type { DirectoryService } from '../directory/directory-service';
import type { Logger } from '../log';
import { loadJsonFile, writeJsonFile } from '../storage/json-file';
import type { Policy } from './policy-file';

/** Which of the policy's directories FaxDesk has added to this user's list (so a removed default stays removed). */
export const POLICY_DIRECTORIES_FILE = 'policy-directories.json';
const fileSchema = z.object({ version: z.literal(1), added: z.array(z.string().max(2000)).max(200) });

/** A directory is the same one when it reads the same server and base DN. */
const keyOf = (d: Pick<DirectoryFields, 'url' | 'baseDn'>) => `${d.url.trim().toLowerCase()} ${d.baseDn.trim().toLowerCase()}`;
const fieldsOf = (d: DirectoryFields): DirectoryFields => {
  const { name, url, startTls, allowPlain, bindDn, baseDn, filter, attributes } = d;
  return { name, url, startTls, allowPlain, bindDn, baseDn, filter, attributes };
};

/**
 * The policy's company directories in the user's list, through the directory
 * service (bind passwords stay the user's, typed in Settings). A default is
 * added once: a user who removes it keeps it removed. A locked one is put back
 * at each start if it was removed, and its fields are the policy's whatever the
 * user changed. Never throws: a directory the list refuses is logged.
 */
export async function applyPolicyDirectories(
  service: DirectoryService,
  managed: Policy['directories'],
  dataDir: string,
  log: Pick<Logger, 'warn' | 'info'>,
): Promise<void> {
  if (!managed || managed.value.length === 0) return;
  const file = path.join(dataDir, POLICY_DIRECTORIES_FILE);
  const added = new Set(loadJsonFile(file, { parse: (raw) => fileSchema.parse(raw), log, what: 'the list of directories added by the policy' }).value?.added ?? []);
  const before = added.size;
  try {
    const existing = await service.list();
    for (const wanted of managed.value) {
      const key = keyOf(wanted);
      const mine = existing.find((d) => keyOf(d) === key);
      try {
        if (mine) {
          if (managed.locked && JSON.stringify(fieldsOf(mine)) !== JSON.stringify(fieldsOf(wanted))) await service.save({ ...fieldsOf(wanted), id: mine.id });
        } else if (managed.locked || !added.has(key)) {
          await service.save(fieldsOf(wanted));
        }
        added.add(key);
      } catch (e) {
        log.warn(`policy: the directory "${wanted.name}" (${wanted.url}) could not be added: ${(e as Error).message}`);
      }
    }
  } catch (e) {
    log.warn(`policy: the directories could not be applied: ${(e as Error).message}`);
  }
  if (added.size !== before) {
    try {
      writeJsonFile(file, { version: 1, added: [...added] }, { indent: 2, what: 'the list of directories added by the policy' });
    } catch (e) {
      log.warn(`policy: could not remember which directories were added: ${(e as Error).message}`);
    }
  }
}
