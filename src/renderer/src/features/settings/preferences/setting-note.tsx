import { useTranslation } from 'react-i18next';
import type { Settings } from '@shared/settings';
import { ManagedNote } from '@renderer/components/field';
import type { PrefsForm } from './use-preferences-draft';

/** "Set by your administrator" under a setting the policy manages (nothing otherwise). */
export function SettingNote({ form, name }: { form: PrefsForm; name: keyof Settings }) {
  const { t } = useTranslation('settings');
  return <ManagedNote id={`${form.id}-${name}-managed`} managed={form.managed[name]} text={{ locked: t('managed.locked'), default: t('managed.default') }} />;
}
