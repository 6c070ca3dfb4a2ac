import { describe, expect, it } from 'vitest';
import type { RegistrationFields } from './registration.ts';
import {
  EVENT_FULL_TOOLTIP,
  londonMoment,
  londonWallClock,
  REGISTRATION_LABELS,
  registrationState,
  windowPhase,
} from './registration.ts';

function race(overrides: Partial<RegistrationFields> = {}): RegistrationFields {
  return {
    event_type: 'race',
    registration_open: '2026-01-10',
    registration_open_time: '19:00',
    registration_close: '2026-01-20',
    registration_close_time: '18:00',
    quantity: 150,
    booked_quantity: 0,
    is_cancelled: false,
    ...overrides,
  };
}

const at = (iso: string) => new Date(iso);
const state = (event: RegistrationFields, iso: string) => registrationState(event, at(iso));
const OPENING = { status: 'opening', bookable: false };
const BOOKABLE = { status: 'closing', bookable: true };
const CLOSED = { status: 'closed', bookable: false };

describe('the London wall clock', () => {
  it('is UTC in winter and UTC+1 in summer', () => {
    expect(londonWallClock(at('2026-01-15T23:30:00Z'))).toEqual({ date: '2026-01-15', time: '23:30' });
    expect(londonWallClock(at('2026-07-15T23:30:00Z'))).toEqual({ date: '2026-07-16', time: '00:30' });
  });

  it('writes midnight as 00:00 of the new day, never 24:00', () => {
    expect(londonWallClock(at('2026-01-16T00:00:00Z'))).toEqual({ date: '2026-01-16', time: '00:00' });
    expect(londonWallClock(at('2026-07-15T23:00:00Z'))).toEqual({ date: '2026-07-16', time: '00:00' });
  });

  it('jumps from 00:59 GMT to 02:00 BST at 01:00 UTC on 29 March 2026', () => {
    expect(londonWallClock(at('2026-03-29T00:59:00Z')).time).toBe('00:59');
    expect(londonWallClock(at('2026-03-29T01:00:00Z')).time).toBe('02:00');
  });

  it('goes back from 01:59 BST to 01:00 GMT at 01:00 UTC on 25 October 2026', () => {
    expect(londonWallClock(at('2026-10-25T00:59:00Z')).time).toBe('01:59');
    expect(londonWallClock(at('2026-10-25T01:00:00Z')).time).toBe('01:00');
  });
});

