import { Button, List, Paper, Skeleton, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FreeEntry } from '../../domain/payments/records.ts';
import { ApiError } from '../api/client.ts';
import { EventDate } from '../events/EventDate.tsx';
import { openConfirm } from '../ui/confirm.ts';
import { toast } from '../ui/toast.ts';
import { paymentsApi } from './api.ts';
import { MY_ENTRIES_KEY, useMyFreeEntries } from './queries.ts';

/** Cancel a free entry, after a confirmation (issue 27: the same rule as a paid entry). */
function CancelFree({ entry }: { entry: FreeEntry }) {
  const queryClient = useQueryClient();
  const cancelling = useMutation({
    mutationFn: () => paymentsApi.cancelFreeEntry(entry.id),
    onSuccess: ({ message }) => {
      toast.success(message);
      return queryClient.invalidateQueries({ queryKey: MY_ENTRIES_KEY });
    },
    onError: (error) =>
      toast.error(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.'),
  });
  const ask = () =>
    openConfirm({
      title: `Cancel ${entry.participant_name}'s entry?`,
      children: (
        <Text size="sm">
          {entry.participant_name} will no longer be entered for {entry.product_name}. The entry was free: there is
          nothing to refund.
        </Text>
      ),
      labels: { confirm: 'Cancel entry', cancel: 'Keep entry' },
      onConfirm: () => cancelling.mutate(),
    });
  return (
    <Button size="compact-xs" variant="default" ml="xs" loading={cancelling.isPending} onClick={ask}>
      Cancel entry
    </Button>
  );
}

/** My Entries' free entries: those the user booked at a free checkout (their receipt is the e-mail
 * sent when they were booked). Nothing shows while there are none. */
export function FreeEntries() {
  const entries = useMyFreeEntries();
  if (entries.isPending) return <Skeleton height={60} aria-label="Loading free entries" />;
  if (entries.isError || entries.data.length === 0) return null;
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-label="Free entries">
      <Text fw={700}>Free entries</Text>
      <Text size="sm" c="dimmed">
        No payment: the e-mail sent when they were booked is their receipt.
      </Text>
      <List size="sm" mt="sm" spacing={4}>
        {entries.data.map((e) => (
          <List.Item key={e.id}>
            {e.participant_name} — {e.product_name} (<EventDate iso={e.product_event_date} />)
            {e.can_cancel && <CancelFree entry={e} />}
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
