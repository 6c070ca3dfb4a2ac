import { describe, expect, it } from 'vitest';
import { nextRacerNumber, RACER_MSG, racerDecisionRefusal } from './racers.ts';

describe('racer decisions', () => {
  it('refuse the state a racer is already in, and only that', () => {
    expect(racerDecisionRefusal('APPROVED', 'APPROVED')).toBe('The racer is already approved.');
    expect(racerDecisionRefusal('REJECTED', 'REJECTED')).toBe('The racer is already rejected.');
    expect(racerDecisionRefusal('PENDING', 'APPROVED')).toBeNull();
    expect(racerDecisionRefusal('REJECTED', 'APPROVED')).toBeNull();
    expect(racerDecisionRefusal('APPROVED', 'REJECTED')).toBeNull();
  });

  it('use the spec’s words in the browser', () => {
    expect(RACER_MSG.fetchFailed).toBe('Failed to fetch racers');
    expect(RACER_MSG.actionFailed('approve')).toBe('Failed to approve racer');
    expect(RACER_MSG.actionFailed('reject')).toBe('Failed to reject racer');
    expect(RACER_MSG.updateFailed).toBe('An error occurred while updating racer status');
  });
});

describe('the next racer number', () => {
  it('is one past the highest ever given, so a number is never given twice', () => {
    expect(nextRacerNumber(null, null)).toBe(1);
    expect(nextRacerNumber(120, null)).toBe(121);
    expect(nextRacerNumber(120, 130)).toBe(131);
    expect(nextRacerNumber(140, 130)).toBe(141);
  });
});
