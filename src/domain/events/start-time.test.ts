import { describe, expect, it } from 'vitest';
import { EVENT_MSG } from './messages.ts';
import { startTimeProblem, startTimeValue } from './start-time.ts';

describe('start time', () => {
  it('is optional: empty or blank is no start time', () => {
    expect(startTimeProblem('')).toBeNull();
    expect(startTimeProblem('   ')).toBeNull();
    expect(startTimeValue(' ')).toBeNull();
  });

  it('accepts 24-hour HH:MM from 00:00 to 23:59', () => {
    for (const ok of ['00:00', '09:30', '12:00', '23:59', ' 07:05 ']) expect(startTimeProblem(ok)).toBeNull();
    expect(startTimeValue(' 07:05 ')).toBe('07:05');
  });

  it('refuses anything else with the exact message', () => {
    expect(EVENT_MSG.startTimeInvalid).toBe('Start time must be a 24-hour time (HH:MM)');
    for (const bad of ['24:00', '9:30', '09:60', '0930', '09:30:00', '9.30am', 'noon', '12:5'])
      expect(startTimeProblem(bad), bad).toBe('Start time must be a 24-hour time (HH:MM)');
  });
});
