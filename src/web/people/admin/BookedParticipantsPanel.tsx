import { Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { DEFAULT_EVENT_FILTER, type EventFilter } from '../../../domain/events/filters.ts';
import { LIVE_LIST } from '../../app/freshness.ts';
import { useProducts } from '../../events/api.ts';
import { useAssociation } from '../../ui/useAssociation.ts';
import { BookedEventList } from './BookedEventList.tsx';
import { bookedEvents } from './booked-model.ts';
import { EventParticipants } from './EventParticipants.tsx';

/**
 * Booked Participants (doc 2 §2, §3, §4): the association's race events (upcoming by default, by
 * date) with their booked and remaining places; View shows who is booked, where an administrator
 * adds an eligible racer or removes a booking, within the event's places, and downloads the CSV.
 */
export function BookedParticipantsPanel() {
  const { code } = useAssociation();
  const products = useProducts({ live: LIVE_LIST });
  const [filter, setFilter] = useState<EventFilter>(DEFAULT_EVENT_FILTER);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const events = useMemo(() => bookedEvents(products.data ?? [], filter, new Date()), [products.data, filter]);
  // the selected event as the latest read has it (its counts move with each add and remove)
  const selected = products.data?.find((p) => p.id === selectedId) ?? null;

  return (
    <Stack gap="lg">
      <Title order={2}>Booked Participants</Title>
      {selected ? (
        <EventParticipants event={selected} code={code} onHome={() => setSelectedId(null)} />
      ) : (
        <>
          <Text c="dimmed" size="sm">
            The {code} race events and who is booked on each. View an event to add or remove participants or download
            its list.
          </Text>
          <BookedEventList
            events={events}
            loading={products.isPending}
            failed={products.isError}
            onRetry={() => products.refetch()}
            filter={filter}
            onFilter={setFilter}
            code={code}
            onView={(e) => setSelectedId(e.id)}
          />
        </>
      )}
    </Stack>
  );
}
