import { formatEventDate } from '../dates.ts';
import { londonWallClock } from '../events/registration.ts';
import { displayPrice } from '../money.ts';

/**
 * The family waiting list's words (issue 27; docs/decisions/0053). A parent joins a full race's
 * list for one to four members of the family, all-or-nothing or "any of them"; a freed place is
 * offered to the first entry it fits, and the offer is answered on its own page by POST.
 */
export const WAITING_MSG = {
  joined: (event: string) => `You are on the waiting list for ${event}. We will e-mail you if places come free.`,
  notFull: 'This race still has places: enter it from the events page.',
  notRace: 'Only races have a waiting list.',
  members: 'Choose one to four members of your family.',
  mode: 'Choose all-or-nothing or any of them.',
  alreadyWaiting: (who: string, event: string) => `${who} is already on the waiting list for ${event}.`,
  alreadyWaitingShort: 'One of them is already on the waiting list for this race.',
  notFamily: 'Choose members of your family.',
  notFound: 'Waiting-list entry not found.',
  offerEnded: 'This offer has ended.',
  noOffer: 'There is no offer to answer on this entry.',
  acceptedFree: (names: string, event: string) =>
    `${names} ${names.includes(' and ') ? 'are' : 'is'} entered for ${event}.`,
  acceptedPaid: (pence: number) => `Your places are held for you: pay ${displayPrice(pence)} to confirm them.`,
  declined: 'You have declined the offer. The places pass to the next family on the list.',
  left: 'You have left the waiting list.',
  removed: (owner: string, event: string) => `${owner}'s entry on the waiting list for ${event} has been removed.`,
  offerHours: 'Offers last between 6 and 336 hours.',
  settingsSaved: (hours: number) => `Waiting-list offers now last ${hours} hours.`,
} as const;

/** How long an offer lasts unless entries close sooner (hours), and the least and most a
 * super administrator may set. */
export const OFFER_HOURS_DEFAULT = 48;
export const OFFER_HOURS_MIN = 6;
export const OFFER_HOURS_MAX = 336;
/** A place freed this close to entries closing returns to open sale (hours). */
export const OPEN_SALE_BEFORE_CLOSE_HOURS = 6;
/** One to four members of the family per entry. */
export const MAX_MEMBERS = 4;

/** An offer's end as people read it: "Thursday 3rd December 2026, 14:00 UK time". */
export function offerEndText(end: Date): string {
  const { date, time } = londonWallClock(end);
  return `${formatEventDate(date, false)}, ${time} UK time`;
}
