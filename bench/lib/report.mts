/**
 * Figures: what one benchmark measured, its goal, and how it is printed
 * (`name: median unit (goal: ...)`) and stored in bench/results/latest.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Figure {
  name: string;
  unit: string;
  /** as printed, e.g. "≥ 0.9" */
  goal: string;
  /** null when the figure could not be measured */
  median: number | null;
  runs: number[];
  /** null = no pass/fail (informational figure) */
  met: boolean | null;
  /** why it is n/a, or what it was measured through */
  note?: string;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function round(v: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}

/** A measured figure; `check` says whether the median meets the goal. */
export function figure(
  name: string,
  unit: string,
  goal: string,
  runs: number[],
  check: ((m: number) => boolean) | null,
  note?: string,
): Figure {
  const m = median(runs);
  return { name, unit, goal, median: m, runs, met: check ? check(m) : null, ...(note ? { note } : {}) };
}

export function notAvailable(name: string, unit: string, goal: string, reason: string): Figure {
  return { name, unit, goal, median: null, runs: [], met: null, note: reason };
}

function show(v: number): string {
  const a = Math.abs(v);
  return String(a >= 100 ? round(v, 0) : a >= 10 ? round(v, 1) : round(v, 2));
}

export function formatFigure(f: Figure): string {
  if (f.median === null) return `${f.name}: n/a (${f.note ?? 'not measured'})`;
  const verdict = f.met === null ? '' : f.met ? '' : ' — MISSED';
  const unit = f.unit ? ` ${f.unit}` : '';
  return `${f.name}: ${show(f.median)}${unit} (goal: ${f.goal})${verdict}`;
}

export function writeResults(file: string, figures: Figure[], startedAt: Date, seconds: number): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const body = {
    startedAt: startedAt.toISOString(),
    seconds: round(seconds, 1),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      loadAverage: os.loadavg().map((l) => round(l, 2)),
      memoryMB: Math.round(os.totalmem() / 2 ** 20),
      node: process.version,
      platform: `${process.platform} ${os.release()}`,
    },
    figures,
  };
  fs.writeFileSync(file, JSON.stringify(body, null, 2) + '\n');
}

/** The figures as a Markdown table (for docs/benchmarks.md and the README). */
export function markdownTable(figures: Figure[]): string {
  const cell = (t: string) => t.replace(/\|/g, '\\|');
  const lines = ['| Figure | Median | Goal | Met | Runs |', '|---|---|---|---|---|'];
  for (const f of figures) {
    const value = f.median === null ? `n/a (${f.note ?? ''})` : `${show(f.median)}${f.unit ? ` ${f.unit}` : ''}`;
    const met = f.met === null ? '' : f.met ? 'yes' : '**no**';
    lines.push(`| ${cell(f.name)} | ${cell(value)} | ${cell(f.goal)} | ${met} | ${f.runs.map((r) => show(r)).join(', ')} |`);
  }
  return lines.join('\n') + '\n';
}
