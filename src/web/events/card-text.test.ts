import { describe, expect, it } from 'vitest';
import type { RegistrationFields } from '../../domain/events/registration.ts';
import { cardDate, formatMoment, statusLine } from './card-text.ts';

const race = (over: Partial<RegistrationFields> = {}): RegistrationFields => ({
  event_type: 'race',
  registration_open: '2026-12-01',
  registration_open_time: '19:00',
  registration_close: '2027-01-10',
  registration_close_time: '18:00',
  quantity: 150,
  booked_quantity: 0,
  is_cancelled: false,
  ...over,
});

/** 20 November 2026, 12:00 London (GMT). */
const BEFORE = new Date('2026-11-20T12:00:00Z');
const DURING = new Date('2026-12-15T12:00:00Z');
const AFTER = new Date('2027-01-10T18:00:00Z');

describe('the event card status line', () => {
  it('names the opening moment before the window, in long form or DD/MM/YYYY', () => {
    expect(statusLine(race(), BEFORE, false, false)).toBe('Opening 1st December 2026 at 19:00 UK time');
    expect(statusLine(race(), BEFORE, true, false)).toBe('Opening 01/12/2026 at 19:00 UK time');
  });
  it('names the closing moment while open, and says Entry Closed from the close minute on', () => {
    expect(statusLine(race(), DURING, false, false)).toBe('Closing 10th January 2027 at 18:00 UK time');
    expect(statusLine(race(), AFTER, false, false)).toBe('Entry Closed');
  });
  it('has no line for other events, nor for a preview whose window is not filled in', () => {
    expect(statusLine(race({ event_type: 'external' }), DURING, false, false)).toBeNull();
    expect(statusLine(race({ registration_close_time: '' }), DURING, false, true)).toBeNull();
    expect(statusLine(race({ registration_open: '2026-1' }), DURING, false, true)).toBeNull();
    // a published race without a window cannot be entered
    expect(statusLine(race({ registration_open: null }), DURING, false, false)).toBe('Entry Closed');
  });
});

describe('card dates', () => {
  it('formats whole dates and leaves partial ones out', () => {
    expect(cardDate('2026-12-20', false)).toBe('Sunday 20th December 2026');
    expect(cardDate('2026-12-20', true)).toBe('20/12/2026');
    expect(cardDate('', false)).toBeNull();
    expect(cardDate('2026-12', true)).toBeNull();
  });
  it('drops the weekday from a registration moment', () => {
    expect(formatMoment('2026-12-22', '21:00', false)).toBe('22nd December 2026 at 21:00 UK time');
  });
});
