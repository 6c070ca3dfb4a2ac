import type { ReactNode } from 'react';
import classes from './PlainTable.module.css';

/** A plain table with a header row and its rows (PlainTable.module.css says why not Mantine's). */
export function PlainTable({
  label,
  head,
  children,
  striped = false,
  compact = false,
}: {
  label: string;
  head: readonly string[];
  children: ReactNode;
  striped?: boolean;
  compact?: boolean;
}) {
  return (
    <table
      className={classes.table}
      aria-label={label}
      data-striped={striped || undefined}
      data-compact={compact || undefined}
    >
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
