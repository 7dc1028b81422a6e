import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SendResult } from '@shared/send/types';
import { useNavigation } from '@renderer/navigation';
import { describeError } from '@renderer/lib/describe-error';
import { ErrorNotice } from '@renderer/components/error-notice';

/** A part whose send may or may not have reached the service: not sent again; look in Tasks first. */
export function UnknownOutcome({ part, newFax }: { part: SendResult['parts'][number]; newFax: ReactNode }) {
  const { t } = useTranslation('send');
  const setRoute = useNavigation((s) => s.setRoute);
  return (
    <ErrorNotice as="div" testId="send-outcome-unknown">
      <p>{t('result.unknownBody')}</p>
      <p>{t('result.unknownWhat', { name: part.name })}</p>
      {part.error ? <p className="muted">{describeError(part.error, 'send')}</p> : null}
      <div className="row">
        <button type="button" className="btn" onClick={() => setRoute('tasks')}>
          {t('result.openTasks')}
        </button>
        {newFax}
      </div>
    </ErrorNotice>
  );
}
