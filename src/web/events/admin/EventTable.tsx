import { Alert, Button, Group, Loader, Paper, Select, Table, Text } from '@mantine/core';
import { IconBan, IconFiles, IconPencil, IconReceiptRefund } from '@tabler/icons-react';
import { type EventFilter, type Product, parseEventFilter } from '../../../domain/events/index.ts';
import { displayPrice } from '../../../domain/money.ts';
import { CardFacts, cardClasses } from '../../ui/CardFacts.tsx';
import { softDisabled } from '../../ui/focus.ts';
import responsive from '../../ui/responsive.module.css';
import { EventDate } from '../EventDate.tsx';
import { EventStatusBadge } from './EventStatusBadge.tsx';
import { eventFilterChoices, eventTypeLabel, placesLabel } from './model.ts';

interface EventTableProps {
  events: Product[];
  code: string;
  filter: EventFilter;
  onFilterChange: (filter: EventFilter) => void;
  loading: boolean;
  failed: boolean;
  editingId: number | null;
  onEdit: (event: Product) => void;
  onDocuments: (event: Product) => void;
  /** A race's cancellation terms (issue 27). */
  onCancelTerms: (event: Product) => void;
  onCancelEvent: (event: Product) => void;
}

/** The Bookings panel's event table (doc 2 §2): the nine filters (default upcoming), one row per
 * event with Edit, Documents and Cancel event. Dates are long above 768 px and DD/MM/YYYY below
 * (doc 1 §9). At 768 px or less each event is a card with the same buttons. */
export function EventTable(props: EventTableProps) {
  const { events, code, filter, loading, failed, editingId } = props;
  const now = new Date();

  return (
    <>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm" mb="sm">
        <Select
          label="Filter events"
          data={eventFilterChoices(code)}
          value={filter}
          onChange={(value) => props.onFilterChange(parseEventFilter(value))}
          allowDeselect={false}
          w={240}
        />
        <Text size="sm" c="dimmed" aria-live="polite">
          {loading ? 'Loading events…' : `${events.length} event${events.length === 1 ? '' : 's'}`}
        </Text>
      </Group>
      {failed && (
        <Alert color="red" mb="sm" role="alert">
          Error loading booking data
        </Alert>
      )}
      <EventCards {...props} now={now} />
      {/* the table above 768 px; at 768 px or less it stays for the loading and empty states only */}
      <Table.ScrollContainer
        minWidth={880}
        type="native"
        className={events.length > 0 && !loading ? responsive.wideOnly : undefined}
      >
        <Table striped highlightOnHover verticalSpacing="xs" aria-label="Events">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Slope</Table.Th>
              <Table.Th>Price</Table.Th>
              <Table.Th>Places</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loading && (
              <Table.Tr>
                <Table.Td colSpan={8}>
                  <Loader size="sm" aria-label="Loading events" />
                </Table.Td>
              </Table.Tr>
            )}
            {!loading && events.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={8}>
                  <Text size="sm" c="dimmed">
                    No events match this filter.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {events.map((event) => (
              <Table.Tr key={event.id} bg={event.id === editingId ? 'blue.0' : undefined}>
                <Table.Td fw={600}>{event.name}</Table.Td>
                {/* the long date may wrap after its day, so the row's buttons fit at 1280 px */}
                <Table.Td miw={120}>
                  <EventDate iso={event.date} />
                </Table.Td>
                <Table.Td>{eventTypeLabel(event.event_type, code)}</Table.Td>
                <Table.Td>{event.slope_name}</Table.Td>
                <Table.Td>{event.event_type === 'race' ? displayPrice(event.price) : '—'}</Table.Td>
                <Table.Td>{placesLabel(event)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <EventStatusBadge event={event} now={now} />
                </Table.Td>
                <Table.Td>
                  <EventActions event={event} {...props} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}

type ActionProps = Pick<EventTableProps, 'onEdit' | 'onDocuments' | 'onCancelEvent' | 'onCancelTerms'> & {
  event: Product;
};

/** Edit, Documents and Cancel event, each named with the event. */
function EventActions({ event, ...props }: ActionProps) {
  return (
    <Group gap={6} wrap="wrap">
      <Button
        size="compact-sm"
        variant="default"
        leftSection={<IconPencil size={14} aria-hidden />}
        onClick={() => props.onEdit(event)}
        aria-label={`Edit ${event.name}`}
      >
        Edit
      </Button>
      <Button
        size="compact-sm"
        variant="default"
        leftSection={<IconFiles size={14} aria-hidden />}
        onClick={() => props.onDocuments(event)}
        aria-label={`Documents of ${event.name} (${event.documents.length})`}
      >
        Documents ({event.documents.length})
      </Button>
      {event.event_type === 'race' && (
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconReceiptRefund size={14} aria-hidden />}
          onClick={() => props.onCancelTerms(event)}
          aria-label={`Cancellation terms of ${event.name}`}
        >
          Cancellations
        </Button>
      )}
      <Button
        size="compact-sm"
        variant="outline"
        color="red.9"
        leftSection={<IconBan size={14} aria-hidden />}
        // a cancelled event stays focusable, so focus back from the confirmation is kept
        onClick={() => !event.is_cancelled && props.onCancelEvent(event)}
        {...softDisabled(event.is_cancelled)}
        aria-label={`Cancel ${event.name}`}
      >
        Cancel event
      </Button>
    </Group>
  );
}

/** At 768 px or less, one card per event (the table's eight columns do not fit a phone). */
function EventCards(props: EventTableProps & { now: Date }) {
  const { events, code, loading, editingId, now } = props;
  if (loading || events.length === 0) return null;
  return (
    <ul className={`${responsive.narrowOnly} ${cardClasses.cards}`} aria-label="Events">
      {events.map((event) => (
        <Paper
          component="li"
          key={event.id}
          withBorder
          radius="md"
          p="sm"
          className={cardClasses.card}
          data-active={event.id === editingId || undefined}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Text className={cardClasses.title}>{event.name}</Text>
            <EventStatusBadge event={event} now={now} />
          </Group>
          <CardFacts
            facts={[
              ['Date', <EventDate key="date" iso={event.date} />],
              ['Type', eventTypeLabel(event.event_type, code)],
              ['Slope', event.slope_name],
              ['Price', event.event_type === 'race' ? displayPrice(event.price) : '—'],
              ['Places', placesLabel(event)],
            ]}
          />
          <EventActions event={event} {...props} />
        </Paper>
      ))}
    </ul>
  );
}
