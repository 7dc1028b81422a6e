import { useTranslation } from 'react-i18next';
import { useConnection } from '../account';
import { DirectorySettings } from '../directory/settings-entry';
import { OfficeSettings } from '../office/settings-entry';
import { ConnectionForm } from './connection/connection-form';
import { PreferencesForm } from './preferences/preferences-form';

export function SettingsScreen() {
  const { t } = useTranslation('settings');
  const connection = useConnection();
  const moved = connection.data?.settingsNotice;
  return (
    <section className="screen" aria-labelledby="settings-title">
      <h1 id="settings-title">{t('title')}</h1>
      {moved ? (
        <div className="notice warn" role="status">
          {t('notices.settingsMoved', { path: moved.movedTo })}
        </div>
      ) : null}
      <ConnectionForm />
      <PreferencesForm />
      <DirectorySettings />
      <OfficeSettings />
    </section>
  );
}
