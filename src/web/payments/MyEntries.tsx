import { Alert, Anchor, Button, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { londonToday } from '../../domain/dates.ts';
import { paths } from '../app/paths.ts';
import { EventDate } from '../events/EventDate.tsx';
import { MyWaitingEntries } from '../waiting-list/MyWaitingEntries.tsx';
import { type Order, paymentsApi } from './api.ts';
import { CancelEntryButton } from './CancelEntryButton.tsx';
import { entryStatus } from './entry-status.ts';
import { FreeEntries } from './FreeEntries.tsx';
import { clockTime } from './model.ts';
import { useMyEntries } from './queries.ts';

/** When an order was paid: its London date by the dates rule (doc 1 §9), then its London time. */
function PaidAt({ iso }: { iso: string | null }) {
  if (!iso) return null;
  const at = new Date(iso);
  return (
    <>
      <EventDate iso={londonToday(at)} /> {clockTime(at)}
    </>
  );
}

type Line = Order['lines'][number];

/** An entry's status and its refund as it stands (entry-status.ts): words that wrap on a phone. */
function LineStatus({ line }: { line: Line }) {
  const { text, booked } = entryStatus(line);
  return (
    <Text span size="sm" fw={600} c={booked ? 'teal.9' : 'red.9'} data-testid="entry-status">
      {text}
    </Text>
  );
}

/** What cancelling a paid entry gives back, as its confirmation says it. */
function refundText(cancel: NonNullable<Line['cancel']>): string {
  if (cancel.refund === '0.00')
    return `The cancellation fee of £${cancel.fee} is the whole price: nothing is refunded.`;
  const fee = cancel.fee === '0.00' ? '' : ` (a £${cancel.fee} cancellation fee is kept)`;
  return `£${cancel.refund} will be refunded to the card or account that paid${fee}.`;
}

/** One order as its receipt: each entry with its amount and status (a cancelled race's, a
 * refund's progress), what was refunded, the reference. */
function Receipt({ order }: { order: Order }) {
  return (
    <Paper component="article" withBorder p="md" radius="md" aria-label={`Order ${order.reference}`}>
      <Group justify="space-between" align="flex-start">
        <div>
          <Text fw={700}>Paid £{order.amount}</Text>
          <Text size="sm" c="dimmed">
            <PaidAt iso={order.settled_at ?? order.created_at} /> ·{' '}
            {order.provider === 'demo' ? 'demo payment' : order.provider} · reference {order.reference}
          </Text>
        </div>
        {/* text, not a light badge: its orange on orange failed contrast (axe) */}
        {order.refunded !== '0.00' && (
          <Text size="sm" fw={700} c="teal.9" data-testid="order-refunded">
            £{order.refunded} refunded
          </Text>
        )}
      </Group>
      <List size="sm" mt="sm" spacing={4}>
        {order.lines.map((l) => (
          <List.Item key={l.id}>
            {l.participant_name} — {l.product_name} (<EventDate iso={l.product_event_date} />) · £{l.amount}{' '}
            <LineStatus line={l} />
            {l.cancel && !l.race_cancelled && (
              <CancelEntryButton
                participant={l.participant_name}
                product={l.product_name}
                refundText={refundText(l.cancel)}
                cancel={() => paymentsApi.cancelEntry(l.id)}
              />
            )}
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}

/** My Profile → My Entries (issue 9): each completed order with its entries and receipt. */
export function MyEntries() {
  const entries = useMyEntries();
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        My Entries
      </Title>
      {entries.isPending ? (
        <Stack gap="sm" aria-label="Loading entries">
          <Skeleton height={90} />
          <Skeleton height={90} />
        </Stack>
      ) : entries.isError ? (
        <Alert color="red" role="alert" title="Your entries could not be loaded">
          <Button size="xs" variant="white" color="red" onClick={() => entries.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : entries.data.length === 0 ? (
        <Text>
          No paid entries yet.{' '}
          <Anchor component={Link} to={paths.booking}>
            Find a race to enter
          </Anchor>
        </Text>
      ) : (
        entries.data.map((order) => <Receipt key={order.reference} order={order} />)
      )}
      <FreeEntries />
      <MyWaitingEntries />
    </Stack>
  );
}
