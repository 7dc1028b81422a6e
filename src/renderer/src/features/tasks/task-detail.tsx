import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureText } from './failure-text';
import { FileSpreadsheet, FileText, PhoneOff, RefreshCw, RotateCcw, X } from 'lucide-react';
import { displayFax } from '../../../../shared/phonebook/format';
import type { AlreadyResentDetails } from '../../../../shared/errors/error-details';
import type { RecipientView, TaskDetailView } from '../../../../shared/tasks/types';
import { DemoTag } from './demo';
import { call } from '../../lib/api';
import { followUpOf } from '../../lib/error-follow-ups';
import { isTerminalTask } from '../../../../shared/task-state';
import { isImmediate, localTime, money } from './format';
import { useRefreshTask, useResend, useTaskDetail } from './hooks';
import { StatusBadge } from './status-badge';
import { SavedFileNotice } from '../files';
import type { SavedFile } from '../../../../shared/ipc/channels/files';
import { describeError } from '../../lib/describe-error';
import { ErrorNotice } from '../../components/error-notice';
import { GridTable } from '../../components/grid-table';

interface Props {
  id: string;
  onClose(): void;
  onOpen(id: string): void;
}

type Notice = { tone: 'info' | 'bad'; text: string; saved?: SavedFile } | null;

export function TaskDetailPane({ id, onClose, onOpen }: Props) {
  const { t, i18n } = useTranslation('tasks');
  const detail = useTaskDetail(id);
  const [notice, setNotice] = useState<Notice>(null);
  const pane = useRef<HTMLElement>(null);
  // Opened from elsewhere ("View task" after a send, a notification, the tray), the button that was
  // pressed is gone and the keyboard would be nowhere: it goes to the detail, so Tab, Esc and a screen
  // reader carry on from here. Opened from its row, the keyboard stays on the row.
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body) pane.current?.focus();
  }, []);

  return (
    <aside ref={pane} tabIndex={-1} className="task-detail panel" aria-labelledby="task-detail-title" data-testid="task-detail">
      <div className="detail-head">
        <h2 id="task-detail-title">
          {detail.data?.task.name || t('detail.title')} {detail.data?.task.demo ? <DemoTag /> : null}
        </h2>
        <button type="button" className="btn icon" onClick={onClose} aria-label={t('detail.close')} title={t('detail.close')}>
          <X aria-hidden="true" size={16} />
        </button>
      </div>
      {detail.isPending ? <p role="status">{t('detail.loading')}</p> : null}
      {detail.error ? (
        <ErrorNotice error={detail.error} />
      ) : null}
      {detail.data ? <DetailBody d={detail.data} language={i18n.language} onOpen={onOpen} notice={notice} setNotice={setNotice} /> : null}
    </aside>
  );
}

