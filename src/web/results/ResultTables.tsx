import { Badge, Group, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { dnqText } from '../../domain/results/index.ts';
import { useAssociation } from '../ui/useAssociation.ts';
import type { ClubPointsRow, RaceRow, SeasonRow, Tables } from './api.ts';
import { formatPoints, formatTime, rankedLast } from './view.ts';

/** Which season figures a table's Best 4 column shows: category tables the category points,
 * overall standings the overall points. */
export type Standing = 'category' | 'overall';

const bestOf = (row: SeasonRow, standing: Standing) =>
  standing === 'category' ? row.category_best_4 : row.overall_best_4;
const totalOf = (row: SeasonRow, standing: Standing) =>
  standing === 'category' ? row.category_points_total : row.overall_points_total;

/** The DNQ badge (doc 3 §2): its full words show on hover and focus, and are read out. */
export function DnqBadge({ racesNeeded }: { racesNeeded: number }) {
  const text = dnqText(racesNeeded);
  return (
    <Tooltip label={text} withArrow multiline maw={260} events={{ hover: true, focus: true, touch: true }}>
      <Badge
        color="orange.9"
        variant="filled"
        size="sm"
        tabIndex={0}
        style={{ flexShrink: 0, overflow: 'visible' }}
        aria-label={text}
        title={text}
        data-testid="dnq"
      >
        DNQ
      </Badge>
    </Tooltip>
  );
}

function Position({ position }: { position: number }) {
  return position > 0 ? position : <span title="Unranked">–</span>;
}

function ResultTable({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={640} type="native">
      <Table striped highlightOnHover withTableBorder verticalSpacing={6} fz="sm" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            {head.map((h) => (
              <Table.Th key={h} scope="col">
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
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
    <ResultTable caption={title} head={['Pos', `${code} ID`, 'Name', 'Club', 'Time', 'Points', `Best ${counting}`]}>
      {rankedLast(rows).map((r) => (
        <Table.Tr key={r.racer_id} data-testid="result-row">
          <Table.Td>
            <Position position={r.position} />
          </Table.Td>
          <Table.Td>{r.racer_id}</Table.Td>
          <Table.Td>{r.name}</Table.Td>
          <Table.Td>{r.club}</Table.Td>
          <Table.Td>
            {r.time === 'DNCR' ? (
              <Badge color="gray.7" variant="outline" size="sm" title="Did not complete the race">
                DNCR
              </Badge>
            ) : (
              formatTime(r.time)
            )}
          </Table.Td>
          <Table.Td>{formatPoints(r.points)}</Table.Td>
          <Table.Td>
            <Group gap={6} wrap="nowrap">
              {formatPoints(bestOf(r, standing))}
              {!r.is_qualified && <DnqBadge racesNeeded={r.races_needed} />}
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </ResultTable>
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
  const entries = Object.entries(tables).filter(([, rows]) => rows.length > 0);
  if (entries.length === 0) return <NoRows />;
  return (
    <Stack gap="lg">
      {entries.map(([title, rows]) => (
        <section key={title} aria-label={title}>
          <Title order={3} fz="h4" mb="xs">
            {title}
          </Title>
          <RaceTable title={title} rows={rows} standing={standing} counting={counting} />
        </section>
      ))}
    </Stack>
  );
}

function SeasonTable({ title, rows, standing, counting }: TableProps<SeasonRow>) {
  const { code } = useAssociation();
  const head = ['Pos', `${code} ID`, 'Name', 'Club', ...(standing === 'overall' ? ['Category'] : []), 'Races'];
  return (
    <ResultTable caption={title} head={[...head, 'Total', `Best ${counting}`]}>
      {rankedLast(rows).map((r) => (
        <Table.Tr key={r.racer_id} data-testid="season-row">
          <Table.Td>
            <Position position={r.position} />
          </Table.Td>
          <Table.Td>{r.racer_id}</Table.Td>
          <Table.Td>{r.name}</Table.Td>
          <Table.Td>{r.club}</Table.Td>
          {standing === 'overall' && <Table.Td>{r.category}</Table.Td>}
          <Table.Td>{r.races_participated}</Table.Td>
          <Table.Td>{formatPoints(totalOf(r, standing))}</Table.Td>
          <Table.Td>
            <Group gap={6} wrap="nowrap">
              {formatPoints(bestOf(r, standing))}
              {!r.is_qualified && <DnqBadge racesNeeded={r.races_needed} />}
            </Group>
          </Table.Td>
        </Table.Tr>
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
  const shown = tables.filter(([, rows]) => rows.length > 0);
  if (shown.length === 0) return <NoRows />;
  return (
    <Stack gap="lg">
      {shown.map(([title, rows]) => (
        <section key={title} aria-label={title}>
          <Title order={3} fz="h4" mb="xs">
            {title}
          </Title>
          <SeasonTable title={title} rows={rows} standing={standing} counting={counting} />
        </section>
      ))}
    </Stack>
  );
}

/** Club points, ranked by total; tied clubs share a position (the server's positions). */
export function ClubPointsTable({ rows, emptyText }: { rows: ClubPointsRow[]; emptyText: string }) {
  if (rows.length === 0) return <NoRows text={emptyText} />;
  return (
    <ResultTable caption="Club points" head={['Pos', 'Club', 'Points']}>
      {rankedLast(rows).map((r) => (
        <Table.Tr key={r.club_id} data-testid="club-row">
          <Table.Td>
            <Position position={r.position} />
          </Table.Td>
          <Table.Td>
            {r.club_name} ({r.club_id})
          </Table.Td>
          <Table.Td>{formatPoints(r.total_points)}</Table.Td>
        </Table.Tr>
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
