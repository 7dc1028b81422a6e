import { useTranslation } from 'react-i18next';
import type { SendResult } from '@shared/send/types';
import { describeError } from '@renderer/lib/describe-error';
import { ErrorNotice } from '@renderer/components/error-notice';

/** A part the service refused: why (or "see the fields"), and after a partial send, removing the numbers already sent. */
export function RefusedPart({ result, part, onRemoveSent }: { result: SendResult; part: SendResult['parts'][number]; onRemoveSent(): void }) {
  const { t } = useTranslation('send');
  const sentSome = result.parts.some((p) => p.status === 'created');
  const total = result.parts.reduce((n, p) => n + p.count, 0);
  return (
    <ErrorNotice as="div">
      {sentSome ? <strong>{t('result.partial', { sent: result.sentNumbers.length, total })}</strong> : null}
      <p>{Object.keys(result.fields).length > 0 ? t('result.fieldErrors') : describeError(part.error, 'send')}</p>
      {sentSome ? (
        <button type="button" className="btn" onClick={onRemoveSent}>
          {t('actions.removeSent')}
        </button>
      ) : null}
    </ErrorNotice>
  );
}
