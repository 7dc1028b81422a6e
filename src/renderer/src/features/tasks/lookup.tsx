import { memo, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import type { RecipientView } from '@shared/tasks/types';
import { displayFax } from '@shared/phonebook/format';
import { REF_PATTERN } from '@shared/tasks/order';
import { call } from '../../lib/api';
import { localTime, money } from './format';
import { taskKeys } from './hooks';
import { StatusBadge } from './status-badge';
import { FailureText } from './failure-text';
import { describeError } from '../../lib/describe-error';
import { Field } from '../../components/field';

/**
 * Add a task sent elsewhere by its task_ref, or look at one recipient by its rcpt_ref.
 * Memoized: the filters above the list change often, the lookup's props never.
 */
export const LookupForm = memo(function LookupForm({ onOpen }: { onOpen(id: string): void }) {
  const { t, i18n } = useTranslation('tasks');
  const client = useQueryClient();
  const id = useId();
  const [kind, setKind] = useState<'task' | 'recipient'>('task');
  const [ref, setRef] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [recipient, setRecipient] = useState<(RecipientView & { taskRef: string | null }) | null>(null);
  const input = useRef<HTMLInputElement>(null);

  /** The service's references say what they are: task_… and rcpt_… choose the kind themselves. */
  function typed(value: string) {
    setRef(value);
    const detected = kindOf(value);
    if (detected) setKind(detected);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const value = ref.trim();
    setError(null);
    setMessage(null);
    setRecipient(null);
    if (!REF_PATTERN.test(value)) {
      setError(t('lookup.hint'));
      return;
    }
    setBusy(true);
    try {
      if ((kindOf(value) ?? kind) === 'task') {
        const d = await call('trackTaskRef', { taskRef: value });
        await client.invalidateQueries({ queryKey: taskKeys.all });
        setMessage(t('lookup.added', { ref: value }));
        onOpen(d.task.id);
      } else {
        setRecipient(await call('getRecipient', { rcptRef: value }));
      }
    } catch (err) {
      setError(describeError(err));
    } finally {
      setBusy(false);
    }
  }

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
        {recipient ? (
          <dl className="facts" data-testid="lookup-recipient">
            <dt>{t('recipient.number')}</dt>
            <dd className="mono">{displayFax(recipient.phoneNumber)}</dd>
            <dt>{t('lookup.taskOf')}</dt>
            <dd>
              {recipient.taskRef ? (
                <button type="button" className="link-button mono" onClick={() => onOpen(recipient.taskRef!)}>
                  {recipient.taskRef}
                </button>
              ) : (
                <span className="muted">{t('lookup.notLocal')}</span>
              )}
            </dd>
            <dt>{t('recipient.status')}</dt>
            <dd>
              <StatusBadge status={recipient.status} recipient />
            </dd>
            <dt>{t('recipient.pages')}</dt>
            <dd>{recipient.pageCount ?? '—'}</dd>
            <dt>{t('recipient.unitPrice')}</dt>
            <dd>{money(recipient.unitPrice)}</dd>
            <dt>{t('recipient.charge')}</dt>
            <dd>{money(recipient.chargedAmount)}</dd>
            <dt>{t('recipient.failure')}</dt>
            <dd>{recipient.status === 'failed' ? <FailureText code={recipient.failedCode} reason={recipient.failedReason} /> : '—'}</dd>
            <dt>{t('recipient.completed')}</dt>
            <dd>{localTime(recipient.completedAtMs, i18n.language, true)}</dd>
            <dt>{t('recipient.created')}</dt>
            <dd>{localTime(recipient.createdAtMs, i18n.language, true)}</dd>
            <dt>{t('recipient.reference')}</dt>
            <dd className="mono">{recipient.rcptRef}</dd>
          </dl>
        ) : null}
      </div>
    </details>
  );
});

function kindOf(value: string): 'task' | 'recipient' | null {
  const v = value.trim().toLowerCase();
  return v.startsWith('rcpt_') ? 'recipient' : v.startsWith('task_') ? 'task' : null;
}
