import { Alert, Button, Group, Paper, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { formatDayMonthYear } from '../../../domain/dates.ts';
import { type EventFilter, parseEventFilter } from '../../../domain/events/filters.ts';
import type { Product } from '../../../domain/events/product.ts';
import { eventFilterChoices } from '../../events/admin/model.ts';
import { cardClasses } from '../../ui/CardFacts.tsx';
import { EmptyList } from '../../ui/EmptyList.tsx';
import responsive from '../../ui/responsive.module.css';
import { priceLabel, remaining } from './booked-model.ts';
import classes from './ConfirmRacersPanel.module.css';

/** The race events, with their price, booked and remaining places, and View (doc 2 §2). */
export function BookedEventList({
  events,
  loading,
  failed,
  onRetry,
  filter,
  onFilter,
  code,
  onView,
}: {
  events: Product[];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  filter: EventFilter;
  onFilter: (filter: EventFilter) => void;
  code: string;
  onView: (event: Product) => void;
}) {
  const view = (e: Product) => (
    <Button size="compact-sm" variant="light" aria-label={`View participants of ${e.name}`} onClick={() => onView(e)}>
      View
    </Button>
  );
  const empty = (
    <EmptyList icon={<IconCalendarOff aria-hidden />} title="No events to show" description="Try another filter." />
  );
  return (
    <Paper withBorder radius="md" component="section" className={classes.section} aria-label="Race events">
      <Select
        label="Show"
        data={eventFilterChoices(code)}
        value={filter}
        onChange={(value) => onFilter(parseEventFilter(value))}
        allowDeselect={false}
        w={{ base: '100%', xs: 280 }}
        mb="md"
      />
      {failed ? (
        <Alert color="red" role="alert" title="The events could not be loaded">
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            Retry
          </Button>
        </Alert>
      ) : loading ? (
        <Stack gap="xs" aria-hidden>
          {Array.from({ length: 3 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
            <Skeleton key={i} height={36} radius="sm" />
          ))}
        </Stack>
      ) : events.length === 0 ? (
        empty
      ) : (
        <>
          <div className={responsive.wideOnly}>
            <Table.ScrollContainer minWidth={720} type="native">
              <Table striped highlightOnHover verticalSpacing="xs" aria-label="Race events">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Name</Table.Th>
                    <Table.Th scope="col">Slope</Table.Th>
                    <Table.Th scope="col">Date</Table.Th>
                    <Table.Th scope="col">Price</Table.Th>
                    <Table.Th scope="col">Booked</Table.Th>
                    <Table.Th scope="col">Remaining</Table.Th>
                    <Table.Th scope="col">
                      <span className={classes.nowrap}>Participants</span>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {events.map((e) => (
                    <Table.Tr key={e.id}>
                      <Table.Td fw={600}>{e.name}</Table.Td>
                      <Table.Td>{e.slope_name}</Table.Td>
                      <Table.Td className={classes.nowrap}>{formatDayMonthYear(e.date)}</Table.Td>
                      <Table.Td>{priceLabel(e.price)}</Table.Td>
                      <Table.Td>{e.booked_quantity}</Table.Td>
                      <Table.Td>{remaining(e)}</Table.Td>
                      <Table.Td>{view(e)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </div>
          <ul className={`${cardClasses.cards} ${responsive.narrowOnly}`} aria-label="Race events">
            {events.map((e) => (
              <Paper component="li" key={e.id} withBorder radius="md" p="sm">
                <Text fw={600}>{e.name}</Text>
                <dl className={cardClasses.facts}>
                  <dt>Slope</dt>
                  <dd>{e.slope_name}</dd>
                  <dt>Date</dt>
                  <dd>{formatDayMonthYear(e.date)}</dd>
                  <dt>Price</dt>
                  <dd>{priceLabel(e.price)}</dd>
                  <dt>Booked</dt>
                  <dd>{e.booked_quantity}</dd>
                  <dt>Remaining</dt>
                  <dd>{remaining(e)}</dd>
                </dl>
                <Group justify="flex-end">{view(e)}</Group>
              </Paper>
            ))}
          </ul>
        </>
      )}
    </Paper>
  );
}
