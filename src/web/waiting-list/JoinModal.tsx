import { Alert, Badge, Button, Checkbox, Group, Loader, Modal, Radio, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { MAX_MEMBERS, WAITING_MSG } from '../../domain/waiting-list/messages.ts';
import type { WaitingMode } from '../../domain/waiting-list/shapes.ts';
import { useProfileStore } from '../accounts/store.ts';
import { serverMessage } from '../api/server-error.ts';
import { cartApi } from '../cart/api.ts';
import { selectable } from '../cart/model.ts';
import { useModalStore } from '../ui/modal-store.ts';
import { toast } from '../ui/toast.ts';
import { MY_WAITING_KEY, waitingApi } from './api.ts';
import { MODE_HELP, MODE_LABEL } from './model.ts';

/** The account ids of the user and their family by username: the family's statuses come from the
 * participants call (by username), the list takes ids. */
function useFamilyIds(): Map<string, number> {
  const user = useProfileStore((s) => s.user);
  const family = useProfileStore((s) => s.family);
  const ids = new Map<string, number>();
  if (user) ids.set(user.username, user.id);
  for (const m of family?.members ?? []) ids.set(m.username, m.id);
  return ids;
}

/**
 * Join a full race's waiting list (issue 27; docs/decisions/0053): one to four approved racers of
 * the family who are not entered, all-or-nothing or any of them. What the server refuses is said
 * in the dialog, which keeps what was chosen.
 */
export function JoinWaitingListModal() {
  const modal = useModalStore((s) => s.modal);
  const event = useModalStore((s) => s.event);
  const close = useModalStore((s) => s.close);
  const opened = modal === 'waitingList' && event !== null;
  const ids = useFamilyIds();
  const queryClient = useQueryClient();
  const family = useQuery({
    queryKey: ['check-bookings', event?.id ?? 0],
    queryFn: () => cartApi.checkBookings(event?.id ?? 0),
    enabled: opened,
    staleTime: 0,
  });
  const [chosen, setChosen] = useState<string[]>([]);
  const [mode, setMode] = useState<WaitingMode>('all');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (opened) {
      setChosen([]);
      setMode('all');
      setProblem(null);
    }
  }, [opened]);

  const submit = async () => {
    if (!event) return;
    const participants = chosen.map((u) => ids.get(u)).filter((id): id is number => id !== undefined);
    if (participants.length === 0 || participants.length > MAX_MEMBERS) {
      setProblem(WAITING_MSG.members);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const joined = await waitingApi.join(event.id, { participants, mode: participants.length === 1 ? 'all' : mode });
      toast.success(joined.message);
      await queryClient.invalidateQueries({ queryKey: MY_WAITING_KEY });
      close();
    } catch (error) {
      setProblem(serverMessage(error, 'Something went wrong. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const people = (family.data ?? []).filter((p) => ids.has(p.username));
  const canChoose = people.filter(selectable);
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={event ? `Join the waiting list for ${event.name}` : 'Join the waiting list'}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {family.isPending ? (
        <Group gap="xs">
          <Loader size="sm" aria-hidden />
          <Text c="dimmed">Loading your family…</Text>
        </Group>
      ) : family.isError ? (
        <Alert color="red" role="alert">
          Your family could not be loaded. Please try again.
        </Alert>
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            The race is full. If places come free, we offer them in the order families joined and e-mail you.
          </Text>
          <Checkbox.Group
            label="Who is waiting?"
            description={`Up to ${MAX_MEMBERS} approved racers who are not yet entered.`}
            value={chosen}
            onChange={(value) => {
              setChosen(value);
              setProblem(null);
            }}
          >
            <Stack gap="xs" mt="xs">
              {people.map((p) => (
                <Group key={p.username} justify="space-between" wrap="nowrap" gap="xs">
                  <Checkbox
                    value={p.username}
                    disabled={!selectable(p) || (chosen.length >= MAX_MEMBERS && !chosen.includes(p.username))}
                    label={p.name}
                    styles={{ label: { overflowWrap: 'anywhere' } }}
                  />
                  {!selectable(p) && (
                    <Badge color="gray.7" variant="filled" autoContrast tt="none" style={{ flexShrink: 0 }}>
                      {p.status}
                    </Badge>
                  )}
                </Group>
              ))}
            </Stack>
          </Checkbox.Group>
          {chosen.length > 1 && (
            <Radio.Group
              label="If there are not places for everyone"
              value={mode}
              onChange={(value) => setMode(value === 'any' ? 'any' : 'all')}
            >
              <Stack gap="xs" mt="xs">
                {(['all', 'any'] as const).map((m) => (
                  <Radio key={m} value={m} label={MODE_LABEL[m]} description={MODE_HELP[m]} />
                ))}
              </Stack>
            </Radio.Group>
          )}
          {canChoose.length === 0 && (
            <Text size="sm" c="dimmed">
              Nobody in your family can wait for this race: racers wait for an administrator’s approval, and those
              entered already have their place.
            </Text>
          )}
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button onClick={submit} loading={busy} disabled={canChoose.length === 0}>
              Join the waiting list
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
