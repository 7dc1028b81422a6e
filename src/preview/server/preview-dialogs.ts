import fs from 'node:fs';
import path from 'node:path';
import type { FileDialogs } from '../../main/files/dialogs';
import type { Logger } from '../../main/log';
import { makePrivateDir } from '../../main/storage/private-files';

/**
 * The preview's stand-in for main's dialogs. The page opens files with the
 * browser's own picker (the bridge uploads them; the server grants the temp
 * copy), so there is nothing to open here. Saves land in a visible downloads
 * folder inside the preview's data folder, reported to the page; the hot
 * folder is the preview's own Outbox there. Nothing outside the preview's
 * data folder is ever chosen.
 */
export function previewDialogs(dataDir: string, log: Logger): FileDialogs {
  const downloads = path.join(dataDir, 'downloads');
  return {
    openFiles() {
      // Reached only by a direct call: the bridge answers chooseFiles with the browser's picker.
      return Promise.resolve([]);
    },
    saveFile({ defaultName }) {
      makePrivateDir(downloads);
      const safe = path.basename(defaultName).replace(/[^\p{L}\p{N}._ ()-]/gu, '_') || 'faxdesk-export';
      const ext = path.extname(safe);
      const stem = safe.slice(0, safe.length - ext.length);
      let candidate = path.join(downloads, safe);
      for (let i = 2; fs.existsSync(candidate); i += 1) candidate = path.join(downloads, `${stem} (${i})${ext}`);
      return Promise.resolve(candidate);
    },
    chooseFolder() {
      const outbox = path.join(dataDir, 'Outbox');
      makePrivateDir(outbox);
      return Promise.resolve(outbox);
    },
    showInFolder(filePath) {
      log.info(`preview: would show ${filePath} in its folder`);
    },
    openPath(filePath) {
      log.info(`preview: would open ${filePath}`);
    },
  };
}
