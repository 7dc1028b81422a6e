import { memo, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';
import { Field } from '@renderer/components/field';
import { LookupRecipient } from './lookup-recipient';
import { useLookup } from './use-lookup';

/**
 * Add a task sent elsewhere by its task_ref, or look at one recipient by its rcpt_ref.
 * Memoized: the filters above the list change often, the lookup's props never.
 */
export const LookupForm = memo(function LookupForm({ onOpen }: { onOpen(id: string): void }) {
  const { t } = useTranslation('tasks');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { kind, setKind, ref, typed, busy, error, message, recipient, submit } = useLookup(onOpen);

  return (
    <details
      className="lookup"
      onToggle={(e) => {
        // Opened to type a reference: the field is ready for it.
        if ((e.currentTarget as HTMLDetailsElement).open) input.current?.focus();
      }}
    >
      <summary className="btn">
        <Search aria-hidden="true" size={15} />
        {t('lookup.title')}
      </summary>
      <div className="lookup-pop panel">
        <form className="row" onSubmit={(e) => void submit(e)} aria-describedby={`${id}-hint`}>
          <Field id={`${id}-kind`} label={t('lookup.kind')}>
            {(control) => (
              <select {...control} value={kind} onChange={(e) => setKind(e.target.value as 'task' | 'recipient')}>
                <option value="task">{t('lookup.task')}</option>
                <option value="recipient">{t('lookup.recipient')}</option>
              </select>
            )}
          </Field>
          {/* its error is said under the form (id-error), where the result appears too */}
          <Field id={`${id}-ref`} label={t('lookup.label')} className="grow" describedBy={error ? `${id}-error` : undefined}>
            {(control) => (
              <input
                {...control}
                ref={input}
                value={ref}
                onChange={(e) => typed(e.target.value)}
                maxLength={255}
                autoComplete="off"
                spellCheck={false}
                aria-invalid={error ? true : undefined}
              />
            )}
          </Field>
          <button type="submit" className="btn primary" disabled={busy || ref.trim() === ''}>
            {t('lookup.submit')}
          </button>
        </form>
        <p id={`${id}-hint`} className="hint muted">
          {t('lookup.hint')}
        </p>
        <div role="status" aria-live="polite">
          {message ? <p className="notice info">{message}</p> : null}
          {error ? (
            <p id={`${id}-error`} className="notice bad">
              {error}
            </p>
          ) : null}
        </div>
        {recipient ? <LookupRecipient recipient={recipient} onOpen={onOpen} /> : null}
      </div>
    </details>
  );
});
