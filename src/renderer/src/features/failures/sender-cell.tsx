import { useTranslation } from 'react-i18next';
import type { OfficeSenderRef } from '@shared/tasks/types';

/** Who sent the fax of a row (office-wide Failures). */
export function SenderCell({ sender }: { sender: OfficeSenderRef }) {
  const { t } = useTranslation('failures');
  return <>{sender.mine ? t('office.you', { name: sender.name }) : t('office.senderCell', { name: sender.name, computer: sender.computerName })}</>;
}
