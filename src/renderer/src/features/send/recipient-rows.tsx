import { memo, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecipientRow } from '@shared/phone/parse';
import { useRecipientNames } from '../directory';
import { onDemand } from '../../lib/on-demand';
import { CheckRow, PadRow, ROW_ESTIMATE } from './check-row';

/** Up to this many rows the check table is a plain table (it grows with the page when the compose is locked); beyond, it is virtual. */
export const VIRTUAL_ROWS_FROM = 200;
/** While the virtual body's code loads: the rows that fill the box (320 px) and the virtualizer's overscan. */
const FIRST_ROWS = 22;

/** The virtual body, loaded when a table first grows past VIRTUAL_ROWS_FROM rows (or prefetched after the first paint). */
export const virtualCheckRows = onDemand(() => import('./virtual-check-rows').then((m) => m.VirtualCheckRows));
const VirtualCheckRows = virtualCheckRows.Component;

/** The first `count` rows as a plain body, the rest (if any) as one spacer of their estimated height. */
function PlainCheckRows({ rows, count, serviceErrors }: { rows: readonly RecipientRow[]; count: number; serviceErrors: Record<string, string[]> }) {
  const shown = rows.slice(0, count);
  const names = useRecipientNames(shown.flatMap((r) => r.number ?? []));
  return (
    <tbody>
      {shown.map((row, i) => (
        <CheckRow key={i} index={i} row={row} serviceErrors={serviceErrors} name={row.number ? names.get(row.number)?.name : undefined} />
      ))}
      <PadRow height={(rows.length - shown.length) * ROW_ESTIMATE} />
    </tbody>
  );
}

/**
 * The check table under the recipients box. Rendered from the rows read after the keystroke's frame
 * (useRecipients): a keystroke paints the box first, then this. Beyond VIRTUAL_ROWS_FROM rows only the
 * rows in view are in the page (VirtualCheckRows); until its code is here the first rows are shown,
 * in the same box and with the same scroll height, so nothing flashes or moves when it arrives.
 */
export const RecipientRows = memo(function RecipientRows({
  rows,
  serviceErrors,
}: {
  rows: readonly RecipientRow[];
  serviceErrors: Record<string, string[]>;
}) {
  const { t } = useTranslation('send');
  // State, not a ref: the virtual body's layout effect runs before this div's ref is set, and must
  // draw again (and listen to the scrolling) once the box is there.
  const [scrollBox, setScrollBox] = useState<HTMLDivElement | null>(null);
  const virtual = rows.length > VIRTUAL_ROWS_FROM;
  const label = t('recipients.rowsLabel');

  return (
    <div ref={setScrollBox} className={virtual ? 'send-rows virtual' : 'send-rows'} tabIndex={0} role="region" aria-label={label}>
      <table className="grid" aria-label={label} aria-rowcount={rows.length + 1} data-testid="send-rows">
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col">#</th>
            <th scope="col">{t('recipients.colInput')}</th>
            <th scope="col">{t('recipients.colNumber')}</th>
            <th scope="col">{t('recipients.colStatus')}</th>
          </tr>
        </thead>
        {virtual ? (
          <Suspense fallback={<PlainCheckRows rows={rows} count={FIRST_ROWS} serviceErrors={serviceErrors} />}>
            <VirtualCheckRows rows={rows} serviceErrors={serviceErrors} scrollBox={scrollBox} />
          </Suspense>
        ) : (
          <PlainCheckRows rows={rows} count={rows.length} serviceErrors={serviceErrors} />
        )}
      </table>
    </div>
  );
});
