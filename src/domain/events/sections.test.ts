import { describe, expect, it } from 'vitest';
import type { SectionFields } from './sections.ts';
import { BOOKING_SECTIONS, bookingSection, bookingSections, noBookingEvents, schoolEvents } from './sections.ts';

type Ev = SectionFields & { name: string };

function event(name: string, overrides: Partial<Ev> = {}): Ev {
  return {
    name,
    event_type: 'race',
    date: '2026-02-14',
    registration_open: '2026-01-10',
    registration_open_time: '19:00',
    registration_close: '2026-02-07',
    registration_close_time: '18:00',
    quantity: 150,
    booked_quantity: 0,
    is_cancelled: false,
    ...overrides,
  };
}

const other = (name: string, type: Ev['event_type'], date: string): Ev =>
  event(name, {
    event_type: type,
    date,
    registration_open: null,
    registration_open_time: null,
    registration_close: null,
    registration_close_time: null,
    quantity: 0,
  });

const NOW = new Date('2026-01-20T12:00:00Z');

describe('the booking sections', () => {
  it('are titled as doc 1 §2 says, in page order', () => {
    expect(BOOKING_SECTIONS.map((s) => s.title)).toEqual([
      'Book Your Race Now',
      'Happening Soon',
      'Coming Soon',
      'Other Events',
    ]);
  });

  it('a race with its window open is in Book Your Race Now, a full one too', () => {
    expect(bookingSection(event('open'), NOW)).toBe('bookNow');
    expect(bookingSection(event('full', { booked_quantity: 150 }), NOW)).toBe('bookNow');
  });

  it('a race whose registration has closed is Happening Soon until its date has passed', () => {
    const closed = event('closed', { registration_close: '2026-01-15', date: '2026-01-25' });
    expect(bookingSection(closed, NOW)).toBe('happeningSoon');
    // the event day itself (London) still counts
    expect(bookingSection(closed, new Date('2026-01-25T23:59:00Z'))).toBe('happeningSoon');
    expect(bookingSection(closed, new Date('2026-01-26T00:00:00Z'))).toBeNull();
  });

  it('uses the London date for the event day in summer', () => {
    const closed = event('summer', {
      date: '2026-07-10',
      registration_open: '2026-06-01',
      registration_close: '2026-07-05',
    });
    expect(bookingSection(closed, new Date('2026-07-10T22:59:00Z'))).toBe('happeningSoon');
    expect(bookingSection(closed, new Date('2026-07-10T23:00:00Z'))).toBeNull(); // 00:00 on 11 July in London
  });

  it('a race whose registration has not opened is Coming Soon, up to the open minute', () => {
    const later = event('later', { registration_open: '2026-01-20', registration_open_time: '13:00' });
    expect(bookingSection(later, new Date('2026-01-20T12:59:00Z'))).toBe('comingSoon');
    expect(bookingSection(later, new Date('2026-01-20T13:00:00Z'))).toBe('bookNow');
  });

  it('external and information events dated today or later are Other Events', () => {
    expect(bookingSection(other('show', 'external', '2026-03-01'), NOW)).toBe('otherEvents');
    expect(bookingSection(other('agm', 'information', '2026-01-20'), NOW)).toBe('otherEvents');
    expect(bookingSection(other('old agm', 'information', '2026-01-19'), NOW)).toBeNull();
  });

  it('school events and past events are in none', () => {
    expect(bookingSection(other('schools', 'school', '2026-03-01'), NOW)).toBeNull();
    expect(bookingSection(event('past', { date: '2026-01-19', registration_close: '2026-01-10' }), NOW)).toBeNull();
  });

  it('a cancelled event stays in the section its dates put it in', () => {
    expect(bookingSection(event('off', { is_cancelled: true }), NOW)).toBe('bookNow');
    expect(bookingSection(event('off later', { is_cancelled: true, registration_open: '2026-02-01' }), NOW)).toBe(
      'comingSoon',
    );
  });

  it('a race without a window is in none', () => {
    expect(bookingSection(event('broken', { registration_open: null }), NOW)).toBeNull();
  });

  it('groups a list, each section by date', () => {
    const list = [
      event('open late', { date: '2026-02-20' }),
      event('open early', { date: '2026-02-10' }),
      event('soon', { registration_open: '2026-02-01' }),
      other('show', 'external', '2026-05-01'),
      other('info', 'information', '2026-04-01'),
      other('schools', 'school', '2026-03-01'),
      event('closed', { registration_close: '2026-01-15', date: '2026-01-30' }),
    ];
    const sections = bookingSections(list, NOW);
    const names = Object.fromEntries(Object.entries(sections).map(([k, v]) => [k, v.map((e) => e.name)]));
    expect(names).toEqual({
      bookNow: ['open early', 'open late'],
      happeningSoon: ['closed'],
      comingSoon: ['soon'],
      otherEvents: ['info', 'show'],
    });
    expect(noBookingEvents(sections)).toBe(false);
  });

  it('reports No Events Available when every section is empty', () => {
    const sections = bookingSections([other('schools', 'school', '2026-03-01')], NOW);
    expect(noBookingEvents(sections)).toBe(true);
    expect(noBookingEvents(bookingSections([], NOW))).toBe(true);
  });
});

describe('schoolEvents', () => {
  it('lists school events from London today on, by date', () => {
    const list = [
      other('b', 'school', '2026-03-01'),
      other('a', 'school', '2026-01-20'),
      other('past', 'school', '2026-01-19'),
      other('show', 'external', '2026-03-01'),
      event('race'),
    ];
    expect(schoolEvents(list, NOW).map((e) => e.name)).toEqual(['a', 'b']);
  });
});