describe('londonMoment: the first moment the London clock shows a date and time', () => {
  it('reads winter times as UTC and summer times as UTC+1', () => {
    expect(londonMoment('2026-01-10', '19:00').toISOString()).toBe('2026-01-10T19:00:00.000Z');
    expect(londonMoment('2026-07-01', '19:00').toISOString()).toBe('2026-07-01T18:00:00.000Z');
  });

  it('takes the first (BST) occurrence of the repeated autumn hour', () => {
    expect(londonMoment('2026-10-25', '01:30').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(londonMoment('2026-10-25', '02:00').toISOString()).toBe('2026-10-25T02:00:00.000Z');
  });

  it('puts a time the spring change skips at the moment the clocks jump', () => {
    expect(londonMoment('2026-03-29', '01:30').toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(londonMoment('2026-03-29', '01:00').toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(londonMoment('2026-03-29', '00:59').toISOString()).toBe('2026-03-29T00:59:00.000Z');
    expect(londonMoment('2026-03-29', '02:00').toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(londonMoment('2026-03-29', '02:01').toISOString()).toBe('2026-03-29T01:01:00.000Z');
  });
});

describe('registration window in winter (GMT)', () => {
  const event = race();

  it('is Opening until the open minute and bookable from it', () => {
    expect(state(event, '2026-01-09T19:00:00Z')).toEqual(OPENING);
    expect(state(event, '2026-01-10T18:59:00Z')).toEqual(OPENING);
    expect(state(event, '2026-01-10T18:59:59.999Z')).toEqual(OPENING);
    expect(state(event, '2026-01-10T19:00:00Z')).toEqual(BOOKABLE);
  });

  it('is bookable until the close minute and Entry Closed from it', () => {
    expect(state(event, '2026-01-15T12:00:00Z')).toEqual(BOOKABLE);
    expect(state(event, '2026-01-20T17:59:00Z')).toEqual(BOOKABLE);
    expect(state(event, '2026-01-20T17:59:59.999Z')).toEqual(BOOKABLE);
    expect(state(event, '2026-01-20T18:00:00Z')).toEqual(CLOSED);
    expect(state(event, '2026-02-01T00:00:00Z')).toEqual(CLOSED);
  });

  it('on a day between open and close any time is bookable, before the open time too', () => {
    expect(state(event, '2026-01-11T00:00:00Z')).toEqual(BOOKABLE);
    expect(state(event, '2026-01-19T23:59:00Z')).toEqual(BOOKABLE);
  });
});

describe('registration window in summer (BST): open 19:00 London is 18:00 UTC', () => {
  const event = race({
    registration_open: '2026-07-01',
    registration_open_time: '19:00',
    registration_close: '2026-07-10',
    registration_close_time: '18:00',
  });

  it('opens at 18:00 UTC, not 19:00 UTC', () => {
    expect(state(event, '2026-07-01T17:59:00Z')).toEqual(OPENING);
    expect(state(event, '2026-07-01T18:00:00Z')).toEqual(BOOKABLE);
    expect(state(event, '2026-07-01T18:30:00Z')).toEqual(BOOKABLE);
  });

  it('closes at 17:00 UTC, not 18:00 UTC', () => {
    expect(state(event, '2026-07-10T16:59:00Z')).toEqual(BOOKABLE);
    expect(state(event, '2026-07-10T17:00:00Z')).toEqual(CLOSED);
    expect(state(event, '2026-07-10T17:30:00Z')).toEqual(CLOSED);
  });

  it('uses the London date, not the UTC date, around midnight', () => {
    const midnight = race({
      registration_open: '2026-07-02',
      registration_open_time: '00:00',
      registration_close: '2026-07-03',
      registration_close_time: '00:00',
    });
    // 23:30 UTC on 1 July is 00:30 on 2 July in London
    expect(state(midnight, '2026-07-01T22:59:00Z')).toEqual(OPENING);
    expect(state(midnight, '2026-07-01T23:00:00Z')).toEqual(BOOKABLE);
    expect(state(midnight, '2026-07-02T22:59:00Z')).toEqual(BOOKABLE);
    expect(state(midnight, '2026-07-02T23:00:00Z')).toEqual(CLOSED);
  });
});

describe('registration window across the spring change (29 March 2026, 01:00 UTC)', () => {
  it('a window opening before and closing after the change uses GMT then BST', () => {
    const event = race({
      registration_open: '2026-03-28',
      registration_open_time: '19:00',
      registration_close: '2026-03-30',
      registration_close_time: '19:00',
    });
    expect(state(event, '2026-03-28T18:59:00Z')).toEqual(OPENING);
    expect(state(event, '2026-03-28T19:00:00Z')).toEqual(BOOKABLE);
    expect(state(event, '2026-03-30T17:59:00Z')).toEqual(BOOKABLE);
    expect(state(event, '2026-03-30T18:00:00Z')).toEqual(CLOSED);
  });

  it('opens at 02:00 London on the change day the moment the clocks jump', () => {
    const event = race({
      registration_open: '2026-03-29',
      registration_open_time: '02:00',
      registration_close: '2026-03-30',
      registration_close_time: '03:00',
    });
    expect(state(event, '2026-03-29T00:59:00Z')).toEqual(OPENING);
    expect(state(event, '2026-03-29T00:59:59.999Z')).toEqual(OPENING);
    expect(state(event, '2026-03-29T01:00:00Z')).toEqual(BOOKABLE);
  });

  it('an open time inside the skipped hour is reached when the clocks jump past it', () => {
    const event = race({
      registration_open: '2026-03-29',
      registration_open_time: '01:30',
      registration_close: '2026-03-30',
      registration_close_time: '01:30',
    });
    expect(state(event, '2026-03-29T00:59:00Z')).toEqual(OPENING);
    expect(state(event, '2026-03-29T01:00:00Z')).toEqual(BOOKABLE);
    // the next day is BST: 01:30 London is 00:30 UTC
    expect(state(event, '2026-03-30T00:29:00Z')).toEqual(BOOKABLE);
    expect(state(event, '2026-03-30T00:30:00Z')).toEqual(CLOSED);
  });

  it('closes at 03:00 BST (02:00 UTC) on the change day', () => {
    const event = race({
      registration_open: '2026-03-28',
      registration_open_time: '09:00',
      registration_close: '2026-03-29',
      registration_close_time: '03:00',
    });
    expect(state(event, '2026-03-29T01:59:00Z')).toEqual(BOOKABLE);
    expect(state(event, '2026-03-29T02:00:00Z')).toEqual(CLOSED);
  });
});

describe('registration window across the autumn change (25 October 2026, 01:00 UTC)', () => {
  it('a window opening in BST and closing in GMT uses each offset', () => {
    const event = race({
      registration_open: '2026-10-20',
      registration_open_time: '19:00',
      registration_close: '2026-10-30',
      registration_close_time: '19:00',
    });
    expect(state(event, '2026-10-20T17:59:00Z')).toEqual(OPENING);
    expect(state(event, '2026-10-20T18:00:00Z')).toEqual(BOOKABLE);
    expect(state(event, '2026-10-30T18:59:00Z')).toEqual(BOOKABLE);
    expect(state(event, '2026-10-30T19:00:00Z')).toEqual(CLOSED);
  });

  it('closes at the first 01:30 of the repeated hour and stays closed when the clock goes back', () => {
    const event = race({
      registration_open: '2026-10-24',
      registration_open_time: '09:00',
      registration_close: '2026-10-25',
      registration_close_time: '01:30',
    });
    expect(state(event, '2026-10-25T00:29:00Z')).toEqual(BOOKABLE); // 01:29 BST
    expect(state(event, '2026-10-25T00:30:00Z')).toEqual(CLOSED); // 01:30 BST
    expect(state(event, '2026-10-25T01:15:00Z')).toEqual(CLOSED); // 01:15 GMT: the wall clock reads earlier
  });

  it('opens at the first 01:30 of the repeated hour and stays open when the clock goes back', () => {
    const event = race({
      registration_open: '2026-10-25',
      registration_open_time: '01:30',
      registration_close: '2026-10-26',
      registration_close_time: '12:00',
    });
    expect(state(event, '2026-10-25T00:29:00Z')).toEqual(OPENING);
    expect(state(event, '2026-10-25T00:30:00Z')).toEqual(BOOKABLE);
    expect(state(event, '2026-10-25T01:10:00Z')).toEqual(BOOKABLE);
  });

  it('a close time after the repeated hour is read in GMT', () => {
    const event = race({
      registration_open: '2026-10-24',
      registration_open_time: '09:00',
      registration_close: '2026-10-25',
      registration_close_time: '02:00',
    });
    expect(state(event, '2026-10-25T01:59:00Z')).toEqual(BOOKABLE);
    expect(state(event, '2026-10-25T02:00:00Z')).toEqual(CLOSED);
  });
});

describe('full, cancelled and other events', () => {
  const open = '2026-01-15T12:00:00Z';

  it('a full event shows Event Full while its window is open, and is not bookable', () => {
    expect(state(race({ quantity: 20, booked_quantity: 20 }), open)).toEqual({ status: 'full', bookable: false });
    expect(state(race({ quantity: 20, booked_quantity: 21 }), open)).toEqual({ status: 'full', bookable: false });
    expect(state(race({ quantity: 20, booked_quantity: 19 }), open)).toEqual(BOOKABLE);
  });

  it('places held by payments under way count as taken: Event Full when booked + held reach the quantity', () => {
    expect(state(race({ quantity: 20, booked_quantity: 15, held_quantity: 5 }), open)).toEqual({
      status: 'full',
      bookable: false,
    });
    expect(state(race({ quantity: 20, booked_quantity: 15, held_quantity: 4 }), open)).toEqual(BOOKABLE);
  });

  it('a full event still shows Opening before its window and Entry Closed after it', () => {
    const full = race({ quantity: 5, booked_quantity: 5 });
    expect(state(full, '2026-01-10T18:59:00Z')).toEqual(OPENING);
    expect(state(full, '2026-01-20T18:00:00Z')).toEqual(CLOSED);
  });

  it('a cancelled event is never bookable, whatever its window', () => {
    for (const when of ['2026-01-01T00:00:00Z', open, '2026-02-01T00:00:00Z']) {
      expect(state(race({ is_cancelled: true }), when)).toEqual({ status: 'cancelled', bookable: false });
    }
  });

  it('events other than races take no entries', () => {
    for (const type of ['external', 'school', 'information'] as const) {
      expect(state(race({ event_type: type }), open)).toEqual({ status: 'none', bookable: false });
    }
  });

  it('a race without a complete window is closed', () => {
    expect(state(race({ registration_close_time: null }), open)).toEqual(CLOSED);
    expect(windowPhase(race({ registration_open: null }), at(open))).toBeNull();
  });
});

describe('labels', () => {
  it('are the card texts of doc 1 §4', () => {
    expect(REGISTRATION_LABELS).toMatchObject({
      opening: 'Opening',
      closing: 'Closing',
      closed: 'Entry Closed',
      full: 'Event Full',
    });
    expect(EVENT_FULL_TOOLTIP).toBe(
      'Event is full. Please check back as spaces may become available if participants drop out.',
    );
  });
});