function DetailBody({
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
        <p className="notice info" data-testid="demo-readonly">
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

type ResendOnly = 'all' | 'retryable';

/**
 * Resending the failed recipients: which ones (all failed, or only those worth retrying) the user
 * is asked to confirm, and, when main says they were resent before, whether to send (and pay) again.
 */
function useResendFlow(d: TaskDetailView, setNotice: (n: Notice) => void) {
  const { t } = useTranslation('tasks');
  const resend = useResend();
  const [confirm, setConfirm] = useState<ResendOnly | null>(null);
  /** main said these recipients were resent before: ask before sending (and paying) again */
  const [again, setAgain] = useState<{ only: ResendOnly; earlier: AlreadyResentDetails } | null>(null);
  const failed = d.recipients.filter((r) => r.status === 'failed');
  const retryable = failed.filter((r) => r.retryable);
  const targets = confirm === 'retryable' ? retryable : failed;

  async function send(only: ResendOnly, confirmRepeat = false) {
    const taskRef = d.task.taskRef;
    if (!taskRef) return;
    // The question closes with the first click (React re-renders a click at once), so a double click's
    // second click never meets it; the buttons that could ask again are disabled while it runs.
    setConfirm(null);
    setAgain(null);
    try {
      const r = await resend.mutateAsync({ taskRef, only, ...(confirmRepeat ? { confirmRepeat } : {}) });
      const parts = [t('detail.resendDone', { ref: r.taskRef, count: r.phoneNumbers.length })];
      if (r.reuploaded) parts.push(t('detail.resendReuploaded', { count: r.reuploaded }));
      setNotice({ tone: 'info', text: parts.join(' ') });
    } catch (e) {
      const followUp = followUpOf(e);
      if (followUp?.kind === 'askResendAgain') {
        setNotice(null);
        setAgain({ only, earlier: followUp.details });
      } else setNotice({ tone: 'bad', text: describeError(e) });
    }
  }

  return {
    failed: failed.length,
    retryable: retryable.length,
    /** The distinct numbers the confirmation names. */
    numbers: [...new Set(targets.map((r) => r.phoneNumber))],
    confirm,
    setConfirm,
    again,
    setAgain,
    send,
    pending: resend.isPending,
  };
}

type ResendFlow = ReturnType<typeof useResendFlow>;

/** Refresh, export, report, and the resend buttons; each says how it went in the notice. */
function TaskToolbar({ task, resend, setNotice }: { task: TaskDetailView['task']; resend: ResendFlow; setNotice(n: Notice): void }) {
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
      <button type="button" className="btn" onClick={() => void onRefresh()} disabled={!task.taskRef || locked || refresh.isPending} data-testid="refresh-task">
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
            <button type="button" className="btn" onClick={() => resend.setConfirm('retryable')} disabled={resend.pending} data-testid="resend-retryable">
              <PhoneOff aria-hidden="true" size={15} />
              {t('detail.resendRetryable', { count: resend.retryable })}
            </button>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

/** The two questions before a resend: which numbers (always), and "again?" when main says they were resent before. */
function ResendQuestions({ d, resend, language }: { d: TaskDetailView; resend: ResendFlow; language: string }) {
  const { t } = useTranslation('tasks');
  const { again, confirm } = resend;
  const task = d.task;
  // A second resend of the same numbers says so before it is asked for: the latest earlier one that took any of them.
  const earlier = [...d.resentAs].reverse().find((r) => r.phoneNumbers.some((n) => resend.numbers.includes(n)));
  return (
    <>
      {again ? (
        <div className="notice warn confirm" role="alertdialog" aria-labelledby="resend-again-text" data-testid="resend-again">
          <p id="resend-again-text">
            {t('detail.resendAgainQuestion', { name: again.earlier.taskName, time: localTime(again.earlier.resentAtMs, language, true) })}
          </p>
          <div className="actions">
            <button type="button" className="btn primary" onClick={() => void resend.send(again.only, true)} disabled={resend.pending} data-testid="resend-again-confirm">
              {t('detail.resendAgain')}
            </button>
            <button type="button" className="btn" onClick={() => resend.setAgain(null)} autoFocus>
              {t('common:cancel')}
            </button>
          </div>
        </div>
      ) : null}
      {confirm && !task.readOnly ? (
        <div className="notice info confirm" role="group" aria-labelledby="resend-confirm-text">
          <p id="resend-confirm-text">{t('detail.resendConfirm', { name: task.name, count: resend.numbers.length, numbers: resend.numbers.map(displayFax).join(', ') })}</p>
          {earlier ? (
            <p className="muted" data-testid="resend-earlier">
              {t('detail.resendEarlier', { name: earlier.name, time: localTime(earlier.atMs, language, true), status: t(`status.${earlier.status}`, { defaultValue: earlier.status }) })}
            </p>
          ) : null}
          <div className="actions">
            <button type="button" className="btn primary" onClick={() => void resend.send(confirm)} disabled={resend.pending} data-testid="resend-confirm">
              {confirm === 'all' ? t('detail.resendAll', { count: resend.failed }) : t('detail.resendRetryable', { count: resend.retryable })}
            </button>
            <button type="button" className="btn" onClick={() => resend.setConfirm(null)}>
              {t('common:cancel')}
            </button>
          </div>
        </div>
      ) : null}
    </>
  );
}

/** Every recipient's result, with its failure in words. */
function RecipientsTable({ recipients, language }: { recipients: RecipientView[]; language: string }) {
  const { t } = useTranslation('tasks');
  const columns = [
    t('recipient.number'),
    t('recipient.status'),
    { label: t('recipient.pages'), className: 'num' },
    { label: t('recipient.unitPrice'), className: 'num' },
    { label: t('recipient.charge'), className: 'num' },
    t('recipient.failure'),
    t('recipient.completed'),
    t('recipient.reference'),
  ];
  return (
    <div className="table-scroll">
      <GridTable className="recipients narrow-stack" testId="recipients-table" columns={columns}>
        {recipients.map((r, i) => (
          <RecipientRow key={r.rcptRef || `${r.phoneNumber}-${i}`} r={r} language={language} />
        ))}
      </GridTable>
    </div>
  );
}

/** What is known of the task: status, reference, times, documents, totals, resends. */
function TaskFacts({ d, language, onOpen }: { d: TaskDetailView; language: string; onOpen(id: string): void }) {
  const { t } = useTranslation('tasks');
  const task = d.task;
  const nextCheck =
    d.nextCheckAtMs === null
      ? task.status === 'demo_ended'
        ? t('detail.demoEnded')
        : isTerminalTask(task.status)
          ? t('detail.noMoreChecks')
          : t('detail.never')
      : localTime(d.nextCheckAtMs, language);

  return (
    <dl className="facts">
      <dt>{t('detail.status')}</dt>
      <dd>
        <StatusBadge status={task.status} />
      </dd>
      <dt>{t('detail.reference')}</dt>
      <dd className="mono">{task.taskRef ?? t('detail.noReference')}</dd>
      <dt>{t('detail.created')}</dt>
      <dd>{localTime(task.createdAtMs, language, true)}</dd>
      <dt>{t('detail.scheduled')}</dt>
      <dd>
        {isImmediate(task) ? t('immediately') : localTime(task.scheduledAtMs, language, true)}
        {task.status === 'pending' && !isImmediate(task) ? (
          <span className="muted" data-testid="task-no-cancel">
            {' '}
            {t('detail.noCancel')}
          </span>
        ) : null}
      </dd>
      <dt>{t('detail.documents')}</dt>
      <dd>{d.files.length ? d.files.map((f) => f.name).join(', ') : '—'}</dd>
      <dt>{t('detail.totals')}</dt>
      <dd>
        {t('countsCell', task.recipients)} · {t('detail.totalsValue', { pages: task.pages, charges: task.charges.toFixed(2) })}
      </dd>
      <dt>{t('detail.lastChecked')}</dt>
      <dd>{task.checkedAtMs === null ? t('detail.notChecked') : localTime(task.checkedAtMs, language, true)}</dd>
      <dt>{t('detail.nextCheck')}</dt>
      <dd>{nextCheck}</dd>
      {task.resendOf ? (
        <>
          <dt>{t('detail.resendOf')}</dt>
          <dd>
            <button type="button" className="link-button mono" onClick={() => onOpen(task.resendOf!)} aria-label={t('detail.open', { ref: task.resendOf })}>
              {task.resendOf}
            </button>
          </dd>
        </>
      ) : null}
      {d.resentAs.length ? (
        <>
          <dt>{t('detail.resends')}</dt>
          <dd data-testid="resent-as">
            <ul className="plain">
              {d.resentAs.map((r) => (
                <li key={r.id}>
                  <button type="button" className="link-button" onClick={() => onOpen(r.id)}>
                    {t('detail.resentAs', {
                      name: r.name,
                      ref: r.taskRef ?? t('detail.noReference'),
                      time: localTime(r.atMs, language, true),
                      count: r.phoneNumbers.length,
                    })}
                  </button>{' '}
                  <StatusBadge status={r.status} />
                </li>
              ))}
            </ul>
          </dd>
        </>
      ) : null}
    </dl>
  );
}

function RecipientRow({ r, language }: { r: RecipientView; language: string }) {
  const { t } = useTranslation('tasks');
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(r.phoneNumber);
      setCopied(true);
      setTimeout(() => setCopied(false), 2_000);
    } catch {
      setCopied(false);
    }
  }
  return (
    <tr data-testid={`recipient-${r.phoneNumber}`}>
      <td className="mono nowrap">
        {displayFax(r.phoneNumber)}{' '}
        <button type="button" className="icon-button" onClick={() => void copy()} aria-label={t('detail.copy', { number: r.phoneNumber })}>
          {copied ? '✓' : t('detail.copyShort')}
        </button>
        {copied ? <span className="sr-only" role="status">{t('detail.copied', { number: r.phoneNumber })}</span> : null}
      </td>
      <td data-label={t('recipient.status')}>
        <StatusBadge status={r.status} recipient />
        {r.retryable ? <span className="tag">{t('recipient.retryable')}</span> : null}
      </td>
      <td className="num" data-label={t('recipient.pages')}>{r.pageCount ?? '—'}</td>
      <td className="num" data-label={t('recipient.unitPrice')}>{money(r.unitPrice)}</td>
      <td className="num" data-label={t('recipient.charge')}>{money(r.chargedAmount)}</td>
      <td className="failure wide" data-label={t('recipient.failure')}>{r.status === 'failed' ? <FailureText code={r.failedCode} reason={r.failedReason} /> : <span className="muted">—</span>}</td>
      <td className="nowrap" data-label={t('recipient.completed')}>{localTime(r.completedAtMs, language, true)}</td>
      <td className="mono small wide" data-label={t('recipient.reference')}>{r.rcptRef || '—'}</td>
    </tr>
  );
}
