import path from 'node:path';
import type { Logger } from '../log';
import { readJsonFile, writeJsonFile } from '../storage/json-file';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  /** the normal (un-maximized) bounds, so un-maximizing restores a sensible size */
  bounds: Rect;
  maximized: boolean;
}

/** What the restore needs to know of a display: its usable area (without task bar / dock). */
export interface DisplayArea {
  workArea: Rect;
}

export interface WindowDefaults {
  width: number;
  height: number;
  minWidth: number;
  minHeight: number;
}

/** The options a new window gets: x/y only when a remembered position is still on screen. */
export interface WindowPlacement {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

export const WINDOW_STATE_FILE = 'window-state.json';

/** A title bar strip this big must be on a display for the user to be able to grab the window. */
const GRAB_W = 120;
const GRAB_H = 40;

function isRect(v: unknown): v is Rect {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  return ['x', 'y', 'width', 'height'].every((k) => typeof r[k] === 'number' && Number.isFinite(r[k]));
}

function parseWindowState(raw: unknown): WindowState {
  const { bounds, maximized } = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  if (!isRect(bounds) || bounds.width <= 0 || bounds.height <= 0) throw new Error('not a window state');
  return { bounds, maximized: maximized === true };
}

/** The remembered placement; a missing or damaged file only costs the remembered size (a damaged one is moved aside). */
export function readWindowState(dataDir: string, log?: Pick<Logger, 'warn'>): WindowState | null {
  return readJsonFile(path.join(dataDir, WINDOW_STATE_FILE), { parse: parseWindowState, log, what: 'the window position' });
}

export function writeWindowState(dataDir: string, state: WindowState): void {
  writeJsonFile(path.join(dataDir, WINDOW_STATE_FILE), state, { what: 'the window position' });
}

function overlap(a: Rect, b: Rect): Rect | null {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const right = Math.min(a.x + a.width, b.x + b.width);
  const bottom = Math.min(a.y + a.height, b.y + b.height);
  return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : null;
}

/**
 * Where to open the window: the remembered bounds if its title bar is still
 * on one of today's displays (a monitor may have been unplugged), shrunk to
 * fit that display; otherwise the default size, centred by the OS.
 */
export function placeWindow(saved: WindowState | null, displays: readonly DisplayArea[], d: WindowDefaults): WindowPlacement {
  const fallback: WindowPlacement = { width: d.width, height: d.height, maximized: saved?.maximized ?? false };
  if (!saved) return fallback;
  const b = saved.bounds;
  const titleBar: Rect = { x: b.x, y: b.y, width: b.width, height: Math.min(GRAB_H, b.height) };
  for (const { workArea: wa } of displays) {
    const seen = overlap(titleBar, wa);
    if (!seen || seen.width < Math.min(GRAB_W, b.width) || seen.height < Math.min(GRAB_H, b.height) / 2) continue;
    const width = Math.max(Math.min(b.width, wa.width), Math.min(d.minWidth, wa.width));
    const height = Math.max(Math.min(b.height, wa.height), Math.min(d.minHeight, wa.height));
    const x = Math.min(Math.max(b.x, wa.x), wa.x + wa.width - width);
    const y = Math.min(Math.max(b.y, wa.y), wa.y + wa.height - height);
    return { x, y, width, height, maximized: saved.maximized };
  }
  return fallback;
}
