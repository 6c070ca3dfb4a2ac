import { offerEndText } from '../../domain/waiting-list/messages.ts';
import type { MemberState, WaitingEntry, WaitingMode, WaitingState } from '../../domain/waiting-list/shapes.ts';

/** How the waiting list reads on the page (issue 27; docs/decisions/0053). */

export const MODE_LABEL: Record<WaitingMode, string> = {
  all: 'All or nothing',
  any: 'Any of them',
};

export const MODE_HELP: Record<WaitingMode, string> = {
  all: 'Enter them together or not at all: an offer comes when there are places for everyone chosen.',
  any: 'Take places as they come free: an offer may be for some of them.',
};

const STATE_LABEL: Record<WaitingState, string> = {
  waiting: 'Waiting',
  offered: 'Offered',
  accepted: 'Accepted',
  declined: 'Left the list',
  expired: 'Offer expired',
  removed: 'Removed by an administrator',
  closed: 'List closed',
};

/** An entry's state as a short label: a waiting entry says its position. */
export function stateLabel(entry: Pick<WaitingEntry, 'state' | 'position'>): string {
  if (entry.state === 'waiting' && entry.position !== null) return `Waiting · number ${entry.position}`;
  return STATE_LABEL[entry.state];
}

/** Dark shades: the badges are filled, their text white (axe's contrast). */
export const STATE_COLOR: Record<WaitingState, string> = {
  waiting: 'blue.8',
  offered: 'teal.9',
  accepted: 'green.9',
  declined: 'gray.7',
  expired: 'gray.7',
  removed: 'red.9',
  closed: 'gray.7',
};

const MEMBER_LABEL: Record<MemberState, string> = {
  waiting: 'waiting',
  offered: 'place offered',
  accepted: 'place taken',
  left: 'no place',
};

/** A member with their own state: "Emily Jones (place offered)". */
export function memberText(member: { name: string; state: MemberState }): string {
  return `${member.name} (${MEMBER_LABEL[member.state]})`;
}

/** Whether the entry is still on the list (waiting or offered). */
export function isLive(entry: Pick<WaitingEntry, 'state'>): boolean {
  return entry.state === 'waiting' || entry.state === 'offered';
}

/** Names joined as people say them: "Emily", "Emily and Tom", "Emily, Tom and Ann". */
export function namesText(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** What an offer holds, for its page and My Entries: "2 places held for Emily Jones and Tom Jones
 * until Thursday 3rd December 2026, 14:00 UK time." */
export function offerText(entry: WaitingEntry): string | null {
  if (entry.state !== 'offered' || !entry.offer) return null;
  const offered = entry.members.filter((m) => m.state === 'offered').map((m) => m.name);
  const places = entry.offer.places === 1 ? '1 place' : `${entry.offer.places} places`;
  return `${places} held for ${namesText(offered)} until ${offerEndText(new Date(entry.offer.ends_at))}.`;
}

/** What accepting costs: null for a free race. */
export function offerPrice(entry: WaitingEntry): string | null {
  if (!entry.offer || entry.offer.total === '0.00') return null;
  return `£${entry.offer.total}`;
}

/** What the page says of an entry that is not offered now. */
export function entryNote(entry: WaitingEntry): string {
  switch (entry.state) {
    case 'waiting':
      return `You are number ${entry.position ?? '?'} on the list. We will e-mail you if places come free.`;
    case 'offered':
      return offerText(entry) ?? '';
    case 'accepted':
      return 'You accepted the offer. Entries you have paid for, or free ones, are in My Entries.';
    case 'declined':
      return 'You left the waiting list: any places offered to you passed to the next family on it.';
    case 'expired':
      return 'The offer ended without an answer: the places passed to the next family on the list.';
    case 'removed':
      return 'An administrator removed this entry from the waiting list.';
    case 'closed':
      return 'Entries for this race have closed, and its waiting list with them.';
  }
}
