/**
 * The figures of the reliability suite. Each test file records what it
 * measured with its target; files run in parallel workers, so each writes its
 * own JSON under node_modules/.cache/faxdesk-reliability/figures/ (not under
 * test-results/, which Playwright empties when it starts), and
 * scripts/reliability-report.mjs merges them into
 * test-results/reliability-figures.json and prints the table.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';

export const FIGURES_DIR = path.resolve('node_modules', '.cache', 'faxdesk-reliability', 'figures');

export type Target = { op: '=' | '<=' | '>='; value: number };

export interface Figure {
  suite: string;
  id: string;
  label: string;
  value: number;
  target: Target;
  ok: boolean;
  /** what the number is out of, for the table (e.g. "of 100 sends") */
  note?: string;
  at: string;
}

export const exactly = (value: number): Target => ({ op: '=', value });
export const atMost = (value: number): Target => ({ op: '<=', value });
export const atLeast = (value: number): Target => ({ op: '>=', value });

export function meets(value: number, t: Target): boolean {
  if (!Number.isFinite(value)) return false;
  return t.op === '=' ? value === t.value : t.op === '<=' ? value <= t.value : value >= t.value;
}

function fileOf(suite: string): string {
  return path.join(FIGURES_DIR, `${suite.replace(/[^a-z0-9-]/gi, '-')}.json`);
}

/** Forget what an earlier run of this suite recorded, so a skipped figure shows as missing rather than stale. */
export function resetFigures(suite: string): void {
  fs.rmSync(fileOf(suite), { force: true });
}

/**
 * Records one figure and fails the calling test when it misses its target,
 * so the suite fails even when the report script is not run.
 */
export function recordFigure(suite: string, id: string, label: string, value: number, target: Target, note?: string): Figure {
  const figure: Figure = { suite, id, label, value, target, ok: meets(value, target), at: new Date().toISOString(), ...(note ? { note } : {}) };
  fs.mkdirSync(FIGURES_DIR, { recursive: true });
  const file = fileOf(suite);
  let all: Figure[] = [];
  try {
    all = JSON.parse(fs.readFileSync(file, 'utf8')) as Figure[];
  } catch {
    all = [];
  }
  all = all.filter((f) => f.id !== id);
  all.push(figure);
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(all, null, 2));
  fs.renameSync(tmp, file);
  expect(figure.ok, `${label}: ${value} (target ${target.op} ${target.value})`).toBe(true);
  return figure;
}
