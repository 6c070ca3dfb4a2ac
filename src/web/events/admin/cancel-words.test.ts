import { describe, expect, it } from 'vitest';
import { cancelledToast, dayBeforeLabel, deadlineHint } from './cancel-words.ts';

describe('the words of cancelling an event (issue 35)', () => {
  it('the toast says what the cancellation set going', () => {
    expect(cancelledToast({ paid_entries: 3, refund_total: '60.00', entrants: 3 })).toBe(
      'Event cancelled: £60.00 is being refunded for 3 paid entries and every entrant is being told by e-mail.',
    );
    expect(cancelledToast({ paid_entries: 1, refund_total: '15.00', entrants: 2 })).toBe(
      'Event cancelled: £15.00 is being refunded for 1 paid entry and every entrant is being told by e-mail.',
    );
    expect(cancelledToast({ paid_entries: 0, refund_total: '0.00', entrants: 1 })).toBe(
      'Event cancelled: every entrant is being told by e-mail.',
    );
    expect(cancelledToast({ paid_entries: 0, refund_total: '0.00', entrants: 0 })).toBe('Event cancelled');
    expect(cancelledToast(null)).toBe('Event cancelled');
  });

  it('the terms name the race’s date and offer the day before', () => {
    expect(deadlineHint('2027-03-14')).toBe(
      'The race is on 14/03/2027: the deadline can be at most that day, and the day before is usual.',
    );
    expect(dayBeforeLabel('2027-03-13')).toBe('Use the day before the race (13/03/2027)');
  });
});
