/**
 * Who can be entered and the cart (doc 1 §3 "Booking participant" and "Cart item", §4 "Adding to
 * cart", §8; decisions.md → Booking and payment). A participant is named by username in every
 * call; what people read names them by their first and last name (issue 26).
 */

/** A person as the messages name them: first and last name, the username only when both are
 * empty. */
export function personName(p: { firstName: string; lastName: string; username: string }): string {
  return `${p.firstName} ${p.lastName}`.trim() || p.username;
}

/** A participant's status for one event, as the participants modal shows it. */
export const PARTICIPANT_STATUSES = [
  'Booked',
  'In Cart',
  'Awaiting Racer Approval',
  'Racer Not Approved',
  'Non Race Account',
  'Available',
] as const;
export type ParticipantStatus = (typeof PARTICIPANT_STATUSES)[number];

export interface ParticipantFacts {
  isRacer: boolean;
  racerStatus: 'PENDING' | 'APPROVED' | 'REJECTED';
  booked: boolean;
  inCart: boolean;
}

/** The status of one participant: booked first, then in the cart, then what the racer profile
 * allows. Only Available can be selected. */
export function participantStatus(p: ParticipantFacts): ParticipantStatus {
  if (p.booked) return 'Booked';
  if (p.inCart) return 'In Cart';
  if (!p.isRacer) return 'Non Race Account';
  if (p.racerStatus === 'PENDING') return 'Awaiting Racer Approval';
  if (p.racerStatus === 'REJECTED') return 'Racer Not Approved';
  return 'Available';
}

/** Most items one bulk add may carry: a family's members for a handful of events. */
export const BULK_ADD_MAX = 50;

export const CART_MSG = {
  // the browser's texts (doc 1 §8)
  fetchFailed: 'Failed to fetch cart items',
  addUnexpected: 'An unexpected error occurred while adding items to cart',
  clearFailed: 'Failed to clear cart',
  bookingUnexpected: 'An unexpected error occurred while booking.',
  someFailed: (details: string) => `Failed to add some items: ${details}`,
  alreadyInCart: (names: string[]) => `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} already in the cart.`,
  added: (n: number) => `Successfully added ${n} item(s) to cart.`,
  // the server's texts (the spec gives none). `who` is a person's name (personName); only a
  // participant the user's family does not hold is named as the request named them (a username:
  // saying the name of someone outside the family would tell it to a stranger)
  notFamily: (who: string) => `${who} is not in your family.`,
  alreadyBooked: (who: string) => `${who} is already booked on this event.`,
  notAvailable: (who: string, status: ParticipantStatus) => `${who} cannot be entered: ${status}.`,
  itemNotFound: 'Cart item not found.',
  tooMany: `A cart can take at most ${BULK_ADD_MAX} items at once.`,
} as const;

/** Booking the cart (doc 1 §4 "Checkout", §7 POST /bookings/, §8 "Booking free items"). */
export const BOOKING_MSG = {
  // the browser's texts (doc 1 §8)
  freeFailed: 'Failed to book free items',
  freeBooked: 'Free items booked successfully',
  checkoutError: (message: string) => `Error: ${message}`,
  // the server's texts
  notInCart: 'That participant is not in your cart for this event.',
  alreadyBooked: (who: string) => `${who} is already booked on this event.`,
  paidNeedsPayment: 'A paid place is booked only against a confirmed payment.',
  cannotEnter: (who: string) => `${who} cannot be entered for this event.`,
} as const;
