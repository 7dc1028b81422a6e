import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Settings } from '@shared/settings';
import { changeLanguage, pickLanguage } from '@renderer/i18n';
import { call } from '@renderer/lib/api';
import { accountKeys } from '../../account';
import { Field } from '@renderer/components/field';
import { SettingNote } from './setting-note';
import type { PrefsForm } from './use-preferences-draft';

/** The UI's language: applied and stored at once (not with Save), "system" following the computer's. */
export function LanguageField({ form, language }: { form: PrefsForm; language: Settings['language'] }) {
  const { t } = useTranslation('settings');
  const client = useQueryClient();
  const onLanguage = async (value: string) => {
    const chosen = value === 'en' || value === 'zh-CN' ? value : null;
    const prefs = await call('setLanguage', { language: chosen });
    const info = await call('appInfo');
    await changeLanguage(prefs.language ?? pickLanguage(info.systemLocale || navigator.language));
    void client.invalidateQueries({ queryKey: accountKeys.settings });
  };
  return (
    <>
      <Field id={`${form.id}-lang`} label={t('prefs.language')}>
        {(control) => (
          <select {...control} value={language ?? 'system'} disabled={form.locked('language')} aria-describedby={form.noteId('language')} onChange={(e) => void onLanguage(e.target.value)}>
            <option value="system">{t('common:language.system')}</option>
            <option value="en">{t('common:language.en')}</option>
            <option value="zh-CN">{t('common:language.zhCN')}</option>
          </select>
        )}
      </Field>
      <SettingNote form={form} name="language" />
    </>
  );
}
