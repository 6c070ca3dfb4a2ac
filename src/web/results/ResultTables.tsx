import { Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { dnqText } from '../../domain/results/messages.ts';
import { PlainTable } from '../ui/PlainTable.tsx';
import { useAssociation } from '../ui/useAssociation.ts';
import type { ClubPointsRow, RaceRow, SeasonRow, Tables } from './api.ts';
import { bestOf, CLUB_COLUMNS, raceColumns, type Standing, seasonColumns, totalOf } from './columns.ts';
import classes from './ResultTables.module.css';
import { formatPoints, formatTime, rankedLast } from './view.ts';

export type { Standing };

/** The DNQ badge (doc 3 §2): its full words show beside it on hover, focus or a tap, and are read
 * out with it. Plain CSS: a tooltip library would double the page's script. */
export function DnqBadge({ racesNeeded }: { racesNeeded: number }) {
  const text = dnqText(racesNeeded);
  const id = useId();
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: focus (a key or a tap) is what shows the words
    <span className={classes.dnq} tabIndex={0} aria-describedby={id} data-testid="dnq">
      <span className={classes.badge}>DNQ</span>
      <span role="tooltip" id={id} className={classes.tip}>
        {text}
      </span>
    </span>
  );
}

function Position({ position }: { position: number }) {
  return position > 0 ? position : <span title="Unranked">–</span>;
}

/** The cells every racer row starts with: place, racer number, name, club. */
function RacerCells({ row }: { row: SeasonRow }) {
  return (
    <>
      <td>
        <Position position={row.position} />
      </td>
      <td>{row.racer_id}</td>
      <td>{row.name}</td>
      <td>{row.club}</td>
    </>
  );
}

/** The Best N cell, with the DNQ badge for a racer short of the counting races. */
function BestCell({ row, standing }: { row: SeasonRow; standing: Standing }) {
  return (
    <td>
      <span className={classes.best}>
        {formatPoints(bestOf(row, standing))}
        {!row.is_qualified && <DnqBadge racesNeeded={row.races_needed} />}
      </span>
    </td>
  );
}

function ResultTable({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <div className={classes.scroll}>
      <PlainTable label={caption} head={head} striped>
        {children}
      </PlainTable>
    </div>
  );
}

interface TableProps<T> {
  title: string;
  rows: T[];
  standing: Standing;
  /** The season's counting races: the Best N column (4 unless the season's settings say). */
  counting: number;
}

function RaceTable({ title, rows, standing, counting }: TableProps<RaceRow>) {
  const { code } = useAssociation();
  return (
    <ResultTable caption={title} head={raceColumns(code, counting, standing).map((c) => c.head)}>
      {rankedLast(rows).map((r) => (
        <tr key={r.racer_id} data-testid="result-row">
          <RacerCells row={r} />
          <td>
            {r.time === 'DNCR' ? (
              <span className={classes.dncr} title="Did not complete the race">
                DNCR
              </span>
            ) : (
              formatTime(r.time)
            )}
          </td>
          <td>{formatPoints(r.points)}</td>
          <BestCell row={r} standing={standing} />
        </tr>
      ))}
    </ResultTable>
  );
}

/** Tables under their titles (a category or an overall group each), empty ones left out. */
function Sections<T>({ tables, table }: { tables: [string, T[]][]; table: (title: string, rows: T[]) => ReactNode }) {
  const shown = tables.filter(([, rows]) => rows.length > 0);
  if (shown.length === 0) return <NoRows />;
  return (
    <Stack gap="lg">
      {shown.map(([title, rows]) => (
        <section key={title} aria-label={title} className={classes.section}>
          <Title order={3} fz="h4" mb="xs">
            {title}
          </Title>
          {table(title, rows)}
        </section>
      ))}
    </Stack>
  );
}

/** A club race's tables, one per category or overall group, in the server's order. */
export function RaceTables({
  tables,
  standing,
  counting = 4,
}: {
  tables: Tables<RaceRow>;
  standing: Standing;
  counting?: number;
}) {
  return (
    <Sections
      tables={Object.entries(tables)}
      table={(title, rows) => <RaceTable title={title} rows={rows} standing={standing} counting={counting} />}
    />
  );
}

function SeasonTable({ title, rows, standing, counting }: TableProps<SeasonRow>) {
  const { code } = useAssociation();
  return (
    <ResultTable caption={title} head={seasonColumns(code, counting, standing).map((c) => c.head)}>
      {rankedLast(rows).map((r) => (
        <tr key={r.racer_id} data-testid="season-row">
          <RacerCells row={r} />
          {standing === 'overall' && <td>{r.category}</td>}
          <td>{r.races_participated}</td>
          <td>{formatPoints(totalOf(r, standing))}</td>
          <BestCell row={r} standing={standing} />
        </tr>
      ))}
    </ResultTable>
  );
}

/** Season totals: one table per category, or per overall group. */
export function SeasonTables({
  tables,
  standing,
  counting = 4,
}: {
  tables: [string, SeasonRow[]][];
  standing: Standing;
  counting?: number;
}) {
  return (
    <Sections
      tables={tables}
      table={(title, rows) => <SeasonTable title={title} rows={rows} standing={standing} counting={counting} />}
    />
  );
}

/** Club points, ranked by total; tied clubs share a position (the server's positions). */
export function ClubPointsTable({ rows, emptyText }: { rows: ClubPointsRow[]; emptyText: string }) {
  if (rows.length === 0) return <NoRows text={emptyText} />;
  return (
    <ResultTable caption="Club points" head={CLUB_COLUMNS.map((c) => c.head)}>
      {rankedLast(rows).map((r) => (
        <tr key={r.club_id} data-testid="club-row">
          <td>
            <Position position={r.position} />
          </td>
          <td>
            {r.club_name} ({r.club_id})
          </td>
          <td>{formatPoints(r.total_points)}</td>
        </tr>
      ))}
    </ResultTable>
  );
}

function NoRows({ text = 'No results to show.' }: { text?: string }) {
  return (
    <Text c="gray.7" py="md">
      {text}
    </Text>
  );
}
