import { SimpleGrid } from '@mantine/core';
import type { Product } from '../../domain/events/product.ts';
import { EventCard } from './EventCard.tsx';

/** Event cards in a responsive grid: one column on phones, two on tablets, three on desktops. */
export function EventGrid({ events }: { events: readonly Product[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" verticalSpacing="xl">
      {events.map((event) => (
        <EventCard key={event.id} event={event} />
      ))}
    </SimpleGrid>
  );
}
