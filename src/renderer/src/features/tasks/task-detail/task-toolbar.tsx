import { useTranslation } from 'react-i18next';
import { FileSpreadsheet, FileText, PhoneOff, RefreshCw, RotateCcw } from 'lucide-react';
import type { TaskDetailView } from '@shared/tasks/types';
import { call } from '@renderer/lib/api';
import { describeError } from '@renderer/lib/describe-error';
import { useRefreshTask } from '../hooks';
import type { Notice } from './notice';
import type { ResendFlow } from './use-resend-flow';

/** Refresh, export, report, and the resend buttons; each says how it went in the notice. */
export function TaskToolbar({ task, resend, setNotice }: { task: TaskDetailView['task']; resend: ResendFlow; setNotice(n: Notice): void }) {
  const { t } = useTranslation('tasks');
  const refresh = useRefreshTask();
  const locked = task.readOnly;

  async function onRefresh() {
    if (!task.taskRef) return;
    try {
      const r = await refresh.mutateAsync(task.taskRef);
      setNotice(r.refreshed ? { tone: 'info', text: t('detail.refreshed') } : { tone: 'info', text: t('detail.refreshWait', { seconds: Math.ceil(r.retryInMs / 1000) }) });
    } catch (e) {
      setNotice({ tone: 'bad', text: t('refreshFailed', { message: describeError(e) }) });
    }
  }

  // Both go through main's save dialog; cancelling it says nothing.
  async function saveVia(channel: 'exportTaskCsv' | 'transmissionReport', text: string) {
    if (!task.taskRef) return;
    try {
      const { saved } = await call(channel, { taskRef: task.taskRef });
      if (saved) setNotice({ tone: 'info', text, saved });
    } catch (e) {
      setNotice({ tone: 'bad', text: describeError(e) });
    }
  }

  return (
    <div className="toolbar" role="group" aria-label={t('detail.actions')} data-testid="task-toolbar">
      <button type="button" className="btn" onClick={() => void onRefresh()} disabled={!task.taskRef || locked || refresh.isPending}>
        <RefreshCw aria-hidden="true" size={15} className={refresh.isPending ? 'spin' : undefined} />
        {refresh.isPending ? t('detail.refreshing') : t('detail.refresh')}
      </button>
      <button type="button" className="btn" onClick={() => void saveVia('exportTaskCsv', t('detail.csvSaved'))} disabled={!task.taskRef}>
        <FileSpreadsheet aria-hidden="true" size={15} />
        {t('detail.exportCsv')}
      </button>
      <button type="button" className="btn" onClick={() => void saveVia('transmissionReport', t('detail.reportSaved'))} disabled={!task.taskRef} data-testid="transmission-report">
        <FileText aria-hidden="true" size={15} />
        {t('detail.report')}
      </button>
      {resend.failed && !locked ? (
        <>
          <span className="toolbar-sep" aria-hidden="true" />
          <button type="button" className="btn primary" onClick={() => resend.setConfirm('all')} disabled={resend.pending} data-testid="resend-all">
            <RotateCcw aria-hidden="true" size={15} />
            {t('detail.resendAll', { count: resend.failed })}
          </button>
          {resend.retryable ? (
            <button type="button" className="btn" onClick={() => resend.setConfirm('retryable')} disabled={resend.pending}>
              <PhoneOff aria-hidden="true" size={15} />
              {t('detail.resendRetryable', { count: resend.retryable })}
            </button>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
