import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { londonToday } from '../../domain/dates.ts';
import type { WaitingEntry } from '../../domain/waiting-list/shapes.ts';
import { paths } from '../app/paths.ts';
import { EventDate } from '../events/EventDate.tsx';
import { LeaveButton } from './LeaveButton.tsx';
import { entryNote, isLive, MODE_LABEL, memberText, STATE_COLOR, stateLabel } from './model.ts';
import { useMyWaitingEntries } from './queries.ts';

function WaitingCard({ entry }: { entry: WaitingEntry }) {
  return (
    <Paper component="li" withBorder radius="md" p="sm" style={{ listStyle: 'none' }}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Anchor component={Link} to={`/events/${entry.event.slug}`} fw={700} style={{ overflowWrap: 'anywhere' }}>
            {entry.event.name}
          </Anchor>
          <Text size="sm" c="dimmed">
            <EventDate iso={entry.event.date} /> · {MODE_LABEL[entry.mode]}
          </Text>
        </div>
        <Badge color={STATE_COLOR[entry.state]} variant="filled" autoContrast tt="none">
          {stateLabel(entry)}
        </Badge>
      </Group>
      <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
        {entry.members.map(memberText).join(', ')}
      </Text>
      <Text size="sm" mt={4}>
        {entryNote(entry)}
      </Text>
      {isLive(entry) && (
        <Group gap="xs" mt="xs" justify="flex-end">
          {entry.state === 'offered' && (
            <Button size="compact-sm" component={Link} to={paths.waitingEntry(entry.id)}>
              Answer the offer
            </Button>
          )}
          <LeaveButton entry={entry} />
        </Group>
      )}
    </Paper>
  );
}

/** My Entries' waiting lists (issue 27): the entries still on a list, and those that left it for a
 * race still to come. Nothing shows while there are none. */
export function MyWaitingEntries() {
  const entries = useMyWaitingEntries();
  if (entries.isPending) return <Skeleton height={60} aria-label="Loading waiting lists" />;
  if (entries.isError) return null;
  const today = londonToday(new Date());
  const shown = entries.data.filter((e) => isLive(e) || e.event.date >= today);
  if (shown.length === 0) return null;
  return (
    <Stack component="section" gap="xs" aria-labelledby="waiting-lists">
      <Text fw={700} id="waiting-lists">
        Waiting lists
      </Text>
      <Stack component="ul" gap="xs" p={0} m={0}>
        {shown.map((e) => (
          <WaitingCard key={e.id} entry={e} />
        ))}
      </Stack>
    </Stack>
  );
}
