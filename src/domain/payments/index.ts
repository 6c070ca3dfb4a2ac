import { parsePrice } from '../money.ts';

/**
 * Paying for the cart (doc 1 §4 "Checkout", "Payment page", §7, §8; decisions.md → Booking and
 * payment; docs/decisions/0019). Amounts are integer pence; the provider is told pounds with two
 * decimals or pence, as it asks.
 */

/** How long starting a payment holds the cart's places (decisions.md). */
export const HOLD_MINUTES = 15;

/** Payment starts per account per minute (decisions.md "payment starts are limited per account"). */
export const PAYMENT_STARTS_PER_MINUTE = 10;

export const PAYMENT_PROVIDERS = ['stripe', 'paypal', 'demo'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** The demo provider's card numbers: this one is declined, any other 16 digits succeed (the same
 * numbers Stripe's test mode uses). */
export const DEMO_DECLINED_CARD = '4000000000000002';
/** The demo card whose payments go through and whose refunds the demo provider refuses (as
 * Stripe's test card 4000 0000 0000 5126 does): to try the queue of refunds to make by hand. */
export const DEMO_REFUND_REFUSED_CARD = '4000000000005126';
/** The demo card whose payments go through and whose refunds never reach the provider (every try
 * fails to send, as when the provider is down): to try the retries and then the queue (issue 35). */
export const DEMO_REFUND_UNSENT_CARD = '4000000000000119';
export const DEMO_CARD = '4242424242424242';

/** A PayPal order line's name (doc 1 §7): 'participant - product'. */
export const walletLineName = (participant: string, product: string): string => `${participant} - ${product}`;

/** Whole pence from what a client sent as the amount ('25', '25.5', 25.5): null when it is not a
 * sum of money. The server compares it with the cart's own total and never charges it. */
export function amountInPence(amount: unknown): number | null {
  if (typeof amount === 'number') return Number.isFinite(amount) ? parsePrice(String(amount)) : null;
  return typeof amount === 'string' ? parsePrice(amount) : null;
}

export const PAYMENT_MSG = {
  // the browser's texts (doc 1 §8)
  initFailed: 'Failed to initialize payment. Please try again.',
  unexpected: 'An unexpected error occurred.',
  processFailed: 'Failed to process payment.',
  succeeded: 'Payment succeeded!',
  bookingAfterPayment: (id: string) =>
    `There was an error completing your booking. Please contact support with this reference: ${id}.`,
  walletBookingFailed: 'An error occurred while processing your payment. Please try again.',
  walletFailed: 'An error occurred during the payment process. Please try again.',
  // /booking/success opened with no booking behind it (issue 26; the spec gives no text)
  noBooking: 'There is no booking to show',
  noBookingDetail:
    'This page shows a booking just after it is paid for. Your entries are in My Entries; to enter a race, go to the events.',
  // the server's texts (the spec gives none)
  emptyCart: 'Your cart has nothing to pay for.',
  amountChanged: (total: string) =>
    `The amount does not match your cart: the total is now £${total}. Please review your cart and pay again.`,
  linesChanged: 'Your cart has changed since the payment page opened. Please review your cart and pay again.',
  /** The race-full words (issue 36): every step a family can be at when the last place goes says
   * this (adding, the cart's note on the line, starting to pay, booking a free entry). */
  full: (participant: string, event: string) => `${event} is full: there is no place left for ${participant}.`,
  heldElsewhere: (participant: string, event: string) =>
    `A payment for ${participant} on ${event} is already under way in your family. Please try again in a few minutes.`,
  notConfigured: 'Card payments are not set up on this site yet. Please contact the association.',
  demoOnly: 'The demo payment provider is not available on this site.',
  declined: 'Your card was declined.',
  cardNumber: 'Enter the 16 digits of the card number.',
  notFound: 'Payment not found.',
  notPaid: 'This payment has not been completed.',
  referenceNeeded: 'A paid place is booked only against a confirmed payment: send its payment reference.',
  notCovered: (participant: string, event: string) => `This payment does not cover ${participant} on ${event}.`,
  /** A paid line that could not be booked, in words that fit why (the cause of the refund that gave
   * its amount back): its place went to someone else (the default), it was removed from the cart
   * while the payment ran (another tab cleared it), or its event was cancelled meanwhile. */
  lost: (participant: string, event: string, why?: string | null) =>
    why === 'line_removed'
      ? `${participant} was removed from your cart before your payment completed, so is not booked on ${event}; that amount is refunded.`
      : why === 'event_cancelled'
        ? `${event} was cancelled before your payment completed: ${participant} is not booked and that amount is refunded.`
        : `${event} is full: it filled before your payment completed, so ${participant} is not booked and that amount is refunded.`,
  providerFailed: 'The payment provider could not be reached. Nothing was charged; please try again.',
  captureFailed: 'The wallet payment could not be completed. Nothing was charged; please try again.',
  badSignature: 'Webhook signature verification failed.',
  tooManyStarts: 'Too many payment attempts from your account. Please wait a minute and try again.',
  amountMismatch:
    'The amount paid is not the amount this site asked for, so nothing was booked and the whole payment is refunded. The association has been told.',
  placesChanged: 'The places on this event changed meanwhile. Please try again.',
} as const;
