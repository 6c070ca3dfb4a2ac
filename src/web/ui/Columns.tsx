import type { CSSProperties, ReactNode } from 'react';
import classes from './Columns.module.css';

type Breakpoint = 'base' | 'xs' | 'sm' | 'md' | 'lg';
type Spacing = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | number;

const space = (value: Spacing) =>
  typeof value === 'number' ? `calc(${value / 16}rem * var(--mantine-scale))` : `var(--mantine-spacing-${value})`;

/**
 * Equal columns whose count changes at Mantine's breakpoints, as Mantine's SimpleGrid lays them
 * out, from a stylesheet and CSS variables alone: the public pages' grids, where SimpleGrid
 * brought ~1.3 KB gzip of script (its responsive styles are written by script). The count at a
 * breakpoint holds from it upwards, as in SimpleGrid.
 */
export function Columns({
  cols,
  spacing = 'md',
  verticalSpacing = spacing,
  children,
}: {
  cols: Partial<Record<Breakpoint, number>> & { base: number };
  spacing?: Spacing;
  verticalSpacing?: Spacing;
  children: ReactNode;
}) {
  const style: Record<string, string | number> = {
    '--columns-gap': space(spacing),
    '--columns-row-gap': space(verticalSpacing),
  };
  for (const [breakpoint, count] of Object.entries(cols)) style[`--columns-${breakpoint}`] = count;
  return (
    <div className={classes.columns} style={style as CSSProperties}>
      {children}
    </div>
  );
}
