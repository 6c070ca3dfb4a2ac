import { LONDON } from '../dates.ts';
import type { Product } from './product.ts';
import { isFull } from './types.ts';

/**
 * The registration window of a race event (doc 1 §4), evaluated on the Europe/London wall clock
 * whatever the zone of the server or browser (decisions.md). Open and close are London dates
 * with London 'HH:MM' times; the window is [open, close): bookable from the open minute on, and
 * no longer from the close minute on.
 *
 * Each boundary is the first moment the London clock reads that date and time (`londonMoment`),
 * so the window moves forward only: in the autumn repeated hour a boundary is its first (BST)
 * occurrence, and a window that has closed does not reopen when the clock goes back; in the
 * spring gap a time the clocks skip is reached when they jump past it.
 */
export type RegistrationFields = Pick<
  Product,
  | 'event_type'
  | 'registration_open'
  | 'registration_open_time'
  | 'registration_close'
  | 'registration_close_time'
  | 'quantity'
  | 'booked_quantity'
  | 'is_cancelled'
> & { held_quantity?: number };

/** Where the clock stands against the window: before it opens, inside it, or after it closed. */
export type WindowPhase = 'before' | 'open' | 'after';

/**
 * The card's status. `none` is for events other than races (no online entry). A cancelled race
 * is `cancelled` whatever its window; a full race is `full` only while its window is open
 * (before it opens it still shows Opening, after it closes Entry Closed).
 */
export type RegistrationStatus = 'opening' | 'closing' | 'closed' | 'full' | 'cancelled' | 'none';

export interface RegistrationState {
  status: RegistrationStatus;
  bookable: boolean;
}

/** What the event card shows for each status. */
export const REGISTRATION_LABELS: Record<RegistrationStatus, string> = {
  opening: 'Opening',
  closing: 'Closing',
  closed: 'Entry Closed',
  full: 'Event Full',
  cancelled: 'Cancelled',
  none: '',
};

/** The disabled Event Full button's tooltip (doc 1 §4). */
export const EVENT_FULL_TOOLTIP =
  'Event is full. Please check back as spaces may become available if participants drop out.';

const londonClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  // 00-23: some engines write midnight as 24:00 in the 'hour12: false' form
  hourCycle: 'h23',
});

/** The London wall clock at an instant: date 'YYYY-MM-DD' and time 'HH:MM'. Intl, not a date
 * library: this runs in every event card, and date-fns with its zone support cost each public
 * page with events 6 KB gzip of script. */
export function londonWallClock(now: Date): { date: string; time: string } {
  const parts = londonClock.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function wallKey(t: number): string {
  const clock = londonWallClock(new Date(t));
  return `${clock.date} ${clock.time}`;
}

/** The first moment at which the London clock reads `date` `time` ('YYYY-MM-DD', 'HH:MM'). */
export function londonMoment(date: string, time: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const asUtc = Date.UTC(y, m - 1, d, hh, mm);
  const wall = `${date} ${time}`;
  // London is UTC+1 (BST) or UTC+0 (GMT): the moment lies within the hour before `asUtc`.
  if (wallKey(asUtc - HOUR) === wall) return new Date(asUtc - HOUR);
  if (wallKey(asUtc) === wall) return new Date(asUtc);
  // A time the spring change skips: the minute the clocks jump past it.
  let before = asUtc - HOUR;
  let after = asUtc;
  while (after - before > MINUTE) {
    const mid = before + Math.floor((after - before) / 2 / MINUTE) * MINUTE;
    if (wallKey(mid) >= wall) after = mid;
    else before = mid;
  }
  return new Date(after);
}

/** Where `now` stands against a race event's window; null when the window is incomplete. */
export function windowPhase(event: RegistrationFields, now: Date): WindowPhase | null {
  const { registration_open, registration_open_time, registration_close, registration_close_time } = event;
  if (!registration_open || !registration_open_time || !registration_close || !registration_close_time) return null;
  const t = now.getTime();
  if (t < londonMoment(registration_open, registration_open_time).getTime()) return 'before';
  if (t >= londonMoment(registration_close, registration_close_time).getTime()) return 'after';
  return 'open';
}

/**
 * The card status and whether entries are taken now. Bookable only when the event is a race,
 * not cancelled, not full (booked ≥ quantity), London today is within open..close, on the open
 * day the time is not before the open time, and on the close day it is before the close time.
 */
export function registrationState(event: RegistrationFields, now: Date): RegistrationState {
  if (event.event_type !== 'race') return { status: 'none', bookable: false };
  if (event.is_cancelled) return { status: 'cancelled', bookable: false };
  const phase = windowPhase(event, now);
  if (phase === null || phase === 'after') return { status: 'closed', bookable: false };
  if (phase === 'before') return { status: 'opening', bookable: false };
  if (isFull(event)) return { status: 'full', bookable: false };
  return { status: 'closing', bookable: true };
}
