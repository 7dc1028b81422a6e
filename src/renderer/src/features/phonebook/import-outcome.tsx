import type { ReactNode } from 'react';
import { ErrorText } from '../../components/error-text';
import { GridTable, type GridColumn } from '../../components/grid-table';

/** A sample or skipped-rows table under an import, scrolling in its own box (.pb-sample); `after` goes under it. */
export function SampleTable({
  caption,
  columns,
  testId,
  after,
  children,
}: {
  caption: ReactNode;
  columns: readonly GridColumn[];
  testId?: string;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="pb-sample">
      <GridTable caption={caption} columns={columns} testId={testId}>
        {children}
      </GridTable>
      {after}
    </div>
  );
}

/**
 * The rows an import passed over (CSV or vCard): one row each, up to what main sends,
 * then how many more there were (`more`, worded by the caller). Nothing when none were skipped.
 */
export function SkippedTable<T>({
  caption,
  columns,
  skipped,
  total,
  more,
  rowKey,
  cells,
  testId,
}: {
  caption: ReactNode;
  columns: readonly GridColumn[];
  skipped: readonly T[];
  total: number;
  more(count: number): ReactNode;
  rowKey(row: T, index: number): string | number;
  cells(row: T): ReactNode[];
  testId?: string;
}) {
  if (skipped.length === 0) return null;
  return (
    <SampleTable caption={caption} columns={columns} testId={testId} after={total > skipped.length ? <p className="muted">{more(total - skipped.length)}</p> : null}>
      {skipped.map((s, i) => (
        <tr key={rowKey(s, i)}>
          {cells(s).map((cell, c) => (
            <td key={c}>{cell}</td>
          ))}
        </tr>
      ))}
    </SampleTable>
  );
}

/** What an import or export ended with: its error (announced), then its status line; `children` (e.g. the skipped rows) after. */
export function Outcome({ error, status, testId, children }: { error: string | null; status: ReactNode; testId?: string; children?: ReactNode }) {
  return (
    <>
      <ErrorText error={error} />
      <div role="status" className="pb-status" data-testid={testId}>
        {status}
      </div>
      {children}
    </>
  );
}
