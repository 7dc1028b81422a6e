import type { ReactNode } from 'react';

/** A column head: its text, or its text and a class (e.g. "num" for figures). */
export type GridColumn = ReactNode | { label: ReactNode; className: string };

function isClassed(c: GridColumn): c is { label: ReactNode; className: string } {
  return typeof c === 'object' && c !== null && 'className' in c && 'label' in c;
}

/** A `table.grid` with an optional caption and one header row of column heads; the body rows are the children. */
export function GridTable({
  columns,
  caption,
  className,
  label,
  testId,
  children,
}: {
  columns: readonly GridColumn[];
  caption?: ReactNode;
  className?: string;
  label?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <table className={className ? `grid ${className}` : 'grid'} aria-label={label} data-testid={testId}>
      {caption ? <caption>{caption}</caption> : null}
      <thead>
        <tr>
          {columns.map((c, i) =>
            isClassed(c) ? (
              <th key={i} scope="col" className={c.className}>
                {c.label}
              </th>
            ) : (
              <th key={i} scope="col">
                {c}
              </th>
            ),
          )}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
