import ical, { ICalEventStatus } from 'ical-generator';

/**
 * Calendar entries for events (issue 26: the event page's "Add to calendar", the receipt's
 * attachment; issue 27's feeds are lists of the same entries). Made with ical-generator.
 *
 * - UID `event-{id}@{host}`: the same event is the same entry in every file, whenever made.
 * - Times are London wall-clock times with `TZID=Europe/London` and the zone's VTIMEZONE (its rules
 *   since 1996: last Sunday of March 01:00 UTC to BST, last Sunday of October back to GMT), so a
 *   calendar in any zone shows the race at the right moment across the clocks' change.
 * - An event without a start time is an all-day entry on its date; one with a start time lasts
 *   {@link TIMED_ENTRY_HOURS} hours (the association gives no finish time).
 * - SEQUENCE is the seconds from 2024 to the event's last change: it rises whenever the event
 *   changes, as RFC 5545 asks, without a counter of its own. A cancelled event is
 *   `STATUS:CANCELLED`, never left out.
 */
export interface CalendarEvent {
  id: number;
  name: string;
  slug: string;
  /** YYYY-MM-DD (the event's day in London) */
  date: string;
  /** HH:MM London time, or null */
  startTime: string | null;
  slopeName: string;
  cancelledAt: Date | null;
  updatedAt: Date;
}

export const TIMED_ENTRY_HOURS = 4;
const SEQUENCE_EPOCH = Date.UTC(2024, 0, 1);

export const LONDON_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/London',
  'X-LIC-LOCATION:Europe/London',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0000',
  'TZOFFSETTO:+0100',
  'TZNAME:BST',
  'DTSTART:19700329T010000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0000',
  'TZNAME:GMT',
  'DTSTART:19701025T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

export interface CalendarSite {
  /** the association's short name (calendar and product id) */
  associationName: string;
  /** the site's public address, e.g. https://ersa.example (entries link to their event page) */
  publicUrl: string;
}

function addHours(date: string, time: string, hours: number): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const total = Math.min(h * 60 + m + hours * 60, 23 * 60 + 59);
  const hh = String(Math.floor(total / 60)).padStart(2, '0');
  const mm = String(total % 60).padStart(2, '0');
  return `${date}T${hh}:${mm}:00`;
}

/** The stable UID of an event's calendar entry. */
export function eventUid(eventId: number, publicUrl: string): string {
  return `event-${eventId}@${new URL(publicUrl).hostname}`;
}

/** An iCalendar file (text/calendar) holding one entry per event. */
export function eventsCalendar(site: CalendarSite, list: CalendarEvent[], name = site.associationName): string {
  const calendar = ical({
    prodId: { company: site.associationName, product: 'Piste', language: 'EN' },
    name,
    timezone: { name: null, generator: () => LONDON_VTIMEZONE },
  });
  const base = site.publicUrl.replace(/\/+$/, '');
  for (const event of list) {
    const url = `${base}/events/${event.slug}`;
    const common = {
      id: eventUid(event.id, site.publicUrl),
      summary: event.name,
      location: event.slopeName,
      url,
      description: url,
      stamp: event.updatedAt,
      lastModified: event.updatedAt,
      sequence: Math.max(0, Math.floor((event.updatedAt.getTime() - SEQUENCE_EPOCH) / 1000)),
      status: event.cancelledAt ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    };
    if (event.startTime) {
      calendar.createEvent({
        ...common,
        start: `${event.date}T${event.startTime}:00`,
        end: addHours(event.date, event.startTime, TIMED_ENTRY_HOURS),
        timezone: 'Europe/London',
      });
    } else {
      calendar.createEvent({ ...common, start: event.date, allDay: true });
    }
  }
  return calendar.toString();
}
