import { Alert, Button, Group, Loader, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { BOOKED_MSG } from '../../../domain/people/booked.ts';
import { serverMessage } from '../../api/server-error.ts';
import { cardClasses } from '../../ui/CardFacts.tsx';
import { toast } from '../../ui/toast.ts';
import { type EligibleUser, useAddParticipant, useEligible } from './booked-api.ts';
import { clubShort, dateLabel, genderText, matchEligible } from './booked-model.ts';

/** How many matches the list shows at once; the search narrows the rest. */
const SHOWN = 50;

/** Add Participant (doc 2 §2, §4): the eligible users with a search; adding one books them,
 * raises the booked count and closes the panel. */
export function AddParticipantModal({
  event,
  opened,
  onClose,
}: {
  event: { id: number; name: string };
  opened: boolean;
  onClose: () => void;
}) {
  const [search, setSearch] = useState('');
  const eligible = useEligible(event.id, opened);
  const add = useAddParticipant(event.id);
  const [adding, setAdding] = useState<number | null>(null);
  const matches = matchEligible(eligible.data ?? [], search);

  const onAdd = async (user: EligibleUser) => {
    setAdding(user.id);
    try {
      await add.mutateAsync(user.id);
      toast.admin('success', `${user.first_name} ${user.last_name} was added to ${event.name}.`);
      setSearch('');
      onClose();
    } catch (error) {
      toast.admin('error', serverMessage(error, 'Failed to add participant'));
    } finally {
      setAdding(null);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Add Participant"
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close Add Participant' }}
    >
      <Stack gap="sm">
        <TextInput
          label="Search users"
          placeholder="Search users..."
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maxLength={100}
          leftSection={<IconSearch size={16} aria-hidden />}
          data-autofocus
        />
        {eligible.isPending ? (
          <Group gap="xs">
            <Loader size="sm" aria-hidden />
            <Text c="dimmed">Loading eligible users…</Text>
          </Group>
        ) : eligible.isError ? (
          <Alert color="red" role="alert" title="The eligible users could not be loaded">
            <Button size="xs" variant="white" color="red" onClick={() => eligible.refetch()}>
              Retry
            </Button>
          </Alert>
        ) : matches.length === 0 ? (
          <Text c="dimmed">{BOOKED_MSG.noEligible}</Text>
        ) : (
          <>
            <Text size="sm" c="dimmed" aria-live="polite">
              {matches.length > SHOWN
                ? `Showing ${SHOWN} of ${matches.length} eligible users: search to narrow the list.`
                : `${matches.length} eligible user${matches.length === 1 ? '' : 's'}`}
            </Text>
            <ul className={cardClasses.cards} aria-label="Eligible users">
              {matches.slice(0, SHOWN).map((u) => (
                <Paper component="li" key={u.id} withBorder radius="md" p="xs">
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <div style={{ minWidth: 0 }}>
                      <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {u.first_name} {u.last_name}
                      </Text>
                      <Text size="xs" c="gray.7">
                        {dateLabel(u.profile.date_of_birth)} · {genderText(u.profile.gender)} ·{' '}
                        {clubShort(u.profile.local_club)}
                      </Text>
                    </div>
                    <Button
                      size="compact-sm"
                      aria-label={`Add ${u.first_name} ${u.last_name}`}
                      loading={adding === u.id}
                      disabled={adding !== null && adding !== u.id}
                      onClick={() => onAdd(u)}
                    >
                      Add
                    </Button>
                  </Group>
                </Paper>
              ))}
            </ul>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
