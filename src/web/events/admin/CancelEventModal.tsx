import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Product } from '../../../domain/events/index.ts';
import { cancelRaceConfirmation, RACE_CANCEL_MSG } from '../../../domain/payments/race-cancel.ts';
import { serverMessage } from '../../api/server-error.ts';
import { toast } from '../../ui/toast.ts';
import { EventDate } from '../EventDate.tsx';
import { useCancelEvent, useCancelPreview } from './api.ts';
import { CANCEL_EVENT_MSG, cancelledToast } from './cancel-words.ts';

/**
 * Cancel event? (doc 2 §4; issue 35): before the administrator confirms, the server's count of
 * what cancelling does (GET /products/{id}/cancel/) in cancelRaceConfirmation's words: the paid
 * entries refunded in full and their total, and every entrant told. Cancel event waits for that
 * count; when it cannot be read the confirmation says so and offers to try again. Once cancelled:
 * a toast, the modal closes and the list shows the event as Cancelled (its reads are refreshed).
 * Focus goes back to the button that opened it (Mantine's Modal).
 */
export function CancelEventModal({ event, onClose }: { event: Product | null; onClose: () => void }) {
  // the event stays named while the modal fades out after closing
  const [shown, setShown] = useState(event);
  if (event && event !== shown) setShown(event);
  const preview = useCancelPreview(event?.id ?? null);
  const cancel = useCancelEvent();
  const figures = preview.data;
  const ready = figures !== undefined && !figures.cancelled && !figures.taken_place && !preview.isFetching;

  const close = () => {
    cancel.reset();
    onClose();
  };
  const confirm = () => {
    if (!event || !ready) return;
    cancel.mutate(event.id, {
      onSuccess: () => {
        toast.admin('success', cancelledToast(figures));
        close();
      },
      onError: (error) => toast.admin('error', serverMessage(error, CANCEL_EVENT_MSG.failed)),
    });
  };

  return (
    <Modal
      opened={event !== null}
      onClose={close}
      title="Cancel event?"
      size="md"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {shown && (
        <Stack gap="sm">
          <Text size="sm">
            Are you sure you want to cancel <strong>{shown.name}</strong> on <EventDate iso={shown.date} />? It stays
            listed as Cancelled and takes no more bookings.
          </Text>
          {preview.isFetching || (!figures && !preview.isError) ? (
            <Group gap="xs" aria-live="polite">
              <Loader size="xs" aria-hidden />
              <Text size="sm" c="dimmed">
                {CANCEL_EVENT_MSG.counting}
              </Text>
            </Group>
          ) : preview.isError || !figures ? (
            <Alert color="red" role="alert">
              <Text size="sm" mb="xs">
                {CANCEL_EVENT_MSG.previewFailed}
              </Text>
              <Button size="xs" variant="default" onClick={() => void preview.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : figures.cancelled ? (
            <Alert color="yellow">{CANCEL_EVENT_MSG.alreadyCancelled}</Alert>
          ) : figures.taken_place ? (
            <Alert color="yellow">{RACE_CANCEL_MSG.takenPlace}</Alert>
          ) : (
            <Text size="sm" fw={600} data-testid="cancel-race-figures" aria-live="polite">
              {cancelRaceConfirmation(figures)}
            </Text>
          )}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close}>
              Keep event
            </Button>
            <Button color="red.9" onClick={confirm} disabled={!ready} loading={cancel.isPending}>
              Cancel event
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
