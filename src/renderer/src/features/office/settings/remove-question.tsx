import { useTranslation } from 'react-i18next';
import type { OfficeFormState } from './use-office-form';

/** "Remove the office database from this desk?": asked before the removal, answered here. */
export function RemoveQuestion({ form, onClose }: { form: OfficeFormState; onClose(): void }) {
  const { t } = useTranslation('office');
  const questionId = `${form.id}-remove-q`;
  return (
    <div className="notice warn" role="alertdialog" aria-labelledby={questionId}>
      <p id={questionId}>{t('settings.removeConfirm')}</p>
      <div className="row">
        <button type="button" className="btn danger" disabled={form.remove.isPending} onClick={() => form.removeOffice(onClose)}>
          {t('settings.remove')}
        </button>
        <button type="button" className="btn" onClick={onClose}>
          {t('settings.cancel')}
        </button>
      </div>
    </div>
  );
}
