/**
 * The hot folder's look at one file (mutation module `hot-folder-settle`): is it complete, still
 * being written, or not to be offered at all? A file counts as complete once two looks `settleMs`
 * apart agree on its size and modification time, it is not empty, its structure can be read, and
 * it ends like its format (or has stayed unchanged long enough for a format that cannot say).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ClaimedLedger } from './claimed-ledger';
import { fileStructure } from './complete-file';

/** What an earlier look saw of a file that is not offered yet. */
export interface Candidate {
  size: number;
  mtimeMs: number;
  seenAt: number;
  /** when the file first had this size: the grace for a format that never shows its end */
  firstSeenAt: number;
}

export interface SettleState {
  /** the earlier looks, by full path; updated by each look */
  candidates: Map<string, Candidate>;
  /** the documents taken before (also in an earlier run), null before the folder starts */
  ledger: ClaimedLedger | null;
  /** the clock's time of this look */
  now: number;
  /** the gap between the two looks that must agree */
  settleMs: number;
  /** how long a file whose format has no end marker (plain text) must stay unchanged */
  quietMs: number;
}

/** How long an unchanged file that does not end like its format is held back before it is offered anyway. */
const INCOMPLETE_GRACE_MS = 30_000;

/**
 * One look at a file: its modification time once it is complete and not yet taken, 'wait' while it
 * may still be changing, 'gone' when it vanished, 'taken' when the Send screen took it before (also
 * in an earlier run): never offered again while it stays.
 */
export async function lookAtFile(full: string, state: SettleState): Promise<number | 'wait' | 'gone' | 'taken'> {
  const { candidates, now } = state;
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(full);
  } catch {
    candidates.delete(full);
    return 'gone';
  }
  // the caller never looks at a taken file again while it stays, and forgets its candidate once it leaves
  if (state.ledger?.has({ name: path.basename(full), size: stat.size, mtimeMs: stat.mtimeMs })) return 'taken';
  const seen = candidates.get(full);
  if (!seen || seen.size !== stat.size || seen.mtimeMs !== stat.mtimeMs) {
    candidates.set(full, { size: stat.size, mtimeMs: stat.mtimeMs, seenAt: now, firstSeenAt: now });
    return 'wait';
  }
  if (now - seen.seenAt < state.settleMs) return 'wait';
  // an empty file is usually one that a program has created and not yet filled
  if (stat.size === 0) return 'wait';
  // Windows keeps a file that is being written locked against readers; on Linux the caller looks
  // for a writer (filesOpenForWriting), once for all the files of a check
  let structure: Awaited<ReturnType<typeof fileStructure>>;
  try {
    structure = await fileStructure(full, stat.size);
  } catch {
    return 'wait';
  }
  // A writer that pauses longer than the settle time (a slow copy, a network share) leaves a
  // file that looks still but is cut short. Formats that say where they end are held until
  // they do, or until they have not changed for a long while (then the Send screen's checks
  // decide); plain text, which cannot say, must stay still for longer.
  const stillFor = now - seen.firstSeenAt;
  if (structure === 'incomplete' && stillFor < INCOMPLETE_GRACE_MS) return 'wait';
  if (structure === 'none' && stillFor < state.quietMs) return 'wait';
  return stat.mtimeMs;
}
