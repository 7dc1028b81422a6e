/**
 * One home per vocabulary (issue 14): task statuses, the UI languages and the task list's sort keys
 * are defined once, in src/shared; everything else imports them. The simulator is left out on
 * purpose: it stands in for the outside service and keeps its own copy of the spec's words.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return p === path.join('src', 'simulator') || e.name === 'locales' ? [] : sources(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const files = sources('src').map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }));

/** Files (other than `home`) where `re` matches. */
function definedOutside(re: RegExp, home: string): string[] {
  return files.filter((f) => f.file !== path.normalize(home) && re.test(f.text)).map((f) => f.file);
}

describe('one definition per vocabulary', () => {
  it('finds what it looks for (the scan itself works)', () => {
    expect(definedOutside(/TASK_STATUSES = \[/, 'nowhere')).toEqual([path.normalize('src/shared/task-state.ts')]);
    expect(files.length).toBeGreaterThan(100);
  });

  it('lists task and recipient statuses only in src/shared/task-state.ts', () => {
    // an array of status words, e.g. ['pending', 'sending', …] or [..., 'unchecked', 'creating']
    expect(definedOutside(/\[\s*'pending',\s*'(sending|unchecked|success)'/, 'src/shared/task-state.ts')).toEqual([]);
    expect(definedOutside(/'unchecked',\s*'creating'/, 'src/shared/task-state.ts')).toEqual([]);
    // the view statuses a task can take, and the 'completed' alias of 'done'
    expect(definedOutside(/'create_failed'\s*\|/, 'src/shared/task-state.ts')).toEqual([]);
    expect(definedOutside(/=== 'completed'/, 'src/shared/task-state.ts')).toEqual([]);
  });

  it('names the UI languages only in src/shared/language.ts', () => {
    expect(definedOutside(/'en' \| 'zh-CN'|'zh-CN' \| 'en'/, 'src/shared/language.ts')).toEqual([]);
    expect(definedOutside(/z\.enum\(\['en', 'zh-CN'\]\)/, 'src/shared/language.ts')).toEqual([]);
  });

  it('defines the task list’s sort keys and the failures view’s group once', () => {
    expect(definedOutside(/type TaskSortKey =/, 'src/shared/tasks/types.ts')).toEqual([]);
    expect(definedOutside(/interface FailureGroup\b/, 'src/shared/tasks/types.ts')).toEqual([]);
  });

  it('sets the send limits only in src/shared/send/limits.ts', () => {
    const limit = /const (MAX_TASK_NAME(_LENGTH)?|MAX_FILE_NAME_LENGTH|(MIN_)?SCHEDULE_LEAD_MS|MAX_SCHEDULE_AHEAD_MS|MAX_DOCUMENT_BYTES|MAX_DOCUMENTS|MAX_RECIPIENTS_PER_TASK) =/;
    expect(definedOutside(limit, 'src/shared/send/limits.ts')).toEqual([]);
  });

  it('has one vocabulary for what is wrong with a document, whatever route it came in by', () => {
    expect(definedOutside(/'unsupported_type'\s*\|/, 'src/shared/send/limits.ts')).toEqual([]);
    expect(definedOutside(/\[\s*'too_large',\s*'empty'/, 'src/shared/send/limits.ts')).toEqual([]);
    // the rules on name and size: one function, applied by the Send screen's check and the intake queue alike
    expect(definedOutside(/'name_too_long'\s*;/, 'src/shared/send/limits.ts')).toEqual([]);
  });

  it('defines the error codes once (the window words them: test/lint/error-codes.test.ts)', () => {
    expect(definedOutside(/'business\.file_ref_invalid',\s*\n\s*'business\./, 'src/shared/errors/error-codes.ts')).toEqual([]);
  });
});
