/**
 * The task tracker: every task query FaxDesk makes goes through here. Each
 * answer is written to the local history (so state is current for tasks that
 * are not on screen, or with the window closed to the tray), announced to the
 * renderer as `tasksChanged`, and turned into a desktop notification when a
 * task ends.
 *
 * Polling follows DESIGN.md: a pending task at most every 30 s, a sending one
 * about every 60 s, never a done/failed one, none for a task scheduled in the
 * future before its time. The tracker enforces the intervals itself, whoever
 * asks (background poller, detail pane, look-up), so the rate per task holds
 * even if the history's schedule or the renderer misbehave; only the user's
 * own refresh button may go faster, and not below a short floor — and the
 * service's own news that a task ended (demo mode: the built-in simulator,
 * as its webhook would), which is asked about once.
 *
 * The parts: the pace (tracker-pace.ts, when a task may be asked: pure, on an injected clock), the
 * batched writes (tracker-writes.ts), the notifications (tracker-notify.ts), one query per task
 * (tracker-core.ts), the background poller (tracker-round.ts) and the office's leases (tracker-office.ts).
 */
import { isFinalViewStatus } from '../../shared/task-state';
import type { TaskChanges } from '../history/types';
import { TrackerCore } from './tracker-core';
import { leased } from './tracker-office';
import { PollLoop } from './tracker-round';
import type { TaskTracker, TrackerOptions } from './tracker-types';

export type { PollState, RefreshOutcome, TaskLease, TaskTracker, TrackerHistory, TrackerOptions } from './tracker-types';
export { WRITE_BATCH } from './tracker-writes';

export const MANUAL_FLOOR_MS = 10_000;
/** how many ended-but-unrecorded tasks are remembered (endedAtService); the oldest is forgotten first */
const ENDED_UNRECORDED_KEPT = 100;

type Queries = Pick<TaskTracker, 'ingest' | 'fetch' | 'refreshIfDue' | 'refreshOnEvidence' | 'endedAtService' | 'refreshManual' | 'markVisible'>;

/** endedAtService: the one question about a task the service says has ended */
async function askEnded(core: TrackerCore, taskRef: string): Promise<boolean> {
  // A question already on its way may have been answered just before the end: let it land, then look.
  await core.inFlight.get(taskRef)?.changes.catch(() => {});
  let status: string | null;
  try {
    status = core.statusOf(taskRef);
  } catch (e) {
    // the history could not be read (closed at shutdown): the news is dropped, the next poll has the end
    core.o.log.warn(`tasks: the end of ${taskRef} was told but the history could not be read`, e);
    return false;
  }
  if (status === null) {
    core.endedUnrecorded.add(taskRef);
    if (core.endedUnrecorded.size > ENDED_UNRECORDED_KEPT) core.endedUnrecorded.delete(core.endedUnrecorded.values().next().value!);
    return false;
  }
  if (isFinalViewStatus(status) || !core.pace.canPoll()) return false;
  return askLeased(core, taskRef);
}

/** One question now, if this desk holds the task's office lease (or there is no office); the answer announced, a failure noted. */
async function askLeased(core: TrackerCore, taskRef: string): Promise<boolean> {
  if ((await leased(core, core.o.lease?.() ?? null, [taskRef])).length === 0) return false;
  try {
    core.announce([await core.fetchNow(taskRef)]);
    return true;
  } catch (e) {
    core.noteFailure(taskRef, e);
    return false;
  }
}

/** the questions about tasks: from elsewhere, the detail pane, news of a charge, the refresh button */
function queries(core: TrackerCore, floorMs: number): Queries {
  const { pace } = core;
  return {
    ingest(task) {
      const taskRef = String(task.task_ref);
      const changes = core.writes.apply({ taskRef, task, before: core.statusOf(taskRef) });
      core.announce([changes]);
      // The service said it ended before it was recorded: now that it is, and still unfinished here, ask.
      if (core.endedUnrecorded.delete(taskRef)) void askEnded(core, taskRef);
      return changes;
    },
    async fetch(taskRef) {
      const changes = await core.fetchNow(taskRef).catch((e: unknown) => {
        core.noteFailure(taskRef, e);
        throw e;
      });
      core.announce([changes]);
      return changes;
    },
    async refreshIfDue(taskRef) {
      if (!pace.dueNow(taskRef)) return false;
      return askLeased(core, taskRef);
    },
    async refreshOnEvidence() {
      if (!pace.canPoll()) return 0;
      const results: TaskChanges[] = [];
      for (const ref of pace.visible().filter((r) => pace.dueOnEvidence(r))) {
        try {
          results.push(await core.fetchNow(ref));
        } catch (e) {
          core.noteFailure(ref, e);
          break;
        }
      }
      core.announce(results);
      return results.length;
    },
    async refreshManual(taskRef) {
      const wait = pace.manualWaitMs(taskRef, floorMs);
      if (wait > 0) return { refreshed: false, retryInMs: wait };
      try {
        core.announce([await core.fetchNow(taskRef)]);
      } catch (e) {
        core.noteFailure(taskRef, e);
        throw e;
      }
      return { refreshed: true, retryInMs: 0 };
    },
    endedAtService: (taskRef) => askEnded(core, taskRef),
    markVisible: (refs) => pace.markVisible(refs),
  };
}

/** the poller's life: start and stop, online and asleep, the service's backoff */
function lifecycle(core: TrackerCore, loop: PollLoop): Omit<TaskTracker, keyof Queries> {
  const { pace } = core;
  return {
    start: () => loop.start(),
    stop: () => loop.stop(),
    tick: () => loop.runRound(),
    idle: () => loop.idle(),
    setOnline(next) {
      if (pace.setOnline(next)) loop.kick();
      else if (!next) loop.schedule();
      core.reportHealth();
    },
    suspend() {
      pace.suspend();
      loop.schedule();
      core.reportHealth();
    },
    resume() {
      pace.resume();
      core.reportHealth();
      loop.kick();
    },
    serviceAnswered() {
      if (pace.failures() === 0) return;
      core.serviceBack();
      loop.kick();
    },
    resetBackoff() {
      pace.forgetBackoff();
      core.reportHealth();
      if (loop.isRunning) loop.schedule();
    },
    health: () => pace.health(),
  };
}

export function createTaskTracker(o: TrackerOptions): TaskTracker {
  const core = new TrackerCore(o);
  const loop = new PollLoop(core, o.maxIdleMs ?? 15_000);
  return { ...queries(core, o.manualFloorMs ?? MANUAL_FLOOR_MS), ...lifecycle(core, loop) };
}
