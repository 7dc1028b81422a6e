/** What the tracker tells the user and the window about answers: the desktop notification, `tasksChanged`. */
import type { TaskTransition, TasksChanged } from '../../shared/tasks/changes';
import { isTerminalTask } from '../../shared/task-state';
import type { TaskChanges } from '../history/types';
import { notificationText } from '../notify/text';
import type { TrackerOptions } from './tracker-types';

/** A notification when a task FaxDesk saw unfinished ends, as the user's settings ask for done and failed tasks. */
export function notifyEnded(o: TrackerOptions, changes: TaskChanges): void {
  const { status } = changes;
  // Only a task FaxDesk saw unfinished: not one looked up by ref that had long ended.
  if (!changes.becameTerminal || !status || status.from === null || isTerminalTask(status.from) || changes.inserted) return;
  const { to } = status;
  const { counts } = changes;
  const clean = to === 'done' && counts.failed === 0 && counts.canceled === 0;
  const s = o.settings.get();
  if (clean ? !s.notifyOnDone : !s.notifyOnFailed) return;
  if (!o.notifier) return;
  const text = notificationText({ name: changes.name, status: to === 'failed' ? 'failed' : 'done', summary: counts, demo: o.demo?.() ?? false }, o.language());
  try {
    o.notifier.notify({ ...text, taskRef: changes.taskRef });
  } catch (e) {
    o.log.warn(`notification for ${changes.taskRef} failed`, e);
  }
}

/** One `tasksChanged` for the answers that changed something the window shows. */
export function announce(emit: (changes: TasksChanged) => void, all: TaskChanges[]): void {
  const changed = all.filter((c) => c.inserted || c.status !== null || c.recipientsChanged > 0);
  if (changed.length === 0) return;
  const transitions: TaskTransition[] = changed
    .filter((c) => c.status !== null)
    .map((c) => ({ taskRef: c.taskRef, from: c.status!.from, to: c.status!.to }));
  emit({ taskRefs: changed.map((c) => c.taskRef), transitions });
}
