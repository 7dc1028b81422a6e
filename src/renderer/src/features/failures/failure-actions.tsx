import { useTranslation } from 'react-i18next';
import type { FailureItem } from '@shared/tasks/types';
import { useNavigation } from '../../navigation';
import { useShowDemo } from '../tasks';
import { ResentBy } from './resent-by';
import type { GroupResend } from './use-group-resend';

/** The last cell of a failure row: where the number was resent, or the resend (again) it allows. */
export function FailureActions({ item: it, retryable, resend }: { item: FailureItem; retryable: boolean; resend: GroupResend }) {
  const { t } = useTranslation('failures');
  // Listed with an account connected, a demo failure is for reference only: no resend offered.
  const readOnlyDemo = useShowDemo();
  const openTask = useNavigation((s) => s.openTask);
  const resentAs = it.resentAs?.id ?? resend.resent[it.taskRef];
  if (it.resentAs?.by && !(it.resentAs.by.mine && it.resentAs.id)) return <ResentBy resentAs={{ ...it.resentAs, by: it.resentAs.by }} />;
  if (it.resentAs || resend.resent[it.taskRef]) {
    return (
      <button type="button" className="link-button mono" onClick={() => openTask(resentAs!)}>
        ↻ {resentAs}
      </button>
    );
  }
  if (it.demo && readOnlyDemo) return <span className="muted">—</span>;
  // Sending again to a number that is not a fax machine (or a document that cannot be converted) fails again.
  if (!retryable) return <span className="muted">{t('notRetryable')}</span>;
  const again = resend.again === it.taskRef;
  return (
    <button type="button" className="btn" disabled={resend.pending} onClick={() => void resend.onResend(it.taskRef, again)}>
      {again ? t('resendAgain') : t('resendTask')}
    </button>
  );
}
