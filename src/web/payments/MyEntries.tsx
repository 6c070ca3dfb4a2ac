import { Alert, Anchor, Badge, Button, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { londonToday } from '../../domain/dates.ts';
import { paths } from '../app/paths.ts';
import { EventDate } from '../events/EventDate.tsx';
import type { Order } from './api.ts';
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

/** One order as its receipt: each entry with its amount, what was refunded, the reference. */
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
        {order.refunded !== '0.00' && <Badge color="orange">£{order.refunded} refunded</Badge>}
      </Group>
      <List size="sm" mt="sm" spacing={4}>
        {order.lines.map((l) => (
          <List.Item key={`${l.product}:${l.participant}`}>
            {l.participant_name} — {l.product_name} (<EventDate iso={l.product_event_date} />) · £{l.amount}{' '}
            {l.state === 'booked' ? (
              <Badge size="sm" color="teal" variant="light">
                Booked
              </Badge>
            ) : (
              <Badge size="sm" color="orange" variant="light">
                Refunded: the event filled first
              </Badge>
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
      <Text size="sm" c="dimmed">
        Free entries have no payment: the e-mail sent when they were booked is their receipt.
      </Text>
    </Stack>
  );
}
