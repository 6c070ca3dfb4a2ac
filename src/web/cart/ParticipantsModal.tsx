import { Alert, Badge, Button, Checkbox, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { CART_MSG } from '../../domain/cart/index.ts';
import { useModalStore } from '../ui/modal-store.ts';
import { toast } from '../ui/toast.ts';
import { type BookingParticipant, cartApi } from './api.ts';
import { bulkAddMessages, selectable } from './model.ts';
import { useCartStore } from './store.ts';

const AT_LEAST_ONE = 'Please select at least one available user to book for.';
/** A name of 50 + 50 letters wraps beside its status on a phone, instead of pushing it away. */
const LONG_NAMES = {
  root: { minWidth: 0 },
  body: { minWidth: 0 },
  labelWrapper: { minWidth: 0 },
  label: { overflowWrap: 'anywhere' },
  description: { overflowWrap: 'anywhere' },
} as const;

const STATUS_COLOR: Record<BookingParticipant['status'], string> = {
  Available: 'teal.9',
  'In Cart': 'blue.8',
  Booked: 'gray.7',
  'Awaiting Racer Approval': 'yellow.4',
  'Racer Not Approved': 'red.9',
  'Non Race Account': 'gray.7',
};

/** The participants modal (doc 1 §2, §4, §8): the user and their family with a checkbox each;
 * only available racers can be chosen; at least one must be; the chosen go to the cart. */
export function ParticipantsModal() {
  const modal = useModalStore((s) => s.modal);
  const event = useModalStore((s) => s.event);
  const close = useModalStore((s) => s.close);
  const opened = modal === 'participants' && event !== null;
  const participants = useQuery({
    queryKey: ['check-bookings', event?.id ?? 0],
    queryFn: () => cartApi.checkBookings(event?.id ?? 0),
    enabled: opened,
    staleTime: 0,
  });
  const [chosen, setChosen] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (opened) {
      setChosen([]);
      setProblem(null);
    }
  }, [opened]);

  const submit = async () => {
    if (!event) return;
    if (chosen.length === 0) {
      setProblem(AT_LEAST_ONE);
      return;
    }
    setBusy(true);
    try {
      const result = await cartApi.bulkAdd(chosen.map((participant) => ({ product: event.id, participant })));
      for (const m of bulkAddMessages(result)) {
        if (m.kind === 'success') toast.success(m.text);
        else if (m.kind === 'warning') toast.warning(m.text);
        else toast.error(m.text);
      }
      await useCartStore.getState().refresh();
      close();
    } catch {
      // the bulk add itself failed (doc 1 §8, Cart); loading the family is the modal's own failure below
      toast.error(CART_MSG.addUnexpected);
    } finally {
      setBusy(false);
    }
  };

  const people = participants.data ?? [];
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={event ? `Who is entering ${event.name}?` : 'Participants'}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {participants.isPending ? (
        <Group gap="xs">
          <Loader size="sm" aria-hidden />
          <Text c="dimmed">Loading your family…</Text>
        </Group>
      ) : participants.isError ? (
        <Alert color="red" role="alert">
          {CART_MSG.bookingUnexpected}
        </Alert>
      ) : (
        <Stack gap="sm">
          <Checkbox.Group
            label="Participants"
            description="Only approved racers who are not yet entered can be chosen."
            value={chosen}
            onChange={(value) => {
              setChosen(value);
              setProblem(null);
            }}
            error={problem}
          >
            <Stack gap="xs" mt="xs">
              {people.map((p) => (
                <Group key={p.username} justify="space-between" wrap="nowrap" gap="xs">
                  <Checkbox
                    value={p.username}
                    disabled={!selectable(p)}
                    label={p.name}
                    description={p.username}
                    styles={LONG_NAMES}
                  />
                  <Badge
                    color={STATUS_COLOR[p.status]}
                    variant="filled"
                    autoContrast
                    tt="none"
                    style={{ flexShrink: 0 }}
                  >
                    {p.status}
                  </Badge>
                </Group>
              ))}
            </Stack>
          </Checkbox.Group>
          {people.length > 0 && people.every((p) => !selectable(p)) && (
            <Text size="sm" c="dimmed">
              {people.some((p) => p.status === 'In Cart' || p.status === 'Booked')
                ? 'Everyone in your family who can be entered is already in your cart or booked.'
                : 'Nobody in your family can be entered for this event now. Racers wait for an administrator’s approval; link family members from My Profile → Linked Accounts.'}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button onClick={submit} loading={busy}>
              Add to Cart
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
