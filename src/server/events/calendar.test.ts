import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { type CalendarEvent, eventsCalendar } from './calendar.ts';

const SITE = { associationName: 'ERSA', publicUrl: 'https://entries.example.org' };
const race = (date: string, startTime: string | null, more: Partial<CalendarEvent> = {}): CalendarEvent => ({
  id: 7,
  name: 'Club Race',
  slug: 'club-race-2027',
  date,
  startTime,
  slopeName: 'Hemel Snow Centre',
  cancelledAt: null,
  updatedAt: new Date('2027-01-01T00:00:00Z'),
  ...more,
});

/** The calendar file parsed by ical.js, as a calendar application reads it (its VTIMEZONE too). */
function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
}

describe('an event calendar file read by a calendar parser (ical.js)', () => {
  it.each([
    ['the day before the spring change: GMT', '2027-03-27', '09:30', '2027-03-27T09:30:00.000Z'],
    ['the day of the spring change: BST', '2027-03-28', '09:30', '2027-03-28T08:30:00.000Z'],
    ['the day of the autumn change: GMT again', '2027-10-31', '09:30', '2027-10-31T09:30:00.000Z'],
    ['the day before the autumn change: BST', '2027-10-30', '09:30', '2027-10-30T08:30:00.000Z'],
  ])('%s: %s %s London is %s', (_label, date, time, utc) => {
    const [entry] = parse(eventsCalendar(SITE, [race(date, time)]));
    expect(entry?.startDate.zone?.tzid).toBe('Europe/London');
    expect(entry?.startDate.toJSDate().toISOString()).toBe(utc);
    expect(entry?.summary).toBe('Club Race');
    expect(entry?.location).toBe('Hemel Snow Centre');
    expect(entry?.uid).toBe('event-7@entries.example.org');
  });

  it('an event without a start time is an all-day entry on its date', () => {
    const [entry] = parse(eventsCalendar(SITE, [race('2027-03-28', null)]));
    expect(entry?.startDate.isDate).toBe(true);
    expect(entry?.startDate.toString()).toBe('2027-03-28');
  });

  it('a cancelled event is STATUS:CANCELLED, with the same UID and a higher SEQUENCE', () => {
    const before = parse(eventsCalendar(SITE, [race('2027-03-28', '09:30')]))[0];
    const after = parse(
      eventsCalendar(SITE, [
        race('2027-03-28', '09:30', { cancelledAt: new Date('2027-02-01Z'), updatedAt: new Date('2027-02-01Z') }),
      ]),
    )[0];
    expect(after?.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(after?.uid).toBe(before?.uid);
    expect(after?.sequence).toBeGreaterThan(before?.sequence ?? Infinity);
  });
});
