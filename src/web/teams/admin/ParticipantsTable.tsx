import { Badge, Checkbox, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { memo, useMemo, useState } from 'react';
import { CLUB_ORDER, TEAM_FLAGS, type TeamFlag, type TeamParticipant } from '../../../domain/teams/index.ts';
import { flagSets, type Selection } from './selection.ts';

const CLUB_FILTERS = ['All Clubs', ...CLUB_ORDER, 'Other'];

function matchesClub(club: string, filter: string): boolean {
  if (filter === 'All Clubs') return true;
  if (filter === 'Other') return !CLUB_ORDER.includes(club);
  return club === filter;
}

/**
 * The participants (doc 3 §2): search by number or name, the club filter, the five flag columns
 * with their counts (of everyone ticked, whatever the filter shows).
 */
export const ParticipantsTable = memo(function ParticipantsTable({
  participants,
  selection,
  code,
  onToggle,
}: {
  participants: TeamParticipant[];
  selection: Selection;
  code: string;
  onToggle: (flag: TeamFlag, bookingId: number, on: boolean) => void;
}) {
  const [search, setSearch] = useState('');
  const [club, setClub] = useState('All Clubs');
  const ticked = useMemo(() => flagSets(selection.flags), [selection]);
  const term = search.trim().toLowerCase();
  const shown = participants.filter(
    (p) =>
      matchesClub(p.club, club) &&
      (!term || p.racerId.toLowerCase().includes(term) || p.name.toLowerCase().includes(term)),
  );
  return (
    <Stack gap="sm">
      <Group align="flex-end">
        <TextInput
          label="Search"
          placeholder={`${code} ID or name`}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maxLength={100}
        />
        <NativeSelect label="Club" data={CLUB_FILTERS} value={club} onChange={(e) => setClub(e.currentTarget.value)} />
        <Text size="sm" c="dimmed" aria-live="polite">
          Showing {shown.length} of {participants.length}
        </Text>
      </Group>
      <Table.ScrollContainer minWidth={960} type="native" mah={520}>
        <Table striped stickyHeader withTableBorder fz="sm" verticalSpacing={4} aria-label="Participants">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{code}_ID</Table.Th>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col">Course Type</Table.Th>
              <Table.Th scope="col">Club</Table.Th>
              <Table.Th scope="col">Points</Table.Th>
              {TEAM_FLAGS.map((f) => (
                <Table.Th key={f.key} scope="col" ta="center">
                  {f.label}
                  <Text size="xs" c="dimmed" data-testid={`count-${f.key}`}>
                    ({ticked[f.key].size})
                  </Text>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((p) => (
              <Table.Tr key={p.bookingId} data-testid="participant-row">
                <Table.Td>{p.racerId || '–'}</Table.Td>
                <Table.Td>{p.name}</Table.Td>
                <Table.Td>{p.courseType}</Table.Td>
                <Table.Td>{p.club || '–'}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    {p.points.toFixed(2)}
                    {p.noSeed && (
                      <Badge size="xs" variant="light" color="gray">
                        no seed
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                {TEAM_FLAGS.map((f) => (
                  <Table.Td key={f.key} ta="center">
                    <Checkbox
                      aria-label={`${f.label}: ${p.name}`}
                      checked={ticked[f.key].has(p.bookingId)}
                      onChange={(e) => onToggle(f.key, p.bookingId, e.currentTarget.checked)}
                      style={{ display: 'inline-block' }}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
});
