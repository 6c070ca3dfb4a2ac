import { Alert, Badge, Button, Group, Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatLondonDateTime } from '../../domain/dates.ts';
import type { AdminWaitingEntry } from '../../domain/waiting-list/shapes.ts';
import { serverMessage } from '../api/server-error.ts';
import { CardFacts, cardClasses } from '../ui/CardFacts.tsx';
import { openConfirm } from '../ui/confirm.ts';
import responsive from '../ui/responsive.module.css';
import { toast } from '../ui/toast.ts';
import { raceWaitingKey, waitingApi } from './api.ts';
import { isLive, MODE_LABEL, memberText, offerText, STATE_COLOR, stateLabel } from './model.ts';

function StateCell({ entry }: { entry: AdminWaitingEntry }) {
  const offer = offerText(entry);
  return (
    <>
      <Badge color={STATE_COLOR[entry.state]} variant="filled" autoContrast tt="none">
        {stateLabel(entry)}
      </Badge>
      {offer && (
        <Text size="xs" mt={2}>
          {offer}
        </Text>
      )}
    </>
  );
}

/**
 * A race's waiting list in Booked Participants (issue 27; docs/decisions/0053): each entry with its
 * position, family, members, mode and offer state, live entries first; Remove takes an entry off
 * (places offered to it pass on). A table on wide screens, cards on a phone.
 */
export function AdminWaitingList({ eventId, eventName }: { eventId: number; eventName: string }) {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: raceWaitingKey(eventId), queryFn: () => waitingApi.raceList(eventId) });
  const remove = useMutation({
    mutationFn: (id: number) => waitingApi.remove(id),
    onSuccess: (done) => {
      toast.admin('success', done.message);
      return queryClient.invalidateQueries({ queryKey: raceWaitingKey(eventId) });
    },
    onError: (error) => toast.admin('error', serverMessage(error, 'Failed to remove the entry')),
  });
  const onRemove = (e: AdminWaitingEntry) =>
    openConfirm({
      title: 'Remove from the waiting list',
      children: (
        <Text size="sm">
          Remove {e.owner.name}’s entry ({e.members.map((m) => m.name).join(', ')}) from the waiting list for{' '}
          {eventName}?{e.state === 'offered' ? ' The places offered to it pass to the next family on the list.' : ''}
        </Text>
      ),
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(e.id),
    });
  const removeButton = (e: AdminWaitingEntry) =>
    isLive(e) ? (
      <Button
        size="compact-sm"
        variant="outline"
        color="red.9"
        aria-label={`Remove ${e.owner.name}'s waiting-list entry`}
        onClick={() => onRemove(e)}
      >
        Remove
      </Button>
    ) : null;

  const entries = list.data?.entries ?? [];
  const live = entries.filter(isLive).length;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="waiting-list-title">
      <Title order={3} size="h4" id="waiting-list-title">
        Waiting list
      </Title>
      {list.isError ? (
        <Alert color="red" role="alert" title="The waiting list could not be loaded">
          <Button size="xs" variant="white" color="red" onClick={() => list.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : list.isPending ? (
        <Skeleton height={60} radius="sm" aria-hidden />
      ) : entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nobody is waiting. When the race is full, families can join its list from the event’s card.
        </Text>
      ) : (
        <>
          <Text size="sm" c="gray.7" mb="sm" data-testid="waiting-summary">
            {live} {live === 1 ? 'entry' : 'entries'} on the list
            {list.data.kept > 0 &&
              ` · ${list.data.kept} freed ${list.data.kept === 1 ? 'place' : 'places'} kept for it (no entry fits yet)`}
          </Text>
          <div className={responsive.wideOnly}>
            <Table.ScrollContainer minWidth={720} type="native">
              <Table striped verticalSpacing="xs" aria-label="Waiting list">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Position</Table.Th>
                    <Table.Th scope="col">Family</Table.Th>
                    <Table.Th scope="col">Waiting</Table.Th>
                    <Table.Th scope="col">Mode</Table.Th>
                    <Table.Th scope="col">State</Table.Th>
                    <Table.Th scope="col">Joined</Table.Th>
                    <Table.Th scope="col">Remove</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {entries.map((e) => (
                    <Table.Tr key={e.id}>
                      <Table.Td>{e.position ?? '—'}</Table.Td>
                      <Table.Td>
                        {e.owner.name}
                        <Text size="xs" c="dimmed">
                          {e.owner.username}
                        </Text>
                      </Table.Td>
                      <Table.Td>{e.members.map(memberText).join(', ')}</Table.Td>
                      <Table.Td>{MODE_LABEL[e.mode]}</Table.Td>
                      <Table.Td>
                        <StateCell entry={e} />
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatLondonDateTime(e.created_at)}</Table.Td>
                      <Table.Td>{removeButton(e)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </div>
          <ul className={`${cardClasses.cards} ${responsive.narrowOnly}`} aria-label="Waiting list">
            {entries.map((e) => (
              <Paper component="li" key={e.id} withBorder radius="md" p="sm">
                <Text fw={600}>
                  {e.position ? `${e.position}. ` : ''}
                  {e.owner.name}
                </Text>
                <CardFacts
                  facts={[
                    ['Waiting', e.members.map(memberText).join(', ')],
                    ['Mode', MODE_LABEL[e.mode]],
                    ['State', <StateCell key="state" entry={e} />],
                    ['Joined', formatLondonDateTime(e.created_at)],
                  ]}
                />
                <Group justify="flex-end">{removeButton(e)}</Group>
              </Paper>
            ))}
          </ul>
        </>
      )}
    </Paper>
  );
}
