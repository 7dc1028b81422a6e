import { useTranslation } from 'react-i18next';
import type { SendRepeatDetails } from '@shared/ipc/channels/send';
import { formatLocal } from '@shared/service-time';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { HeldNote } from './held-note';

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** Main found the same documents sent to the same numbers a short while ago: nothing is created unless the user says so. */
export function RepeatDialog({ details, onConfirm, onCancel }: { details: SendRepeatDetails; onConfirm(): void; onCancel(): void }) {
  const { t, i18n } = useTranslation('send');
  const at = new Date(details.sentAtMs);
  const time = formatLocal(at, { locale: i18n.language, style: sameDay(at, new Date()) ? 'time' : 'datetime' });
  return (
    <ConfirmDialog
      title={
        details.senderName
          ? t('repeat.titleOffice', { time, sender: details.senderName, computer: details.computerName ?? '' })
          : t('repeat.title', { time })
      }
      confirmLabel={t('repeat.confirm')}
      cancelLabel={t('repeat.cancel')}
      onConfirm={onConfirm}
      onCancel={onCancel}
      testId="send-repeat"
      defaultAnswer="cancel"
    >
      <p>{t('repeat.body', { name: details.taskName, time, minutes: details.windowMinutes })}</p>
      <p className="muted">{t('repeat.cost')}</p>
      <HeldNote message="repeat.held" />
    </ConfirmDialog>
  );
}
