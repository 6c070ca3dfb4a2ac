import { List, Paper, Skeleton, Text } from '@mantine/core';
import { EventDate } from '../events/EventDate.tsx';
import { paymentsApi } from './api.ts';
import { CancelEntryButton } from './CancelEntryButton.tsx';
import { freeEntryStatus } from './entry-status.ts';
import { useMyFreeEntries } from './queries.ts';

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
            {e.race_cancelled && (
              <Text span size="sm" fw={600} c="red.9" ml="xs">
                {freeEntryStatus(e)}
              </Text>
            )}
            {e.can_cancel && !e.race_cancelled && (
              <CancelEntryButton
                participant={e.participant_name}
                product={e.product_name}
                refundText="The entry was free: there is nothing to refund."
                cancel={() => paymentsApi.cancelFreeEntry(e.id)}
              />
            )}
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
