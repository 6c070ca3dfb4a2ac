import { londonToday } from '../dates.ts';
import { londonMoment, type RegistrationFields } from './registration.ts';
import type { SectionFields } from './sections.ts';

/** The London calendar day after `iso` (YYYY-MM-DD). */
function nextDay(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** The registration boundaries of a race event (open and close moments), when it has a window. */
function windowMoments(event: RegistrationFields): Date[] {
  const { registration_open, registration_open_time, registration_close, registration_close_time } = event;
  if (event.event_type !== 'race') return [];
  if (!registration_open || !registration_open_time || !registration_close || !registration_close_time) return [];
  return [
    londonMoment(registration_open, registration_open_time),
    londonMoment(registration_close, registration_close_time),
  ];
}

/** The next London midnight after `now`: when "today" changes. */
export function nextLondonMidnight(now: Date): Date {
  return londonMoment(nextDay(londonToday(now)), '00:00');
}

/**
 * The next moment after `now` at which what a page shows about these events can change without
 * anyone writing anything: a registration window opening or closing (Opening → Closing → Entry
 * Closed, a card moving between Booking sections), or London midnight (an event becomes past and
 * leaves the lists; "upcoming" counts from today). A page rendered now may be served from a cache
 * until then. Never null: at the latest, the next London midnight.
 */
export function nextDisplayChange(events: readonly SectionFields[], now: Date): Date {
  const t = now.getTime();
  let next = nextLondonMidnight(now).getTime();
  for (const event of events) {
    for (const moment of windowMoments(event)) {
      const m = moment.getTime();
      if (m > t && m < next) next = m;
    }
  }
  return new Date(next);
}
