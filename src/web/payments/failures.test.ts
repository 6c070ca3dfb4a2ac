import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.ts';
import { afterPaymentFailure, chargeFailure, serverReasons, startFailure, stripeFailure } from './failures.ts';

const SERVER_500 = new ApiError(500, 'Internal Server Error', 'INTERNAL');
const PROXY_502 = new ApiError(502, '<html><body>Bad Gateway</body></html>');
const NO_ANSWER = new TypeError('Failed to fetch');

describe('what the payer reads when paying fails (doc 1 §8)', () => {
  it('paid, the booking failed: the spec’s words with the reference and nothing in front of them', () => {
    const words = 'There was an error completing your booking. Please contact support with this reference: demo_pay_7.';
    for (const error of [SERVER_500, PROXY_502, NO_ANSWER]) {
      expect(afterPaymentFailure(error, 'demo_pay_7')).toEqual({ message: words, reasons: [] });
    }
    // a refusal of every line: the same words, and each line's reason apart from them
    const lost =
      'Ann Lee was removed from your cart before your payment completed, so is not booked on Race A; that amount is refunded.';
    const refused = new ApiError(409, lost, 'CONFLICT', { bookings: [lost] });
    expect(afterPaymentFailure(refused, 'demo_pay_7')).toEqual({ message: words, reasons: [lost] });
  });

  it('starting failed: our refusal, else "Failed to initialize payment. Please try again."', () => {
    for (const error of [SERVER_500, PROXY_502, NO_ANSWER]) {
      expect(startFailure(error)).toBe('Failed to initialize payment. Please try again.');
    }
    expect(startFailure(new ApiError(409, 'Race A is full: there is no place left for Ann Lee.', 'CONFLICT'))).toBe(
      'Race A is full: there is no place left for Ann Lee.',
    );
  });

  it('the charge failed: the card’s message, a decline, else "An unexpected error occurred."', () => {
    for (const error of [SERVER_500, PROXY_502, NO_ANSWER])
      expect(chargeFailure(error)).toBe('An unexpected error occurred.');
    expect(chargeFailure(new ApiError(402, 'Your card was declined.', 'PAYMENT_DECLINED'))).toBe(
      'Your card was declined.',
    );
    expect(
      chargeFailure(
        new ApiError(400, 'Enter the 16 digits of the card number.', 'VALIDATION', {
          card_number: ['Enter the 16 digits of the card number.'],
        }),
      ),
    ).toBe('Enter the 16 digits of the card number.');
  });

  it('Stripe’s error: a card or validation error in its words, anything else "An unexpected error occurred."', () => {
    expect(stripeFailure({ type: 'card_error', message: 'Your card has expired.' })).toBe('Your card has expired.');
    expect(stripeFailure({ type: 'validation_error', message: 'Your card number is incomplete.' })).toBe(
      'Your card number is incomplete.',
    );
    expect(stripeFailure({ type: 'api_error', message: 'An error occurred with our connection to Stripe.' })).toBe(
      'An unexpected error occurred.',
    );
    expect(stripeFailure(undefined)).toBe('An unexpected error occurred.');
  });
});

describe('serverReasons', () => {
  it('is the list our server sent under bookings, and nothing for a failure without words', () => {
    const refused = new ApiError(409, 'A is full. B is full.', 'CONFLICT', { bookings: ['A is full.', 'B is full.'] });
    expect(serverReasons(refused)).toEqual(['A is full.', 'B is full.']);
    expect(serverReasons(new ApiError(500, 'Internal Server Error', 'INTERNAL', { bookings: ['x'] }))).toEqual([]);
    expect(serverReasons(new TypeError('Failed to fetch'))).toEqual([]);
  });
});
