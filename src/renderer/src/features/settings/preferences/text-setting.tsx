import { Field } from '@renderer/components/field';
import { SettingNote } from './setting-note';
import type { PrefsForm } from './use-preferences-draft';

/** A setting typed as text (the service's time zone, the default country), with its hint or main's error. */
export function TextSetting({ form, name, label, hint }: { form: PrefsForm; name: 'serviceTimeZone' | 'defaultCountry'; label: string; hint: string }) {
  const noteId = form.noteId(name);
  return (
    <>
      <Field id={`${form.id}-${name}`} label={label} hint={hint} error={form.fieldError(name)} errorInHint {...(noteId ? { describedBy: noteId } : {})}>
        {(control) => <input {...control} value={form.draft[name]} disabled={form.locked(name)} onChange={(e) => form.set(name, e.target.value)} />}
      </Field>
      <SettingNote form={form} name={name} />
    </>
  );
}
