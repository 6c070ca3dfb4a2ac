import type { Product } from '../../domain/events/product.ts';
import { Columns } from '../ui/Columns.tsx';
import { EventCard } from './EventCard.tsx';

/** Event cards in a responsive grid: one column on phones, two on tablets, three on desktops.
 * `atTop`: the grid opens the page, so the first card's picture loads at once with high priority
 * (on a phone it is the largest thing a visitor sees first); the others load lazily, which on a
 * wide screen, where the rest of the first row is in view, is as soon as the page is laid out. Three
 * pictures at high priority competed with each other and the page's scripts on a phone, where only
 * one is in view (Lighthouse's LCP on /booking 3.16 s with three, docs/decisions/0044). */
export function EventGrid({ events, atTop = false }: { events: readonly Product[]; atTop?: boolean }) {
  return (
    <Columns cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" verticalSpacing="xl">
      {events.map((event, index) => (
        <EventCard key={event.id} event={event} first={atTop && index === 0} />
      ))}
    </Columns>
  );
}
