import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPhonebookService, type PhonebookService } from '@main/phonebook/phonebook-service';
import { createFileGrants, type FileGrants } from '@main/files/grants';
import { phonebookHandlers, type PhonebookHandlers } from '@main/ipc/handlers/phonebook';
import { scriptedDialogs, type ScriptedDialogs } from '../../helpers/dialogs';

export interface TestPhonebook {
  dir: string;
  phonebook: PhonebookService;
  /** its IPC handlers, as services.ts spreads them */
  handlers: PhonebookHandlers;
  grants: FileGrants;
  dialogs: ScriptedDialogs;
  /** writes a file in the test folder and returns its absolute path */
  file(name: string, content: string | Uint8Array): string;
  /** writes a file and hands it over as the user would in main's open dialog: its handle */
  chosen(name: string, content: string | Uint8Array): string;
  cleanup(): void;
}

export function makePhonebook(options: { defaultCountry?: string; dir?: string } = {}): TestPhonebook {
  const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-phonebook-'));
  const grants = createFileGrants();
  const dialogs = scriptedDialogs();
  const phonebook = createPhonebookService({
    dataDir: dir,
    defaultCountry: () => options.defaultCountry ?? 'CN',
    grants,
    dialogs,
  });
  const file = (name: string, content: string | Uint8Array) => {
    const p = path.join(dir, name);
    fs.writeFileSync(p, content);
    return p;
  };
  return {
    dir,
    phonebook,
    handlers: phonebookHandlers(phonebook, grants),
    grants,
    dialogs,
    file,
    chosen(name, content) {
      return grants.grant(file(name, content));
    },
    cleanup() {
      phonebook.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
