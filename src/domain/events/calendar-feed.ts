import { londonToday } from '../dates.ts';

/**
 * Calendar feeds (issue 27, docs/decisions/0046): the public feed of races and a family's private
 * feed. The rules both sides share: the window, the token's shape, the words the profile shows.
 */

/** A feed lists races from this many days before today (London) onwards. */
export const FEED_PAST_DAYS = 30;

/** The first date (YYYY-MM-DD) a feed lists: {@link FEED_PAST_DAYS} days before today in London. */
export function feedFirstDate(now: Date): string {
  const [y, m, d] = londonToday(now).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - FEED_PAST_DAYS)).toISOString().slice(0, 10);
}

/** A feed token as the server makes it: 32 random bytes in base64url (43 characters, no padding). */
export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Whether a presented token could be one of ours (anything else is not looked up). */
export function isFeedToken(token: string): boolean {
  return FEED_TOKEN_PATTERN.test(token);
}

/** The public feed's calendar name. */
export const racesCalendarName = (associationName: string) => `${associationName} races`;

/** The family feed's calendar name (no person's name in it). */
export const familyCalendarName = (associationName: string) => `${associationName}: our races`;

export const FEED_MSG = {
  notFound: 'Calendar feed not found.',
  explanation: "Your family's races in your calendar app; it never shows your children's names.",
} as const;

/** The addresses of the feeds, below the API. */
export const RACES_FEED_PATH = '/api/v1/calendar/races.ics';
export const familyFeedPath = (token: string) => `/api/v1/calendar/family/${token}.ics`;
