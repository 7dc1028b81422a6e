import { memo, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParsedRecipients } from '@shared/phone/parse';
import { MAX_RECIPIENTS_PER_TASK } from '@shared/split';
import { PhonebookPicker } from '../phonebook';
import { countryName } from '../../lib/country';
import { useCompose } from './compose-store';
import { useSendResult } from './send-result';
import { RecipientRows } from './recipient-rows';
import { RecipientsBox, useEdit } from './recipients-box';
import { Field } from '../../components/field';

/**
 * The recipients box, its counts and the check table. `parsed` is the box as read after the
 * keystroke's frame (useRecipients): the counts and the table follow it; `current` reads the box as
 * it is now, for "Remove invalid".
 */
export const RecipientsPanel = memo(function RecipientsPanel({ parsed, current, country }: { parsed: ParsedRecipients; current: () => ParsedRecipients; country: string }) {
  const { t, i18n } = useTranslation('send');
  const serviceErrors = useCompose((s) => s.serviceErrors);
  const appendNumbers = useCompose((s) => s.appendNumbers);
  const clearResult = useSendResult((s) => s.clear);
  const edit = useEdit();
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
        <Field
          id="send-numbers"
          className="send-rcpt-input"
          label={t('recipients.label')}
          hint={t('recipients.hint', { country: countryName(country, i18n.language) })}
          describedBy="send-numbers-count"
          after={
            <>
              <span id="send-numbers-count" className="send-count" aria-live="polite" data-testid="send-count">
                <strong>{t('recipients.count', { valid })}</strong>
                {invalid > 0 ? <span className="error-text"> · {t('recipients.invalidCount', { count: invalid })}</span> : null}
                {duplicates > 0 ? <span className="muted"> · {t('recipients.duplicateCount', { count: duplicates })}</span> : null}
              </span>
              {invalid > 0 ? (
                <button
                  type="button"
                  className="btn small send-remove-invalid"
                  onClick={() => edit(current().rows.filter((r) => r.valid).map((r) => r.input).join('\n'))}
                >
                  {t('recipients.removeInvalid')}
                </button>
              ) : null}
              {tasks > 1 ? <span className="notice info">{t('recipients.split', { max: MAX_RECIPIENTS_PER_TASK, tasks })}</span> : null}
            </>
          }
        >
          {(control) => <RecipientsBox control={control} />}
        </Field>
        {parsed.rows.length > 0 ? <RecipientRows rows={parsed.rows} serviceErrors={serviceErrors} /> : null}
      </div>
      <PhonebookPicker onPick={pick} />
    </section>
  );
});
