import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { readdirSync } from 'node:fs';
import path from 'node:path';

// Lints snippets as if they lived at these paths, with the project's real config.
const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIdsFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('process boundaries enforced by lint', () => {
  it('fails a shared file that imports electron or a Node module or uses the DOM', async () => {
    expect(await ruleIdsFor('src/shared/bad.ts', "import { app } from 'electron';\nexport const x = app;\n")).toContain('no-restricted-imports');
    expect(await ruleIdsFor('src/shared/bad.ts', "import fs from 'node:fs';\nexport const x = fs;\n")).toContain('no-restricted-imports');
    expect(await ruleIdsFor('src/shared/bad.ts', 'export const x = document.title;\n')).toContain('no-restricted-globals');
  });

  it('fails a renderer file that imports node:fs or electron', async () => {
    expect(await ruleIdsFor('src/renderer/src/bad.ts', "import fs from 'node:fs';\nexport const x = fs;\n")).toContain('no-restricted-imports');
    expect(await ruleIdsFor('src/renderer/src/bad.ts', "import path from 'path';\nexport const x = path;\n")).toContain('no-restricted-imports');
    expect(await ruleIdsFor('src/renderer/src/bad.ts', "import { shell } from 'electron';\nexport const x = shell;\n")).toContain('no-restricted-imports');
  });

  it('fails raw ipcMain/ipcRenderer use outside the IPC doors', async () => {
    const code = "import { ipcMain } from 'electron';\nipcMain.handle('x', async () => 1);\n";
    expect(await ruleIdsFor('src/main/history/bad.ts', code)).toEqual(expect.arrayContaining(['no-restricted-imports', 'no-restricted-properties']));
    expect(await ruleIdsFor('src/main/ipc/ok.ts', "import type { IpcMainLike } from './register';\nexport const f = (ipcMain: IpcMainLike) => ipcMain.removeHandler('x');\n")).toEqual([]);
  });

  it('fails a main feature file that imports the IPC layer, and passes a handler file that does', async () => {
    const code = "import type { Handlers } from '../ipc/dispatch';\nexport type H = Handlers;\n";
    expect(await ruleIdsFor('src/main/tasks/bad.ts', code)).toContain('no-restricted-imports');
    expect(await ruleIdsFor('src/main/electron/bad.ts', code)).toContain('no-restricted-imports');
    expect(await ruleIdsFor('src/main/bad.ts', "import { tasksHandlers } from './ipc/handlers/tasks';\nexport const h = tasksHandlers;\n")).toContain('no-restricted-imports');
    expect(await ruleIdsFor('src/main/ipc/handlers/ok.ts', code)).toEqual([]);
    // the composition root spreads the handler files; the shared contract stays importable everywhere
    expect(await ruleIdsFor('src/main/services.ts', "import { tasksHandlers } from './ipc/handlers/tasks';\nexport const h = tasksHandlers;\n")).toEqual([]);
    expect(await ruleIdsFor('src/main/tasks/ok.ts', "import type { TasksChanged } from '../../shared/tasks/changes';\nexport type C = TasksChanged;\n")).toEqual([]);
  });

  it('fails a handler file that reads files itself (handlers are pure maps), and passes its service doing so', async () => {
    const reads = "import fs from 'node:fs';\nexport const read = (p: string) => fs.readFileSync(p);\n";
    expect(await ruleIdsFor('src/main/ipc/handlers/bad.ts', reads)).toContain('no-restricted-imports');
    expect(await ruleIdsFor('src/main/ipc/handlers/bad.ts', "import { promises } from 'fs';\nexport const p = promises;\n")).toContain('no-restricted-imports');
    expect(await ruleIdsFor('src/main/preview/ok.ts', reads)).toEqual([]);
    expect(await ruleIdsFor('src/main/ipc/handlers/ok.ts', "import path from 'node:path';\nexport const n = path.basename('/a/b');\n")).toEqual([]);
  });

  it('fails a service that imports the IPC contract, and passes the door, the composition roots and the entry', async () => {
    const wire = "import type { TasksChanged } from '../../shared/ipc/channels/tasks';\nexport type C = TasksChanged;\n";
    expect(await ruleIdsFor('src/main/tasks/bad.ts', wire)).toContain('no-restricted-imports');
    expect(await ruleIdsFor('src/main/electron/bad.ts', wire)).toContain('no-restricted-imports');
    expect(await ruleIdsFor('src/main/account/connection.ts', wire)).toContain('no-restricted-imports');
    expect(await ruleIdsFor('src/main/bad.ts', "import { contract } from '../shared/ipc/contract';\nexport const c = contract;\n")).toContain('no-restricted-imports');
    expect(await ruleIdsFor('src/main/send/bad.ts', "import { SEND_REPEAT_CODE } from '../../shared/ipc/channels/send';\nexport const c = SEND_REPEAT_CODE;\n")).toContain('no-restricted-imports');
    // the same words from their domain homes are fine
    expect(await ruleIdsFor('src/main/send/ok.ts', "import { SEND_REPEAT_CODE } from '../../shared/errors/error-details';\nexport const c = SEND_REPEAT_CODE;\n")).toEqual([]);
    expect(await ruleIdsFor('src/main/ipc/handlers/ok.ts', "import type { TasksChanged } from '../../../shared/ipc/channels/tasks';\nexport type C = TasksChanged;\n")).toEqual([]);
    expect(await ruleIdsFor('src/main/services.ts', "import { contract } from '../shared/ipc/contract';\nexport const c = contract;\n")).toEqual([]);
    expect(await ruleIdsFor('src/main/index.ts', "import { contract } from '../shared/ipc/contract';\nexport const c = contract;\n")).toEqual([]);
  });

  it('fails shared vocabulary that imports the IPC contract, and passes the contract importing it', async () => {
    expect(await ruleIdsFor('src/shared/phonebook/bad.ts', "import { channel } from '../ipc/define';\nexport const c = channel;\n")).toContain('no-restricted-imports');
    expect(await ruleIdsFor('src/shared/bad.ts', "import { contract } from './ipc/contract';\nexport const c = contract;\n")).toContain('no-restricted-imports');
    expect(await ruleIdsFor('src/shared/ipc/channels/ok.ts', "import { languageSchema } from '../../language';\nexport const l = languageSchema;\n")).toEqual([]);
  });

  it('fails enabling nodeIntegration anywhere', async () => {
    const code = "declare const BrowserWindow: new (o: unknown) => unknown;\nexport const w = new BrowserWindow({ webPreferences: { nodeIntegration: true } });\n";
    expect(await ruleIdsFor('src/main/index.ts', code)).toContain('@microsoft/sdl/no-electron-node-integration');
  });

  it('fails a feature that reaches into another feature past its index', async () => {
    const deep = "import { useConnection } from '../account/hooks';\nexport const x = useConnection;\n";
    expect(await ruleIdsFor('src/renderer/src/features/send/bad.ts', deep)).toContain('no-restricted-imports');
    const viaIndex = "import { useConnection } from '../account';\nexport const x = useConnection;\n";
    expect(await ruleIdsFor('src/renderer/src/features/send/ok.ts', viaIndex)).toEqual([]);
    const entry = "import { DirectorySettings } from '../directory/settings-entry';\nexport const x = DirectorySettings;\n";
    expect(await ruleIdsFor('src/renderer/src/features/settings/ok.ts', entry)).toEqual([]);
    const own = "import { money } from './format';\nimport { call } from '../../lib/api';\nexport const x = [money, call];\n";
    expect(await ruleIdsFor('src/renderer/src/features/tasks/ok.ts', own)).toEqual([]);
    // nothing runs back up into the shell: navigation lives below the features
    const up = "import { Shell } from '../../app/shell';\nexport const x = Shell;\n";
    expect(await ruleIdsFor('src/renderer/src/features/send/bad.ts', up)).toContain('no-restricted-imports');
    const upFromFolder = "import { Shell } from '../../../app/shell';\nexport const x = Shell;\n";
    expect(await ruleIdsFor('src/renderer/src/features/send/documents-panel/bad.ts', upFromFolder)).toContain('no-restricted-imports');
    const nav = "import { useNavigation } from '../../navigation';\nexport const x = useNavigation;\n";
    expect(await ruleIdsFor('src/renderer/src/features/send/ok.ts', nav)).toEqual([]);
    // the Node and Electron rules still hold inside features
    expect(await ruleIdsFor('src/renderer/src/features/tasks/bad.ts', "import fs from 'node:fs';\nexport const x = fs;\n")).toContain('no-restricted-imports');
  });

  it('refuses Node-only packages outside main, and allows them in main', async () => {
    for (const pkg of ['better-sqlite3', 'ldapts', 'keytar', 'conf', 'electron-store', 'pg']) {
      const code = `import * as m from '${pkg}';\nexport const x = m;\n`;
      for (const place of ['src/shared/bad.ts', 'src/shared/ipc/channels/bad.ts', 'src/renderer/src/lib/bad.ts', 'src/renderer/src/features/tasks/bad.ts', 'src/preload/bad.ts', 'src/simulator/bad.ts']) {
        expect(await ruleIdsFor(place, code), `${pkg} in ${place}`).toContain('no-restricted-imports');
      }
      expect(await ruleIdsFor('src/main/history/ok.ts', code), `${pkg} in main`).toEqual([]);
    }
  });

  it('walls the simulator off: it imports no app code, and the app reaches it only through the demo connection', async () => {
    expect(await ruleIdsFor('src/simulator/routes/bad.ts', "import { SEND_LIMITS } from '../../shared/send/limits';\nexport const x = SEND_LIMITS;\n")).toContain('no-restricted-imports');
    expect(await ruleIdsFor('src/simulator/bad.ts', "import { UserError } from '../main/errors';\nexport const x = UserError;\n")).toContain('no-restricted-imports');
    expect(await ruleIdsFor('src/simulator/ok.ts', "import { startSimulator } from './index';\nexport const x = startSimulator;\n")).toEqual([]);
    const start = "import { startSimulator } from '../../simulator/index';\nexport const x = startSimulator;\n";
    expect(await ruleIdsFor('src/main/tasks/bad.ts', start)).toContain('no-restricted-imports');
    expect(await ruleIdsFor('src/renderer/src/bad.ts', "import { startSimulator } from '../../simulator';\nexport const x = startSimulator;\n")).toContain('no-restricted-imports');
    expect(await ruleIdsFor('src/main/account/connection.ts', start)).toEqual([]);
  });

  it('fails an import circle in main and in the renderer', async () => {
    // src/main/storage/io-error.ts imports ../errors: errors.ts importing it back closes a circle
    expect(await ruleIdsFor('src/main/errors.ts', "import { ioUserError } from './storage/io-error';\nexport const x = ioUserError;\n")).toContain('import-x/no-cycle');
    // src/renderer/src/lib/describe-error.ts imports ../i18n: i18n/index.ts importing it back closes a circle
    expect(await ruleIdsFor('src/renderer/src/i18n/index.ts', "import { describeError } from '../lib/describe-error';\nexport const x = describeError;\n")).toContain('import-x/no-cycle');
    // a type-only import is no arrow at run time
    expect(await ruleIdsFor('src/main/errors.ts', "import type { ioUserError } from './storage/io-error';\nexport type X = typeof ioUserError;\n")).toEqual([]);
  });

  it('holds every wall and finds circles when the path is spelled with an alias (@shared/…, @main/…, @renderer/…)', async () => {
    const deny = async (file: string, code: string) => expect(await ruleIdsFor(file, code), `${file}: ${code}`).toContain('no-restricted-imports');
    await deny('src/main/tasks/bad.ts', "import type { TasksChanged } from '@shared/ipc/channels/tasks';\nexport type C = TasksChanged;\n");
    await deny('src/main/tasks/bad.ts', "import type { Handlers } from '@main/ipc/dispatch';\nexport type H = Handlers;\n");
    await deny('src/shared/phonebook/bad.ts', "import { channel } from '@shared/ipc/define';\nexport const c = channel;\n");
    await deny('src/renderer/src/features/send/bad.ts', "import { useConnection } from '@renderer/features/account/hooks';\nexport const x = useConnection;\n");
    await deny('src/renderer/src/features/send/bad.ts', "import { Shell } from '@renderer/app/shell';\nexport const x = Shell;\n");
    await deny('src/simulator/bad.ts', "import { SEND_LIMITS } from '@shared/send/limits';\nexport const x = SEND_LIMITS;\n");
    await deny('src/simulator/bad.ts', "import { UserError } from '@main/errors';\nexport const x = UserError;\n");
    // the same homes through an alias are fine where the relative path is
    expect(await ruleIdsFor('src/main/send/ok.ts', "import { SEND_REPEAT_CODE } from '@shared/errors/error-details';\nexport const c = SEND_REPEAT_CODE;\n")).toEqual([]);
    expect(await ruleIdsFor('src/renderer/src/features/send/ok.ts', "import { useNavigation } from '@renderer/navigation';\nexport const x = useNavigation;\n")).toEqual([]);
    // the resolver follows the alias: errors.ts importing io-error (which imports ../errors) is still a circle
    expect(await ruleIdsFor('src/main/errors.ts', "import { ioUserError } from '@main/storage/io-error';\nexport const x = ioUserError;\n")).toContain('import-x/no-cycle');
  });

  it('puts every source file inside the layer table', async () => {
    const files = readdirSync('src', { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
      .map((e) => path.relative(process.cwd(), path.join(e.parentPath, e.name)));
    expect(files.length).toBeGreaterThan(100);
    const outside: string[] = [];
    for (const file of files) {
      const config = (await eslint.calculateConfigForFile(file)) as { rules?: Record<string, unknown> };
      const rule = config.rules?.['no-restricted-imports'] as [unknown, { paths?: unknown[]; patterns?: unknown[] }] | undefined;
      if (!rule || ((rule[1]?.paths?.length ?? 0) + (rule[1]?.patterns?.length ?? 0)) === 0) outside.push(file);
    }
    expect(outside).toEqual([]);
  });

  it('passes clean code in each place', async () => {
    expect(await ruleIdsFor('src/shared/ok.ts', 'export const add = (a: number, b: number): number => a + b;\n')).toEqual([]);
  });
});
