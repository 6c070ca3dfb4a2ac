import { formatEventDate } from '../../domain/dates.ts';
import { REGISTRATION_LABELS, type RegistrationFields, windowPhase } from '../../domain/events/registration.ts';

/** The words of the event card (EventCard.tsx), kept apart so they are unit-tested. */

/** Shown on the back of a card whose event has no documents yet. */
export const NO_DOCUMENTS_NOTE = 'Documents for this event will be available here soon — please check back later.';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;
const TIME = /^\d{2}:\d{2}$/;

/** A date for the card, or null while the admin form has none (or only part of one). */
export function cardDate(iso: string, narrow: boolean): string | null {
  return ISO_DATE.test(iso) ? formatEventDate(iso, narrow) : null;
}

/** Said after every time on a public page (issue 26): times are London's, whatever the reader's zone. */
export const UK_TIME = 'UK time';

/** A registration moment: "1st December 2026 at 19:00 UK time", or "01/12/2026 at 19:00 UK time"
 * when narrow. */
export function formatMoment(date: string, time: string, narrow: boolean): string {
  const day = formatEventDate(date, narrow);
  // the long form starts with the weekday ("Tuesday 1st December 2026"); the moment leaves it out
  return `${narrow ? day : day.slice(day.indexOf(' ') + 1)} at ${time} ${UK_TIME}`;
}

/** The status line of a race event: "Opening …", "Closing …" or "Entry Closed"; null for other
 * events, and for a preview whose window is not filled in yet. */
export function statusLine(event: RegistrationFields, now: Date, narrow: boolean, preview: boolean): string | null {
  if (event.event_type !== 'race') return null;
  const complete =
    ISO_DATE.test(event.registration_open ?? '') &&
    ISO_DATE.test(event.registration_close ?? '') &&
    TIME.test(event.registration_open_time ?? '') &&
    TIME.test(event.registration_close_time ?? '');
  const phase = complete ? windowPhase(event, now) : null;
  if (phase === null) return preview ? null : REGISTRATION_LABELS.closed;
  if (phase === 'before' && event.registration_open && event.registration_open_time)
    return `${REGISTRATION_LABELS.opening} ${formatMoment(event.registration_open, event.registration_open_time, narrow)}`;
  if (phase === 'open' && event.registration_close && event.registration_close_time)
    return `${REGISTRATION_LABELS.closing} ${formatMoment(event.registration_close, event.registration_close_time, narrow)}`;
  return REGISTRATION_LABELS.closed;
}
