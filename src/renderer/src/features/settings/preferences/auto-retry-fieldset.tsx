import { useTranslation } from 'react-i18next';
import { CheckboxField } from '@renderer/components/field';
import { NumberField } from './number-field';
import { SettingNote } from './setting-note';
import type { PrefsForm } from './use-preferences-draft';

/** Retrying busy and unanswered numbers by itself: on or off, how many times, how long apart. */
export function AutoRetryFieldset({ form }: { form: PrefsForm }) {
  const { t } = useTranslation('settings');
  const { id, draft, set, fieldError } = form;
  const error = fieldError('autoRetry.attempts') ?? fieldError('autoRetry.delayMinutes');
  return (
    // a disabled fieldset disables every control in it: the whole of a locked setting
    <fieldset className="group" disabled={form.locked('autoRetry')} aria-describedby={form.noteId('autoRetry')}>
      <legend>{t('prefs.autoRetryHeading')}</legend>
      <SettingNote form={form} name="autoRetry" />
      <CheckboxField id={`${id}-retry`} label={t('prefs.autoRetryEnabled')} checked={draft.autoRetry.enabled} onChange={(checked) => set('autoRetry', { ...draft.autoRetry, enabled: checked })} />
      <div className="row">
        <NumberField id={`${id}-attempts`} label={t('prefs.autoRetryAttempts')} min={1} max={5} value={draft.autoRetry.attempts} onChange={(n) => set('autoRetry', { ...draft.autoRetry, attempts: n })} />
        <NumberField id={`${id}-delay`} label={t('prefs.autoRetryDelay')} min={1} max={1440} value={draft.autoRetry.delayMinutes} onChange={(n) => set('autoRetry', { ...draft.autoRetry, delayMinutes: n })} />
      </div>
      {error ? <p className="error-text">{error}</p> : null}
    </fieldset>
  );
}
