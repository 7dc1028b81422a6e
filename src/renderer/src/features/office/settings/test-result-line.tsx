import { useTranslation } from 'react-i18next';
import type { OfficeFormState } from './use-office-form';

/** What the test found (protection, server and schema), or what the last save or removal did. */
export function TestResultLine({ form }: { form: OfficeFormState }) {
  const { t } = useTranslation('office');
  const { tested, note, view } = form;
  return (
    <p role="status" className="pb-status" data-testid="office-test-result">
      {tested
        ? t('settings.testOk', {
            protection: t(`settings.protection.${tested.protection}`),
            version: tested.serverVersion,
            schema: tested.schemaVersion === 0 ? t('settings.schemaNew') : t('settings.schemaReady'),
          })
        : note === 'removed'
          ? t('settings.removed')
          : note === 'saved' && view?.status.state === 'connecting'
            ? t('settings.saved')
            : ''}
    </p>
  );
}
