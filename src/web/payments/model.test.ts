import { describe, expect, it } from 'vitest';
import { cardDigits, countdown, holdText, offerHold, returnedReference, splitCart } from './model.ts';

describe('the payment model', () => {
  it('splits the cart into paid lines and free ones', () => {
    const items = [
      { product_price: '25.00' },
      { product_price: '0.00' },
      { product_price: 0 },
      { product_price: 12.5 },
    ];
    expect(splitCart(items)).toEqual({
      paid: [{ product_price: '25.00' }, { product_price: 12.5 }],
      free: [{ product_price: '0.00' }, { product_price: 0 }],
    });
  });

  it('counts the hold down in minutes and seconds, never below 0:00', () => {
    expect(countdown(15 * 60_000)).toBe('15:00');
    expect(countdown(15 * 60_000 + 500)).toBe('15:00');
    expect(countdown(61_999)).toBe('1:01');
    expect(countdown(999)).toBe('0:00');
    expect(countdown(-5)).toBe('0:00');
  });

  it('says how long the hold lasts before, during and after', () => {
    const now = new Date('2026-01-15T12:00:00Z');
    expect(holdText(15, null, now)).toBe('Starting a payment holds these places for 15 minutes.');
    expect(holdText(15, '2026-01-15T12:14:30.900Z', now)).toBe('Your places are held until 12:14 (14:30 left).');
    // London's summer time: the clock the association reads
    const summer = new Date('2026-07-15T17:30:00Z');
    expect(holdText(15, '2026-07-15T17:42:00Z', summer)).toBe('Your places are held until 18:42 (12:00 left).');
    // a waiting-list offer's places are held for days: the day and time, not a countdown
    expect(holdText(15, '2026-01-17T12:00:00Z', now)).toBe(
      'Your places are held until Saturday 17th January 2026, 12:00 UK time.',
    );
    expect(holdText(15, '2026-01-15T11:59:00Z', now)).toBe(
      'Your hold has lapsed: the places go to whoever pays first. You can still pay.',
    );
  });

  it('before a payment starts, says how long a waiting-list offer holds its places, not the 15 minutes', () => {
    const now = new Date('2026-01-15T12:00:00Z');
    const offer = { endsAt: '2026-01-17T12:00:00Z', others: 0 };
    expect(holdText(15, null, now, offer)).toBe(
      'The waiting-list offer holds these places until Saturday 17th January 2026, 12:00 UK time.',
    );
    // the cart's other lines are held only once a payment starts
    expect(holdText(15, null, now, { ...offer, others: 1 })).toBe(
      'The waiting-list offer holds its places until Saturday 17th January 2026, 12:00 UK time; starting a payment holds the others for 15 minutes.',
    );
    // an offer that has ended holds nothing
    expect(holdText(15, null, now, { ...offer, endsAt: '2026-01-15T11:00:00Z' })).toBe(
      'Starting a payment holds these places for 15 minutes.',
    );
    // once a payment starts, its own end is said
    expect(holdText(15, '2026-01-17T12:00:00Z', now, offer)).toBe(
      'Your places are held until Saturday 17th January 2026, 12:00 UK time.',
    );
  });

  it('an offer’s hold covers the lines it holds, the soonest end first; none of them: null', () => {
    const holds = [
      { cart_item: 4, ends_at: '2026-01-17T12:00:00.000Z' },
      { cart_item: 7, ends_at: '2026-01-16T09:00:00.000Z' },
    ];
    expect(offerHold(holds, [4, 7, 9])).toEqual({ endsAt: '2026-01-16T09:00:00.000Z', others: 1 });
    expect(offerHold(holds, [4])).toEqual({ endsAt: '2026-01-17T12:00:00.000Z', others: 0 });
    expect(offerHold(holds, [9])).toBeNull();
  });

  it('reads the reference of the return address, refusing anything that is not one', () => {
    expect(returnedReference('?payment_intent=pi_123&redirect_status=succeeded')).toBe('pi_123');
    expect(returnedReference('?reference=demo_pay_4')).toBe('demo_pay_4');
    expect(returnedReference('?payment_intent=<script>')).toBeNull();
    expect(returnedReference('')).toBeNull();
  });

  it('groups card digits in fours and drops anything else', () => {
    expect(cardDigits('4242424242424242999')).toBe('4242 4242 4242 4242');
    expect(cardDigits('40-00 00ab')).toBe('4000 00');
  });
});
