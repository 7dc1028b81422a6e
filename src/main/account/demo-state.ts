import { loadStateStreamed } from '../../simulator/persist-load';
import { moveAside } from '../storage/move-aside';
import type { FileNotice } from '../storage/open-recovering';

export const DEMO_STATE_FILE = 'demo-service.json';

/**
 * The demo service keeps its tasks in the data folder. A file it cannot read
 * (cut short by a full disk, edited by hand, from a newer FaxDesk) would stop
 * demo mode until someone deleted it by hand; it is moved aside at start
 * instead, and demo mode begins afresh.
 *
 * Read as the demo service itself reads it (loadStateStreamed: a chunk of lines per event-loop
 * turn), so main keeps answering while a large state is checked: read whole and parsed at once,
 * 20,000 demo tasks held the event loop ~150 ms at every start (issue #27). The demo service waits
 * for this check before it starts on the file (demoStateChecked, connection.ts), and the start-up
 * notices for it (ipc/handlers/app.ts).
 */
export function setAsideUnreadableDemoState(file: string): Promise<FileNotice | null> {
  const check = checkDemoState(file);
  const done = check.then(
    () => {},
    () => {},
  );
  checking.set(file, done);
  void done.then(() => checking.get(file) === done && checking.delete(file));
  return check;
}

/** The checks of a state file under way (only until they end). */
const checking = new Map<string, Promise<void>>();

/** Resolves once no start-up check is reading (or moving aside) this state file; never rejects. */
export function demoStateChecked(file: string): Promise<void> {
  return checking.get(file) ?? Promise.resolve();
}

async function checkDemoState(file: string): Promise<FileNotice | null> {
  try {
    await loadStateStreamed(file);
    return null;
  } catch (e) {
    const keptAt = moveAside(file);
    return { problem: 'damaged', keptAt, usingInstead: null, reason: (e instanceof Error ? e.message : String(e)).slice(0, 300) };
  }
}
