/**
 * The tracker with an office database: this desk asks about a task only when it holds its poll lease,
 * takes over other desks' tasks whose lease expired, and takes in what other desks learned of its own.
 */
import type { Task } from '../../shared/api/schemas';
import type { TaskChanges } from '../history/types';
import type { TrackerCore } from './tracker-core';
import type { TaskLease } from './tracker-types';
import type { Answer } from './tracker-writes';

/**
 * Of the due tasks, those this desk may ask about now: all of them without an office (or while it
 * does not answer: a desk never stops following its own faxes for the server's sake), else those
 * whose lease it holds.
 */
export async function leased(core: TrackerCore, lease: TaskLease | null, due: string[]): Promise<string[]> {
  if (!lease || due.length === 0) return due;
  try {
    const states = due.map((taskRef) => ({ taskRef, status: core.statusOf(taskRef) ?? 'pending' }));
    const held = await lease.claimOwn(states, core.clock.now());
    return due.filter((r) => held.has(r));
  } catch (e) {
    core.o.log.warn('tasks: the office poll leases did not answer; polling this desk’s own tasks', e);
    return due;
  }
}

/** other desks' tasks whose lease expired: asked once, the answer written to the office only */
export async function followForeign(core: TrackerCore, lease: TaskLease): Promise<void> {
  let refs: string[];
  try {
    refs = await lease.claimForeign(core.clock.now(), core.concurrency * 4);
  } catch (e) {
    core.o.log.warn('tasks: the office poll leases did not answer', e);
    return;
  }
  for (const ref of refs) {
    if (!core.pace.mayAsk()) break;
    if (core.o.history.pollState(ref)) continue; // this desk's own after all (a re-installed desk): polled above
    try {
      const client = await core.o.client();
      core.pace.noteAsked(ref);
      const task = await client.getTask(ref);
      core.serviceBack();
      await lease.record(task, core.clock.now());
    } catch (e) {
      core.noteFailure(ref, e);
    }
  }
}

/** what other desks learned of this desk's tasks while they held them */
export async function takeNews(core: TrackerCore, lease: TaskLease): Promise<TaskChanges[]> {
  let tasks: Task[];
  try {
    tasks = await lease.news();
  } catch {
    return [];
  }
  const answers: Answer[] = [];
  for (const t of tasks) {
    const before = core.o.history.pollState(String(t.task_ref));
    if (before) answers.push({ taskRef: String(t.task_ref), task: t, before: before.status });
  }
  return core.writes.applyAll(answers);
}
