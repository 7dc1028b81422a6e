import { useTranslation } from 'react-i18next';
import type { Settings } from '@shared/settings';
import { AutoRetryFieldset } from './auto-retry-fieldset';
import { CheckSetting } from './check-setting';
import type { ManagedSettings } from './draft';
import { HotFolderFieldset } from './hot-folder-fieldset';
import { LanguageField } from './language-field';
import { NumberField } from './number-field';
import { SavedNotice } from './saved-notice';
import { SendingFieldset } from './sending-fieldset';
import { SettingNote } from './setting-note';
import { TextSetting } from './text-setting';
import { usePreferencesDraft } from './use-preferences-draft';

/** Settings → Preferences, started from main's settings: what the user changes is saved with Save. */
export function PreferencesEditor({ settings, managed }: { settings: Settings; managed: ManagedSettings }) {
  const { t } = useTranslation('settings');
  const { form, submit, saved, saving, formError } = usePreferencesDraft(settings, managed);
  const { id, draft, set } = form;
  return (
    <form className="panel" onSubmit={submit} aria-labelledby={`${id}-h`} noValidate>
      <h2 id={`${id}-h`}>{t('prefs.heading')}</h2>
      <LanguageField form={form} language={settings.language} />
      <TextSetting form={form} name="serviceTimeZone" label={t('prefs.serviceTimeZone')} hint={t('prefs.serviceTimeZoneHint')} />
      <TextSetting form={form} name="defaultCountry" label={t('prefs.defaultCountry')} hint={t('prefs.defaultCountryHint')} />
      <NumberField
        id={`${id}-threshold`}
        label={t('prefs.lowBalanceThreshold')}
        min={0}
        step="1"
        value={draft.lowBalanceThreshold}
        describedBy={form.noteId('lowBalanceThreshold')}
        disabled={form.locked('lowBalanceThreshold')}
        onChange={(n) => set('lowBalanceThreshold', n)}
      />
      <SettingNote form={form} name="lowBalanceThreshold" />
      <CheckSetting form={form} name="notifyOnDone" />
      <CheckSetting form={form} name="notifyOnFailed" />
      <CheckSetting form={form} name="closeToTray" />
      <HotFolderFieldset id={`${id}-hot`} enabled={draft.hotFolder.enabled} managed={managed.hotFolder} onEnabled={(enabled) => set('hotFolder', { enabled })} />
      <AutoRetryFieldset form={form} />
      <SendingFieldset form={form} />
      <div className="actions">
        <button type="submit" className="btn primary" disabled={saving}>
          {t('common:save')}
        </button>
      </div>
      <SavedNotice saved={saved} error={formError} />
    </form>
  );
}
