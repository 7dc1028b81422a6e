import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '../../../src/main/log';
import { createPhonebookService, type PhonebookService } from '../../../src/main/phonebook/phonebook-service';

export interface TestPhonebook {
  dir: string;
  phonebook: PhonebookService;
  logLines: string[];
  /** writes a file in the test folder and returns its absolute path */
  file(name: string, content: string | Uint8Array): string;
  cleanup(): void;
}

export function makePhonebook(options: { defaultCountry?: string; dir?: string } = {}): TestPhonebook {
  const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-phonebook-'));
  const logLines: string[] = [];
  const phonebook = createPhonebookService({
    dataDir: dir,
    log: createLogger((l) => logLines.push(l)),
    defaultCountry: () => options.defaultCountry ?? 'CN',
  });
  return {
    dir,
    phonebook,
    logLines,
    file(name, content) {
      const p = path.join(dir, name);
      fs.writeFileSync(p, content);
      return p;
    },
    cleanup() {
      phonebook.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
