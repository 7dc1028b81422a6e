import { useState } from 'react';
import { useResend } from '../tasks';
import { followUpOf } from '../../lib/error-follow-ups';
import { describeError } from '../../lib/describe-error';

/** A failure group's resends: the new task of each resent task, the last error, and a repeat awaiting its confirmation. */
export interface GroupResend {
  /** task → the task its retryable recipients were resent as (this session) */
  resent: Record<string, string>;
  error: string | null;
  /** a task whose failed recipients were resent before: its next resend must be confirmed */
  again: string | null;
  pending: boolean;
  onResend(taskRef: string, confirmRepeat?: boolean): Promise<void>;
}

export function useGroupResend(): GroupResend {
  const resend = useResend();
  const [resent, setResent] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [again, setAgain] = useState<string | null>(null);

  async function onResend(taskRef: string, confirmRepeat = false) {
    setError(null);
    setAgain(null);
    try {
      const r = await resend.mutateAsync({ taskRef, only: 'retryable', ...(confirmRepeat ? { confirmRepeat } : {}) });
      setResent((m) => ({ ...m, [taskRef]: r.taskRef }));
    } catch (e) {
      // The message asks the question ("…resend them again?"); the row offers the answer.
      if (followUpOf(e)?.kind === 'askResendAgain') setAgain(taskRef);
      setError(describeError(e));
    }
  }
  return { resent, error, again, pending: resend.isPending, onResend };
}
