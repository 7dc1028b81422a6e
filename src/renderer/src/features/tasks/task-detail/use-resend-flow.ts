import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlreadyResentDetails } from '@shared/errors/error-details';
import type { TaskDetailView } from '@shared/tasks/types';
import { followUpOf } from '@renderer/lib/error-follow-ups';
import { describeError } from '@renderer/lib/describe-error';
import { useResend } from '../hooks';
import type { Notice } from './notice';

export type ResendOnly = 'all' | 'retryable';

/**
 * Resending the failed recipients: which ones (all failed, or only those worth retrying) the user
 * is asked to confirm, and, when main says they were resent before, whether to send (and pay) again.
 */
export function useResendFlow(d: TaskDetailView, setNotice: (n: Notice) => void) {
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

export type ResendFlow = ReturnType<typeof useResendFlow>;
