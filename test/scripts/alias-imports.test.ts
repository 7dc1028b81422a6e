import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { run } from '../../scripts/alias-imports.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A small project with the real alias table's shape and files that climb. */
function project(files: Record<string, string>): { root: string; read: (rel: string) => string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-alias-'));
  dirs.push(root);
  const paths = { '@shared/*': ['./src/shared/*'], '@main/*': ['./src/main/*'], '@renderer/*': ['./src/renderer/src/*'] };
  fs.writeFileSync(path.join(root, 'tsconfig.base.json'), JSON.stringify({ compilerOptions: { paths } }));
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  return { root, read: (rel) => fs.readFileSync(path.join(root, rel), 'utf8') };
}

const FEATURE = [
  "import { limits } from '../../../../../shared/send/limits';",
  "import type { View } from \"../../../../../shared/tasks/types\";",
  "export * from '../../../lib/api';",
  "import './x.css';",
  "import { near } from '../../lib/near';",
  "const lazy = () => import('../../../lib/lazy');",
  "const passwd = '../../../../etc/passwd';",
  '',
].join('\n');
const TEST = [
  "import { send } from '../../../src/main/send/send-service';",
  "import { startSimulator } from '../../../src/simulator';",
  "import { tempDir } from '../../helpers/temp-dirs';",
  "vi.mock('../../../src/main/log', () => ({}));",
  "const shared = await vi.importActual<typeof import('../../../src/shared/phone')>('../../../src/shared/phone');",
  "import whole from '../../../src/shared';",
  '',
].join('\n');

describe('the alias codemod (scripts/alias-imports.mjs)', () => {
  it('rewrites specifiers that climb three or more folders into @shared, @main and @renderer, and leaves the rest', () => {
    const p = project({ 'src/renderer/src/features/send/recipients/box.tsx': FEATURE, 'test/main/send/x.test.ts': TEST });
    const lines: string[] = [];
    const r = run([], p.root, (l) => lines.push(l));
    expect(p.read('src/renderer/src/features/send/recipients/box.tsx')).toBe(
      [
        "import { limits } from '@shared/send/limits';",
        'import type { View } from "@shared/tasks/types";',
        "export * from '@renderer/lib/api';",
        "import './x.css';",
        "import { near } from '../../lib/near';",
        "const lazy = () => import('@renderer/lib/lazy');",
        // a path in a string that is not an import is data
        "const passwd = '../../../../etc/passwd';",
        '',
      ].join('\n'),
    );
    expect(p.read('test/main/send/x.test.ts')).toBe(
      [
        "import { send } from '@main/send/send-service';",
        // outside every alias: stays
        "import { startSimulator } from '../../../src/simulator';",
        "import { tempDir } from '../../helpers/temp-dirs';",
        "vi.mock('@main/log', () => ({}));",
        "const shared = await vi.importActual<typeof import('@shared/phone')>('@shared/phone');",
        // the alias's folder itself is no "@shared/*" path
        "import whole from '../../../src/shared';",
        '',
      ].join('\n'),
    );
    expect(r).toEqual({ files: 2, specifiers: 8, failed: false });
    expect(lines).toContain('aliased 4 in src/renderer/src/features/send/recipients/box.tsx');
  });

  it('is idempotent: a second run changes nothing, and --check then passes', () => {
    const p = project({ 'src/main/office/outbox/claim/x.ts': "import { a } from '../../../../shared/office/a';\n" });
    run([], p.root, () => {});
    const once = p.read('src/main/office/outbox/claim/x.ts');
    expect(once).toBe("import { a } from '@shared/office/a';\n");
    expect(run([], p.root, () => {})).toEqual({ files: 0, specifiers: 0, failed: false });
    expect(p.read('src/main/office/outbox/claim/x.ts')).toBe(once);
    expect(run(['--check'], p.root, () => {}).failed).toBe(false);
  });

  it('--check changes nothing and fails while something climbs; folders narrow the run', () => {
    const text = "import { a } from '../../../src/main/a';\n";
    const p = project({ 'test/main/a/x.test.ts': text, 'bench/lib/deep/x.mts': "import { b } from '../../../src/shared/b';\n" });
    const r = run(['--check'], p.root, () => {});
    expect(r).toEqual({ files: 2, specifiers: 2, failed: true });
    expect(p.read('test/main/a/x.test.ts')).toBe(text);
    expect(run(['bench'], p.root, () => {}).files).toBe(1);
    expect(p.read('test/main/a/x.test.ts')).toBe(text);
    expect(p.read('bench/lib/deep/x.mts')).toBe("import { b } from '@shared/b';\n");
  });

  it('leaves the files plain Node loads by itself (the page-count worker, the lint fixtures)', () => {
    const climb = "import { x } from '../../../shared/x';\n";
    const p = project({ 'src/main/send/page-count-worker.ts': climb, 'test/lint/fixtures/a/b/c.ts': "import { x } from '../../../../../src/main/x';\n" });
    expect(run([], p.root, () => {}).files).toBe(0);
    expect(p.read('src/main/send/page-count-worker.ts')).toBe(climb);
  });
});
