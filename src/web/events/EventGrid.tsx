import type { Product } from '../../domain/events/product.ts';
import { Columns } from '../ui/Columns.tsx';
import { EventCard } from './EventCard.tsx';

/** Event cards in a responsive grid: one column on phones, two on tablets, three on desktops.
 * `atTop`: the grid opens the page, so its first row's pictures load at once (the largest thing
 * a visitor sees first), not lazily. */
export function EventGrid({ events, atTop = false }: { events: readonly Product[]; atTop?: boolean }) {
  return (
    <Columns cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" verticalSpacing="xl">
      {events.map((event, index) => (
        <EventCard key={event.id} event={event} first={atTop && index < 3} />
      ))}
    </Columns>
  );
}
