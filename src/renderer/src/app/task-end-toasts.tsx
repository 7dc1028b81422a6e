import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskDetailView } from '@shared/tasks/types';
import { api, call } from '../lib/api';
import { useNavigation } from '../navigation';

interface Ended {
  taskRef: string;
  text: string;
}

// They stay until dismissed or the Tasks screen is opened (the user may have been away); the newest three.
const MAX_SHOWN = 3;

/** The sentence for a task that has just ended, in the UI's language. */
function endedText(t: (key: string, o: Record<string, unknown>) => string, d: TaskDetailView): string {
  const { total, success, failed } = d.task.recipients;
  const name = d.task.name || d.task.taskRef || '';
  if (d.task.status === 'failed' || (failed > 0 && success === 0)) return t('taskEnded.failed', { name, total });
  if (failed > 0) return t('taskEnded.partlyFailed', { name, total, success, failed });
  return t('taskEnded.delivered', { name, count: total });
}

/**
 * A fax that ends while the user is on another screen says so where the eye is: a status region at
 * the top of the window, read out by screen readers, with "View" to open the task. On the Tasks screen
 * the list itself changes, so nothing is added there.
 */
export function TaskEndToasts() {
  const { t } = useTranslation();
  const openTask = useNavigation((s) => s.openTask);
  const [shown, setShown] = useState<Ended[]>([]);

  useEffect(() => {
    return api().on('tasksChanged', ({ transitions }) => {
      if (useNavigation.getState().route === 'tasks') return;
      for (const tr of transitions) {
        if (tr.to !== 'done' && tr.to !== 'failed') continue;
        void call('getTaskDetail', { id: tr.taskRef }).then(
          (d) => {
            const item = { taskRef: tr.taskRef, text: endedText(t, d) };
            setShown((s) => [...s.filter((x) => x.taskRef !== tr.taskRef), item].slice(-MAX_SHOWN));
          },
          () => {},
        );
      }
    });
  }, [t]);

  // Opening the Tasks screen shows the results there: the notes have done their job.
  useEffect(
    () =>
      useNavigation.subscribe((state, previous) => {
        if (state.route === 'tasks' && previous.route !== 'tasks') setShown([]);
      }),
    [],
  );

  return (
    <div className="task-end-toasts" role="status" aria-label={t('taskEnded.region')}>
      {shown.map((e) => (
        <div key={e.taskRef} className="toast" data-testid="task-end-toast">
          <span>{e.text}</span>
          <button type="button" className="btn" onClick={() => openTask(e.taskRef)}>
            {t('taskEnded.view')}
          </button>
          <button type="button" className="btn icon" aria-label={t('taskEnded.dismiss')} onClick={() => setShown((s) => s.filter((x) => x !== e))}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
