import { Group, Paper, SimpleGrid, Table, Text, TextInput, Title } from '@mantine/core';
import { isValidSetup, setupFor, TEAM_COUNTS, TEAM_SIZES, TEAMS_MSG } from '../../../domain/teams/index.ts';

function Figure({ label, value, highlighted }: { label: string; value: number; highlighted?: boolean }) {
  return (
    <Paper withBorder p="sm" radius="md" bg={highlighted ? 'green.0' : undefined} data-testid={`summary-${label}`}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz="xl" fw={700} c={highlighted ? 'green.9' : undefined}>
        {value}
      </Text>
    </Paper>
  );
}

/**
 * The summary (Teams, People per team, Total Selected highlighted when valid, Total Rows), the
 * table of valid setups (5 × 7 disabled, the current one highlighted) and the team names
 * (doc 3 §2).
 */
export function SetupSummary({
  heroes,
  rows,
  names,
  onName,
}: {
  heroes: number;
  rows: number;
  names: string[];
  onName: (index: number, name: string) => void;
}) {
  const setup = setupFor(heroes);
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Figure label="Teams" value={setup?.teams ?? 0} />
        <Figure label="People per team" value={setup?.size ?? 0} />
        <Figure label="Total Selected" value={heroes} highlighted={setup !== null} />
        <Figure label="Total Rows" value={rows} />
      </SimpleGrid>
      <Table.ScrollContainer minWidth={480} type="native">
        <Table withTableBorder withColumnBorders fz="sm" aria-label="Valid team combinations" ta="center">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Teams</Table.Th>
              {TEAM_SIZES.map((size) => (
                <Table.Th key={size} scope="col" ta="center">
                  {size} people
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {TEAM_COUNTS.map((teams) => (
              <Table.Tr key={teams}>
                <Table.Th scope="row">{teams}</Table.Th>
                {TEAM_SIZES.map((size) => {
                  const valid = isValidSetup(teams, size);
                  const current = setup?.teams === teams && setup.size === size;
                  return (
                    <Table.Td
                      key={size}
                      ta="center"
                      c={valid ? undefined : 'gray.6'}
                      bg={current ? 'green.1' : valid ? undefined : 'gray.1'}
                      fw={current ? 700 : undefined}
                      aria-current={current || undefined}
                      aria-disabled={!valid || undefined}
                      data-testid={`combo-${teams}x${size}`}
                    >
                      {valid ? teams * size : 'not valid'}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {setup && (
        <div>
          <Title order={4} mb="xs">
            Team Names
          </Title>
          <Group gap="sm">
            {Array.from({ length: setup.teams }, (_, i) => (
              <TextInput
                // biome-ignore lint/suspicious/noArrayIndexKey: a team is its place in the list
                key={i}
                label={`Team ${i + 1}`}
                placeholder={TEAMS_MSG.teamNamePlaceholder}
                value={names[i] ?? ''}
                onChange={(e) => onName(i, e.currentTarget.value)}
                maxLength={60}
                w={180}
              />
            ))}
          </Group>
        </div>
      )}
    </>
  );
}
