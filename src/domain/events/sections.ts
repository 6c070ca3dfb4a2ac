import { londonToday } from '../dates.ts';
import type { Product } from './product.ts';
import { type RegistrationFields, windowPhase } from './registration.ts';

/**
 * The Booking page's four sections (doc 1 §2), in page order.
 * - Book Your Race Now: race events whose window is open now (full ones too, so they show Event Full).
 * - Happening Soon: race events whose registration has closed and whose date is today or later.
 * - Coming Soon: race events whose registration has not opened yet.
 * - Other Events: external and information events dated today or later.
 * Past events are in none; school events show on the Schools page instead (`schoolEvents`).
 * A cancelled event stays in the section its dates put it in, where its card shows Cancelled and
 * it cannot be booked: a visitor looking for it learns it is off rather than finding it gone.
 */
export const BOOKING_SECTIONS = [
  { key: 'bookNow', title: 'Book Your Race Now' },
  { key: 'happeningSoon', title: 'Happening Soon' },
  { key: 'comingSoon', title: 'Coming Soon' },
  { key: 'otherEvents', title: 'Other Events' },
] as const;

export type BookingSectionKey = (typeof BOOKING_SECTIONS)[number]['key'];

/** Shown when every section is empty. */
export const NO_EVENTS_TITLE = 'No Events Available';

export type SectionFields = RegistrationFields & Pick<Product, 'date'>;

/** The section an event belongs in at `now`, or null (past, school, or a race without a window). */
export function bookingSection(event: SectionFields, now: Date): BookingSectionKey | null {
  if (event.date < londonToday(now)) return null;
  if (event.event_type === 'external' || event.event_type === 'information') return 'otherEvents';
  if (event.event_type !== 'race') return null;
  const phase = windowPhase(event, now);
  if (phase === 'before') return 'comingSoon';
  if (phase === 'open') return 'bookNow';
  if (phase === 'after') return 'happeningSoon';
  return null;
}

function byDate<T extends Pick<Product, 'date'>>(a: T, b: T): number {
  return a.date < b.date ? -1 : a.date > b.date ? 1 : 0;
}

/** Every section's events at `now`, each sorted by date (the order is kept for equal dates). */
export function bookingSections<T extends SectionFields>(
  events: readonly T[],
  now: Date,
): Record<BookingSectionKey, T[]> {
  const out: Record<BookingSectionKey, T[]> = { bookNow: [], happeningSoon: [], comingSoon: [], otherEvents: [] };
  for (const event of events) {
    const key = bookingSection(event, now);
    if (key) out[key].push(event);
  }
  for (const list of Object.values(out)) list.sort(byDate);
  return out;
}

/** Whether the page has nothing to show ('No Events Available'). */
export function noBookingEvents(sections: Record<BookingSectionKey, readonly unknown[]>): boolean {
  return Object.values(sections).every((list) => list.length === 0);
}

/** The Schools page's events: school events dated today or later, by date. */
export function schoolEvents<T extends Pick<Product, 'date' | 'event_type'>>(events: readonly T[], now: Date): T[] {
  const today = londonToday(now);
  return events.filter((e) => e.event_type === 'school' && e.date >= today).sort(byDate);
}
