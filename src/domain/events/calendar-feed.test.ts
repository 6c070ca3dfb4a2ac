import { describe, expect, it } from 'vitest';
import { FEED_PAST_DAYS, familyFeedPath, feedFirstDate, isFeedToken } from './calendar-feed.ts';

describe('the feeds’ window', () => {
  it('starts 30 days before today in London', () => {
    expect(FEED_PAST_DAYS).toBe(30);
    expect(feedFirstDate(new Date('2027-03-31T12:00:00Z'))).toBe('2027-03-01');
    expect(feedFirstDate(new Date('2027-01-15T12:00:00Z'))).toBe('2026-12-16');
    // leap year: 30 days before 1 March 2028 is 31 January
    expect(feedFirstDate(new Date('2028-03-01T12:00:00Z'))).toBe('2028-01-31');
  });

  it('counts from the London date, not the UTC one (23:30 UTC in summer is tomorrow in London)', () => {
    expect(feedFirstDate(new Date('2027-07-31T23:30:00Z'))).toBe('2027-07-02');
    expect(feedFirstDate(new Date('2027-07-31T22:30:00Z'))).toBe('2027-07-01');
  });
});

describe('feed tokens', () => {
  it('are 43 base64url characters', () => {
    expect(isFeedToken('A'.repeat(43))).toBe(true);
    expect(isFeedToken('ab-_0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabc')).toBe(true);
    expect(isFeedToken('A'.repeat(42))).toBe(false);
    expect(isFeedToken('A'.repeat(44))).toBe(false);
    expect(isFeedToken(`${'A'.repeat(42)}=`)).toBe(false);
    expect(isFeedToken(`${'A'.repeat(42)}/`)).toBe(false);
  });

  it('make the family feed’s address', () => {
    expect(familyFeedPath('tok')).toBe('/api/v1/calendar/family/tok.ics');
  });
});
