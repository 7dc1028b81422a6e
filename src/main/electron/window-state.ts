import type { Logger } from '../log';
import { placeWindow, readWindowState, writeWindowState, type DisplayArea, type WindowDefaults, type WindowPlacement, type Rect } from '../shell/window-placement';

/** The slice of BrowserWindow that is tracked (a fake in tests). */
export interface TrackedWindow {
  on(event: 'resize' | 'move' | 'maximize' | 'unmaximize' | 'close', listener: () => void): unknown;
  isMaximized(): boolean;
  isMinimized(): boolean;
  isFullScreen(): boolean;
  getNormalBounds(): Rect;
}

export function restoredPlacement(dataDir: string, displays: readonly DisplayArea[], defaults: WindowDefaults, log?: Pick<Logger, 'warn'>): WindowPlacement {
  return placeWindow(readWindowState(dataDir, log), displays, defaults);
}

/**
 * Saves size, position and maximized state as the user changes them. Writes
 * are debounced (a drag fires dozens of move events) and flushed on close so
 * the last change is never lost.
 */
export function trackWindowState(
  win: TrackedWindow,
  dataDir: string,
  options: { debounceMs?: number; onError?: (e: unknown) => void } = {},
): () => void {
  let timer: NodeJS.Timeout | null = null;
  const save = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    // a minimized or full-screen window's bounds are not the ones to reopen with
    if (win.isMinimized() || win.isFullScreen()) return;
    try {
      writeWindowState(dataDir, { bounds: win.getNormalBounds(), maximized: win.isMaximized() });
    } catch (e) {
      options.onError?.(e);
    }
  };
  const later = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(save, options.debounceMs ?? 400);
  };
  for (const ev of ['resize', 'move', 'maximize', 'unmaximize'] as const) win.on(ev, later);
  win.on('close', save);
  return save;
}
