import { PAYMENT_MSG } from '../../domain/payments/index.ts';
import { ApiError } from '../api/client.ts';
import { serverErrorText } from '../api/server-error.ts';

/**
 * What the payer reads when a step of paying fails (doc 1 §8), each in the spec's words. Our
 * server's own words are shown only where they say something the spec's cannot (a refusal that
 * names the event that filled, the card that was declined); a failure without words (a 500, a
 * proxy's page, no answer) never puts a status text in front of them or in their place.
 */

/** Starting a payment failed: our server's refusal (an event filled, the cart changed, too many
 * attempts), else 'Failed to initialize payment. Please try again.' */
export function startFailure(error: unknown): string {
  return serverErrorText(error) ?? PAYMENT_MSG.initFailed;
}

/** Charging the card failed (the demo provider's Pay): the card number's own message, our server's
 * refusal ('Your card was declined.'), else 'An unexpected error occurred.' */
export function chargeFailure(error: unknown): string {
  const field = error instanceof ApiError ? error.fields.card_number?.[0] : undefined;
  return field ?? serverErrorText(error) ?? PAYMENT_MSG.unexpected;
}

/** Stripe's confirmation came back with an error: a card or validation error says what Stripe
 * says (a declined card, an expired one), anything else 'An unexpected error occurred.' */
export function stripeFailure(error: { type?: string; message?: string } | undefined): string {
  if (error?.type === 'card_error' || error?.type === 'validation_error')
    return error.message ?? PAYMENT_MSG.processFailed;
  return PAYMENT_MSG.unexpected;
}

/** The reasons our server gave, one a line, under a refusal's `bookings` field (each line it would
 * not book); none for a failure without words of ours. */
export function serverReasons(error: unknown): string[] {
  if (serverErrorText(error) === null || !(error instanceof ApiError)) return [];
  return (error.fields.bookings ?? []).filter((m) => typeof m === 'string' && m.trim() !== '');
}

/** Paid, but booking against the payment failed: the spec's alert with the reference, alone;
 * and, apart from it, each line our server said it could not book (each says it is refunded). */
export function afterPaymentFailure(error: unknown, reference: string): { message: string; reasons: string[] } {
  return { message: PAYMENT_MSG.bookingAfterPayment(reference), reasons: serverReasons(error) };
}
