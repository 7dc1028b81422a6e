import { useTranslation } from 'react-i18next';
import { CheckboxField } from '@renderer/components/field';
import { SettingNote } from './setting-note';
import type { PrefsForm } from './use-preferences-draft';

/** A setting that is on or off (notifications, closing to the tray). */
export function CheckSetting({ form, name }: { form: PrefsForm; name: 'notifyOnDone' | 'notifyOnFailed' | 'closeToTray' }) {
  const { t } = useTranslation('settings');
  return (
    <>
      <CheckboxField
        id={`${form.id}-${name}`}
        label={t(`prefs.${name}`)}
        checked={form.draft[name]}
        disabled={form.locked(name)}
        describedBy={form.noteId(name)}
        onChange={(checked) => form.set(name, checked)}
      />
      <SettingNote form={form} name={name} />
    </>
  );
}
