import { londonToday } from '../dates.ts';
import type { Product } from './product.ts';

/**
 * The admin event list's filters (doc 2 §2 Bookings panel, and the Booked Participants panel).
 * "Upcoming" is an event dated London today or later; "past" is before today. "race" is the
 * association's own events (the text's "{product}"), "non-race" every other type.
 */
export const EVENT_FILTERS = [
  'all',
  'upcoming',
  'past',
  'race',
  'non-race',
  'upcoming-race',
  'upcoming-non-race',
  'past-race',
  'past-non-race',
] as const;

export type EventFilter = (typeof EVENT_FILTERS)[number];

export const DEFAULT_EVENT_FILTER: EventFilter = 'upcoming';

export function isEventFilter(value: string): value is EventFilter {
  return (EVENT_FILTERS as readonly string[]).includes(value);
}

/** A filter from outside (a query string, a saved choice); anything unknown is the default. */
export function parseEventFilter(value: string | null | undefined): EventFilter {
  return value && isEventFilter(value) ? value : DEFAULT_EVENT_FILTER;
}

/** The label the text shows: 'race' reads as the association's code ('ERSA', 'upcoming-ERSA', 'non-ERSA' …). */
export function eventFilterLabel(filter: EventFilter, code: string): string {
  return filter.replace('race', code);
}

/** The dropdown's choices, in the text's order. */
export function eventFilterOptions(code: string): { value: EventFilter; label: string }[] {
  return EVENT_FILTERS.map((value) => ({ value, label: eventFilterLabel(value, code) }));
}

type FilterFields = Pick<Product, 'date' | 'event_type'>;

/** Whether an event passes a filter, given London today ('YYYY-MM-DD'). */
export function matchesEventFilter(event: FilterFields, filter: EventFilter, today: string): boolean {
  const [when, kind] = splitFilter(filter);
  const upcoming = event.date >= today;
  if (when === 'upcoming' && !upcoming) return false;
  if (when === 'past' && upcoming) return false;
  if (kind === 'race' && event.event_type !== 'race') return false;
  if (kind === 'non-race' && event.event_type === 'race') return false;
  return true;
}

function splitFilter(filter: EventFilter): ['all' | 'upcoming' | 'past', 'any' | 'race' | 'non-race'] {
  if (filter === 'all') return ['all', 'any'];
  if (filter === 'upcoming' || filter === 'past') return [filter, 'any'];
  if (filter === 'race' || filter === 'non-race') return ['all', filter];
  const [when, ...rest] = filter.split('-');
  return [when === 'past' ? 'past' : 'upcoming', rest.join('-') === 'race' ? 'race' : 'non-race'];
}

/** The events passing a filter at `now` (London today), in their given order. */
export function filterEvents<T extends FilterFields>(events: readonly T[], filter: EventFilter, now: Date): T[] {
  const today = londonToday(now);
  return events.filter((event) => matchesEventFilter(event, filter, today));
}
