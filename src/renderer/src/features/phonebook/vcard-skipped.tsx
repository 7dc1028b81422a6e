import { useTranslation } from 'react-i18next';
import type { SkippedCard } from '@shared/phonebook/vcard-types';
import { SkippedTable } from './import-outcome';

/** The cards a vCard import leaves out, each with why. */
export function VcardSkipped({ skipped, total }: { skipped: SkippedCard[]; total: number }) {
  const { t } = useTranslation('phonebook');
  return (
    <SkippedTable
      caption={t('vcard.skippedCaption')}
      columns={[t('vcard.card'), t('vcard.name'), t('vcard.number'), t('csv.reason')]}
      skipped={skipped}
      total={total}
      more={(count) => t('vcard.moreSkipped', { count })}
      rowKey={(_, i) => i}
      cells={(s) => [s.card, s.name || t('picker.unnamed'), s.value, t(`reasons.${s.reason}`, { defaultValue: s.message })]}
    />
  );
}
