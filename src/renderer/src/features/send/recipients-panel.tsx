import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParsedRecipients } from '@shared/phone/parse';
import { MAX_RECIPIENTS_PER_TASK } from '@shared/split';
import { PhonebookPicker } from '../phonebook';
import { countryName } from '../../lib/country';
import { useCompose } from './compose-store';
import { useSendResult } from './send-result';
import { RecipientRows } from './recipient-rows';

/**
 * The recipients box, its counts and the check table. `parsed` is the box as typed (counts and
 * buttons act on it); `shown` is the same a moment later (useDeferredValue): the table follows it,
 * so a keystroke in a long list paints the box before the table.
 */
export function RecipientsPanel({ parsed, shown, country }: { parsed: ParsedRecipients; shown: ParsedRecipients; country: string }) {
  const { t, i18n } = useTranslation('send');
  const text = useCompose((s) => s.recipientsText);
  const serviceErrors = useCompose((s) => s.serviceErrors);
  const setRecipients = useCompose((s) => s.setRecipients);
  const appendNumbers = useCompose((s) => s.appendNumbers);
  const clearResult = useSendResult((s) => s.clear);
  // an edit after a refused send: the refusal is about the numbers as they were
  const edit = (next: string) => {
    setRecipients(next);
    clearResult();
  };
  // stable, so the (memoized) picker is not drawn again on every keystroke in the box
  const pick = useCallback(
    (numbers: string[]) => {
      appendNumbers(numbers);
      clearResult();
    },
    [appendNumbers, clearResult],
  );
  const { valid, invalid, duplicates } = parsed.counts;
  const tasks = Math.ceil(valid / MAX_RECIPIENTS_PER_TASK);

  return (
    <section className="panel" aria-labelledby="send-rcpt-heading">
      <h2 id="send-rcpt-heading">{t('recipients.heading')}</h2>
      <div className="send-rcpt">
        <div className="field send-rcpt-input">
          <label htmlFor="send-numbers">{t('recipients.label')}</label>
          <textarea
            id="send-numbers"
            rows={8}
            value={text}
            spellCheck={false}
            aria-describedby="send-numbers-hint send-numbers-count"
            onChange={(e) => edit(e.target.value)}
          />
          <span className="hint" id="send-numbers-hint">
            {t('recipients.hint', { country: countryName(country, i18n.language) })}
          </span>
          <span id="send-numbers-count" className="send-count" aria-live="polite" data-testid="send-count">
            <strong>{t('recipients.count', { valid })}</strong>
            {invalid > 0 ? <span className="error-text"> · {t('recipients.invalidCount', { count: invalid })}</span> : null}
            {duplicates > 0 ? <span className="muted"> · {t('recipients.duplicateCount', { count: duplicates })}</span> : null}
          </span>
          {invalid > 0 ? (
            <button
              type="button"
              className="btn small send-remove-invalid"
              onClick={() => edit(parsed.rows.filter((r) => r.valid).map((r) => r.input).join('\n'))}
            >
              {t('recipients.removeInvalid')}
            </button>
          ) : null}
          {tasks > 1 ? <span className="notice info">{t('recipients.split', { max: MAX_RECIPIENTS_PER_TASK, tasks })}</span> : null}
        </div>
        {shown.rows.length > 0 ? <RecipientRows rows={shown.rows} serviceErrors={serviceErrors} /> : null}
      </div>
      <PhonebookPicker onPick={pick} />
    </section>
  );
}
