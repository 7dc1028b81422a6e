import { useTranslation } from 'react-i18next';
import type { ParsedRecipients, RecipientRow } from '../../../../shared/phone/parse';
import { MAX_RECIPIENTS_PER_TASK } from '../../../../shared/split';
import { displayFax } from '../../../../shared/phonebook/format';
import { useRecipientNames } from '../directory';
import { PhonebookPicker } from '../phonebook';
import { countryName } from '../../lib/country';
import { useCompose } from './compose-store';
import { GridTable } from '../../components/grid-table';

/** Numbers picked from the phonebook go into the box as a person writes them (+86 10 8800 0001), not as raw digits. */
export function appendNumbers(numbers: string[]): void {
  const s = useCompose.getState();
  const text = s.recipientsText.trimEnd();
  s.set({ recipientsText: (text ? `${text}\n` : '') + numbers.map(displayFax).join('\n'), result: null });
}

function RowStatus({ row, serviceErrors }: { row: RecipientRow; serviceErrors: string[] | undefined }) {
  const { t } = useTranslation('send');
  if (serviceErrors?.length) return <span className="error-text">{serviceErrors.map((m) => t('recipients.serviceSaid', { message: m })).join(' ')}</span>;
  if (!row.valid) return <span className="error-text">{row.reason ? t(`recipients.reason.${row.reason}`) : row.message}</span>;
  if (row.duplicateOf !== undefined && row.duplicateOf !== 'existing') {
    return <span className="muted">{t('recipients.duplicate', { row: row.duplicateOf + 1 })}</span>;
  }
  if (row.unlikely) return <span className="send-warn">{t('recipients.unlikely')}</span>;
  return <span className="send-ok">{t('recipients.ok')}</span>;
}

export function RecipientsPanel({ parsed, country }: { parsed: ParsedRecipients; country: string }) {
  const { t, i18n } = useTranslation('send');
  const text = useCompose((s) => s.recipientsText);
  const serviceErrors = useCompose((s) => s.serviceErrors);
  const set = useCompose((s) => s.set);
  const { valid, invalid, duplicates } = parsed.counts;
  const tasks = Math.ceil(valid / MAX_RECIPIENTS_PER_TASK);
  const names = useRecipientNames(parsed.rows.flatMap((r) => (r.number ? [r.number] : [])));

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
            onChange={(e) => set({ recipientsText: e.target.value, result: null })}
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
              onClick={() => set({ recipientsText: parsed.rows.filter((r) => r.valid).map((r) => r.input).join('\n'), result: null })}
            >
              {t('recipients.removeInvalid')}
            </button>
          ) : null}
          {tasks > 1 ? <span className="notice info">{t('recipients.split', { max: MAX_RECIPIENTS_PER_TASK, tasks })}</span> : null}
        </div>
        {parsed.rows.length > 0 ? (
          <div className="send-rows" tabIndex={0} role="region" aria-label={t('recipients.rowsLabel')}>
            <GridTable label={t('recipients.rowsLabel')} testId="send-rows" columns={['#', t('recipients.colInput'), t('recipients.colNumber'), t('recipients.colStatus')]}>
              {parsed.rows.map((row, i) => {
                const svc = row.number && row.duplicateOf === undefined ? serviceErrors[row.number] : undefined;
                const bad = !row.valid || !!svc?.length;
                return (
                  <tr key={i} className={bad ? 'send-row-bad' : undefined} data-invalid={bad ? 'true' : undefined}>
                    <td>{i + 1}</td>
                    <td>{row.input}</td>
                    <td>
                      {row.number ?? ''}
                      {row.number && names.get(row.number) ? (
                        <span className="send-rcpt-name" data-testid="recipient-name">
                          {' '}
                          {names.get(row.number)?.name}
                        </span>
                      ) : null}
                    </td>
                    <td>
                      <RowStatus row={row} serviceErrors={svc} />
                    </td>
                  </tr>
                );
              })}
            </GridTable>
          </div>
        ) : null}
      </div>
      <PhonebookPicker onPick={appendNumbers} />
    </section>
  );
}
