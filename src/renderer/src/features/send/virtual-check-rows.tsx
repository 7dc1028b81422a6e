import { useVirtualizer } from '@tanstack/react-virtual';
import type { RecipientRow } from '@shared/phone/parse';
import { useRecipientNames } from '../directory';
import { CheckRow, PadRow, ROW_ESTIMATE } from './check-row';

/**
 * The check table's body beyond VIRTUAL_ROWS_FROM rows: only the rows in view (and a few around) are
 * in the page, so 12,000 lines cost what 40 do; names are looked up for those rows only. A chunk of
 * its own (with @tanstack/react-virtual): the first screen does not need it.
 */
export function VirtualCheckRows({
  rows,
  serviceErrors,
  scrollBox,
}: {
  rows: readonly RecipientRow[];
  serviceErrors: Record<string, string[]>;
  scrollBox: HTMLDivElement | null;
}) {
  // The virtualizer is read fresh on every render (it is not memoized), which is what it needs.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollBox,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 10,
    // before the first layout (and where there is none, as in unit tests) assume the box's height
    initialRect: { width: 0, height: 320 },
  });
  const items = virtualizer.getVirtualItems();
  const padTop = items[0]?.start ?? 0;
  const padBottom = items.length > 0 ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;
  const names = useRecipientNames(items.flatMap((vi) => rows[vi.index]?.number ?? []));
  return (
    <tbody>
      <PadRow height={padTop} />
      {items.map(({ index }) => {
        const row = rows[index];
        if (!row) return null;
        return (
          <CheckRow
            key={index}
            index={index}
            row={row}
            serviceErrors={serviceErrors}
            name={row.number ? names.get(row.number)?.name : undefined}
            measureRef={virtualizer.measureElement}
          />
        );
      })}
      <PadRow height={padBottom} />
    </tbody>
  );
}
