import { usePolicy, useSettings } from '../../account';
import { PreferencesEditor } from './preferences-editor';

/** Settings → Preferences, once main's settings (and what the policy manages) are in: the form starts from them. */
export function PreferencesForm() {
  const settings = useSettings();
  const policy = usePolicy();
  return settings.data && (policy.data || policy.isError) ? <PreferencesEditor settings={settings.data} managed={policy.data?.settings ?? {}} /> : null;
}
