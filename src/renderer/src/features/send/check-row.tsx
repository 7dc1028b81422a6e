import { useTranslation } from 'react-i18next';
import type { RecipientRow } from '@shared/phone/parse';

function RowStatus({ row, serviceErrors }: { row: RecipientRow; serviceErrors: string[] | undefined }) {
  const { t } = useTranslation('send');
  if (serviceErrors?.length) return <span className="error-text">{serviceErrors.map((m) => t('recipients.serviceSaid', { message: m })).join(' ')}</span>;
  if (!row.valid) return <span className="error-text">{row.reason ? t(`recipients.reason.${row.reason}`) : row.message}</span>;
  if (row.duplicateOf !== undefined && row.duplicateOf !== 'existing') {
    return <span className="muted">{t('recipients.duplicate', { row: row.duplicateOf + 1 })}</span>;
  }
  if (row.extension) return <span className="send-warn">{t('recipients.extension', { extension: row.extension })}</span>;
  if (row.unlikely) return <span className="send-warn">{t('recipients.unlikely')}</span>;
  return <span className="send-ok">{t('recipients.ok')}</span>;
}

/** A row of one line of 13 px text with 4 px padding; rows that wrap are measured. */
export const ROW_ESTIMATE = 27;

/** One row of the check table (the plain table and the virtual one draw the same rows). */
export function CheckRow({
  index,
  row,
  serviceErrors,
  name,
  measureRef,
}: {
  index: number;
  row: RecipientRow;
  serviceErrors: Record<string, string[]>;
  name: string | undefined;
  measureRef?: (el: HTMLTableRowElement | null) => void;
}) {
  const svc = row.number && row.duplicateOf === undefined ? serviceErrors[row.number] : undefined;
  const bad = !row.valid || !!svc?.length;
  return (
    <tr ref={measureRef} data-index={index} aria-rowindex={index + 2} className={bad ? 'send-row-bad' : undefined} data-invalid={bad ? 'true' : undefined}>
      <td>{index + 1}</td>
      <td>{row.input}</td>
      <td>
        {row.number ?? ''}
        {name ? (
          <span className="send-rcpt-name" data-testid="recipient-name">
            {' '}
            {name}
          </span>
        ) : null}
      </td>
      <td>
        <RowStatus row={row} serviceErrors={svc} />
      </td>
    </tr>
  );
}

/** A spacer standing in for rows not in the page, so the scroll bar is the whole table's. */
export function PadRow({ height }: { height: number }) {
  return height > 0 ? <tr aria-hidden="true" className="send-rows-pad" style={{ height }} /> : null;
}
