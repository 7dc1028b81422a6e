import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// One rule per file (issue 29), with the project's real config: a source file over 300 lines or a function
// over 80 (blank and comment lines not counted) fails lint; the same under the limits passes.
const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIdsFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

/** A function of `n` statement lines (plus its opening and closing line), with blank and comment lines between. */
const fn = (name: string, n: number) =>
  [`export function ${name}(): number {`, '  let x = 0;', ...Array.from({ length: n - 4 }, (_, i) => `  x += ${i};\n\n  // a comment\n`), '  return x;', '}'].join('\n');

describe('file and function size enforced by lint in src/', () => {
  it('fails a function of 81 lines and passes one of 80, not counting blank and comment lines', async () => {
    expect(await ruleIdsFor('src/main/tasks/long.ts', fn('f', 81))).toContain('max-lines-per-function');
    expect(await ruleIdsFor('src/main/tasks/long.ts', fn('f', 80))).not.toContain('max-lines-per-function');
    expect(await ruleIdsFor('src/renderer/src/features/tasks/long.tsx', fn('F', 81))).toContain('max-lines-per-function');
  });

  it('fails a file of 301 lines and passes one of 300', async () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `export const c${i} = ${i};`).join('\n') + '\n';
    expect(await ruleIdsFor('src/shared/big.ts', lines(301))).toContain('max-lines');
    expect(await ruleIdsFor('src/shared/big.ts', lines(300))).not.toContain('max-lines');
  });

  it('does not apply to tests', async () => {
    expect(await ruleIdsFor('test/main/long.test.ts', fn('f', 120))).not.toContain('max-lines-per-function');
  });
});
