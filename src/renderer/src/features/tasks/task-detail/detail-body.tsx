import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskDetailView } from '@shared/tasks/types';
import { SavedFileNotice } from '../../files';
import type { Notice } from './notice';
import { useResendFlow } from './use-resend-flow';
import { TaskToolbar } from './task-toolbar';
import { ResendQuestions } from './resend-questions';
import { TaskFacts } from './task-facts';
import { RecipientsTable } from './recipients-table';

/** The loaded task: its warnings, the toolbar with the feedback right under it, the facts and the recipients. */
export function DetailBody({
  d,
  language,
  onOpen,
  notice,
  setNotice,
}: {
  d: TaskDetailView;
  language: string;
  onOpen(id: string): void;
  notice: Notice;
  setNotice(n: Notice): void;
}) {
  const { t } = useTranslation('tasks');
  const task = d.task;
  const resend = useResendFlow(d, setNotice);
  const noticeRef = useRef<HTMLDivElement>(null);
  // A question or a notice is scrolled into view with its buttons, in the pane and in the window.
  useEffect(() => {
    if (notice || resend.confirm || resend.again) noticeRef.current?.scrollIntoView({ block: 'nearest' });
  }, [notice, resend.confirm, resend.again]);

  return (
    <>
      {task.readOnly ? (
        <p className="notice info">
          {t('demo.readOnly')}
        </p>
      ) : null}
      {task.outcomeUnknown ? (
        <p className="notice warn" data-testid="outcome-unknown">
          {t('outcomeUnknownHint')}
        </p>
      ) : null}
      {task.error && !task.outcomeUnknown ? <p className="notice bad">{task.error}</p> : null}
      <TaskToolbar task={task} resend={resend} setNotice={setNotice} />
      {/* Right under the buttons that caused them (the resend questions, "Resent as …", "Report saved to …"), above the facts. */}
      <div ref={noticeRef} className="detail-feedback">
        <ResendQuestions d={d} resend={resend} language={language} />
        <div role="status" aria-live="polite" className="detail-notice" data-testid="task-detail-notice">
          {notice?.saved ? <SavedFileNotice saved={notice.saved} what={notice.text} /> : null}
          {notice && !notice.saved ? <p className={`notice ${notice.tone}`}>{notice.text}</p> : null}
        </div>
      </div>
      <TaskFacts d={d} language={language} onOpen={onOpen} />
      <h3>{t('detail.recipientsTitle')}</h3>
      <RecipientsTable recipients={d.recipients} language={language} />
    </>
  );
}
