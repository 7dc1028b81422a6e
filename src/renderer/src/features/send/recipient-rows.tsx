import { memo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { RecipientRow } from '@shared/phone/parse';
import { useRecipientNames } from '../directory';

/** Up to this many rows the check table is a plain table (it grows with the page when the compose is locked); beyond, it is virtual. */
export const VIRTUAL_ROWS_FROM = 200;
/** A row of one line of 13 px text with 4 px padding; rows that wrap are measured. */
const ROW_ESTIMATE = 27;

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

/**
 * The check table under the recipients box. Rendered from the rows read after the keystroke's frame
 * (useRecipients): a keystroke paints the box first, then this. Beyond VIRTUAL_ROWS_FROM rows only the
 * rows in view (and a few around) are in the page, so 12,000 lines cost what 40 do; names are looked
 * up for those rows only.
 */
export const RecipientRows = memo(function RecipientRows({
  rows,
  serviceErrors,
}: {
  rows: readonly RecipientRow[];
  serviceErrors: Record<string, string[]>;
}) {
  const { t } = useTranslation('send');
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtual = rows.length > VIRTUAL_ROWS_FROM;
  // The virtualizer is read fresh on every render (it is not memoized), which is what it needs.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 10,
    // before the first layout (and where there is none, as in unit tests) assume the box's height
    initialRect: { width: 0, height: 320 },
  });
  const items = virtual ? virtualizer.getVirtualItems() : null;
  const indexes = items ? items.map((vi) => vi.index) : rows.map((_, i) => i);
  const padTop = items?.[0]?.start ?? 0;
  const padBottom = items && items.length > 0 ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;
  const names = useRecipientNames(indexes.flatMap((i) => rows[i]?.number ?? []));
  const label = t('recipients.rowsLabel');

  return (
    <div ref={scrollRef} className={virtual ? 'send-rows virtual' : 'send-rows'} tabIndex={0} role="region" aria-label={label}>
      <table className="grid" aria-label={label} aria-rowcount={rows.length + 1} data-testid="send-rows">
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col">#</th>
            <th scope="col">{t('recipients.colInput')}</th>
            <th scope="col">{t('recipients.colNumber')}</th>
            <th scope="col">{t('recipients.colStatus')}</th>
          </tr>
        </thead>
        <tbody>
          {padTop > 0 ? <tr aria-hidden="true" className="send-rows-pad" style={{ height: padTop }} /> : null}
          {indexes.map((i) => {
            const row = rows[i];
            if (!row) return null;
            const svc = row.number && row.duplicateOf === undefined ? serviceErrors[row.number] : undefined;
            const bad = !row.valid || !!svc?.length;
            const name = row.number ? names.get(row.number)?.name : undefined;
            return (
              <tr
                key={i}
                ref={virtual ? virtualizer.measureElement : undefined}
                data-index={i}
                aria-rowindex={i + 2}
                className={bad ? 'send-row-bad' : undefined}
                data-invalid={bad ? 'true' : undefined}
              >
                <td>{i + 1}</td>
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
          })}
          {padBottom > 0 ? <tr aria-hidden="true" className="send-rows-pad" style={{ height: padBottom }} /> : null}
        </tbody>
      </table>
    </div>
  );
});
