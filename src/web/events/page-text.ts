import type { Product } from '../../domain/events/product.ts';
import { REGISTRATION_LABELS, registrationState } from '../../domain/events/registration.ts';
import { STATUS_COLOR } from './status-look.ts';

/** The words of the event page (EventPage.tsx), kept apart so they are unit-tested. */

/** Places a race still has: not booked, not held by a payment under way; never below 0. */
export function placesLeft(event: Pick<Product, 'quantity' | 'booked_quantity' | 'held_quantity'>): number {
  return Math.max(0, event.quantity - event.booked_quantity - event.held_quantity);
}

/** The state an event page shows under its name (a filled badge: its colours are the cards'
 * statuses', which keep white text at WCAG AA contrast; Mantine's default shades did not:
 * white on green.6 is 3.4:1). */
export function eventState(event: Product, now: Date, past: boolean): { label: string; color: string } | null {
  if (event.is_cancelled) return { label: 'Cancelled', color: STATUS_COLOR.cancelled };
  if (past) return { label: 'This event has taken place', color: STATUS_COLOR.closed };
  if (event.event_type === 'external')
    return { label: 'Run by another organiser: enter on their site', color: STATUS_COLOR.none };
  if (event.event_type !== 'race') return null;
  const state = registrationState(event, now);
  if (state.status === 'full') return { label: REGISTRATION_LABELS.full, color: STATUS_COLOR.full };
  if (state.status === 'opening') return { label: 'Entry opens soon', color: STATUS_COLOR.opening };
  if (state.status === 'closed') return { label: REGISTRATION_LABELS.closed, color: STATUS_COLOR.closed };
  return { label: 'Open for entry', color: STATUS_COLOR.closing };
}
