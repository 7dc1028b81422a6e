import { useTranslation } from 'react-i18next';
import { Field } from '@renderer/components/field';
import type { OfficeFormState } from './use-office-form';

/** One of the connection's text fields (host, port, database, user): the administrator's when the policy locks them. */
export function OfficeTextField({ form, name, hint }: { form: OfficeFormState; name: 'host' | 'port' | 'database' | 'user'; hint?: string }) {
  const { t } = useTranslation('office');
  const { id, view } = form;
  const managedBy = view?.managed ? { describedBy: `${id}-managed` } : {};
  return (
    <Field id={`${id}-${name}`} label={t(`settings.${name}`)} hint={hint} error={form.fieldError(name)} errorInHint={!!hint} {...managedBy}>
      {(control) => (
        <input
          {...control}
          value={form.draft[name]}
          spellCheck={false}
          autoComplete="off"
          inputMode={name === 'port' ? 'numeric' : undefined}
          disabled={view?.managed === 'locked'}
          onChange={(e) => form.set(name, e.target.value)}
        />
      )}
    </Field>
  );
}
