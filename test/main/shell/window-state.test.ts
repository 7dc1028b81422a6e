import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { placeWindow, readWindowState, writeWindowState, WINDOW_STATE_FILE } from '@main/shell/window-placement';
import { trackWindowState } from '@main/electron/window-state';
import { tempDirs } from '../../helpers/temp-dirs';

const defaults = { width: 1200, height: 800, minWidth: 880, minHeight: 560 };
const laptop = { workArea: { x: 0, y: 0, width: 1440, height: 875 } };
const monitorRight = { workArea: { x: 1440, y: -200, width: 2560, height: 1400 } };

const tmp = tempDirs('faxdesk-ws-');

describe('window placement', () => {
  it('uses the defaults the first time', () => {
    expect(placeWindow(null, [laptop], defaults)).toEqual({ width: 1200, height: 800, maximized: false });
  });

  it('reopens where it was on a display that is still there', () => {
    const saved = { bounds: { x: 2000, y: 0, width: 1300, height: 900 }, maximized: false };
    expect(placeWindow(saved, [laptop, monitorRight], defaults)).toEqual({ x: 2000, y: 0, width: 1300, height: 900, maximized: false });
  });

  it('falls back to the default size (keeping maximized) when its monitor has been unplugged', () => {
    const saved = { bounds: { x: 2000, y: 0, width: 1300, height: 900 }, maximized: true };
    expect(placeWindow(saved, [laptop], defaults)).toEqual({ width: 1200, height: 800, maximized: true });
  });

  it('pulls a window that hangs off the edge back on screen and shrinks it to fit', () => {
    const saved = { bounds: { x: 1000, y: 500, width: 2000, height: 1200 }, maximized: false };
    expect(placeWindow(saved, [laptop], defaults)).toEqual({ x: 0, y: 0, width: 1440, height: 875, maximized: false });
  });

  it('does not restore a window whose title bar is off screen (cannot be grabbed)', () => {
    const saved = { bounds: { x: 100, y: -300, width: 1000, height: 800 }, maximized: false };
    expect(placeWindow(saved, [laptop], defaults)).toEqual({ width: 1200, height: 800, maximized: false });
  });
});

describe('window state file', () => {
  it('round-trips and ignores damaged files', () => {
    const d = tmp();
    expect(readWindowState(d)).toBeNull();
    writeWindowState(d, { bounds: { x: 1, y: 2, width: 3, height: 4 }, maximized: true });
    expect(readWindowState(d)).toEqual({ bounds: { x: 1, y: 2, width: 3, height: 4 }, maximized: true });
    expect(fs.readdirSync(d)).toEqual([WINDOW_STATE_FILE]);
    fs.writeFileSync(path.join(d, WINDOW_STATE_FILE), '{"bounds":');
    expect(readWindowState(d)).toBeNull();
    fs.writeFileSync(path.join(d, WINDOW_STATE_FILE), '{"bounds":{"x":"a"}}');
    expect(readWindowState(d)).toBeNull();
  });

  it('saves once after a burst of moves and on close, never while minimized', async () => {
    const d = tmp();
    const win = Object.assign(new EventEmitter(), {
      isMaximized: () => false,
      isMinimized: vi.fn(() => false),
      isFullScreen: () => false,
      getNormalBounds: vi.fn(() => ({ x: 5, y: 6, width: 900, height: 600 })),
    });
    // the debounce runs on vitest's fake setTimeout: the test moves time across its 50 ms
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => void vi.useRealTimers());
    trackWindowState(win, d, { debounceMs: 50 });
    for (let i = 0; i < 20; i++) {
      win.emit('move');
      vi.advanceTimersByTime(10); // a drag: each move within the debounce of the one before
    }
    expect(win.getNormalBounds).not.toHaveBeenCalled();
    vi.advanceTimersByTime(39);
    expect(win.getNormalBounds).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(win.getNormalBounds).toHaveBeenCalledTimes(1);
    expect(readWindowState(d)!.bounds).toEqual({ x: 5, y: 6, width: 900, height: 600 });

    win.isMinimized.mockReturnValue(true);
    win.emit('close');
    expect(win.getNormalBounds).toHaveBeenCalledTimes(1);
  });
});
