import { loadSnapshot } from '../../simulator/persist-load';
import { moveAside } from '../storage/move-aside';
import type { FileNotice } from '../storage/open-recovering';

export const DEMO_STATE_FILE = 'demo-service.json';

/**
 * The demo service keeps its tasks in the data folder. A file it cannot read
 * (cut short by a full disk, edited by hand, from a newer FaxDesk) would stop
 * demo mode until someone deleted it by hand; it is moved aside at start
 * instead, and demo mode begins afresh.
 */
export function setAsideUnreadableDemoState(file: string): FileNotice | null {
  try {
    loadSnapshot(file);
    return null;
  } catch (e) {
    const keptAt = moveAside(file);
    return { problem: 'damaged', keptAt, usingInstead: null, reason: (e instanceof Error ? e.message : String(e)).slice(0, 300) };
  }
}
