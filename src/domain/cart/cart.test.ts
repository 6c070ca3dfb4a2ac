import { describe, expect, it } from 'vitest';
import { CART_MSG, participantStatus } from './index.ts';

describe('participantStatus', () => {
  const approved = { isRacer: true, racerStatus: 'APPROVED' as const, booked: false, inCart: false };
  it('is Available only for an approved racer neither booked nor in the cart', () => {
    expect(participantStatus(approved)).toBe('Available');
    expect(participantStatus({ ...approved, booked: true, inCart: true })).toBe('Booked');
    expect(participantStatus({ ...approved, inCart: true })).toBe('In Cart');
    expect(participantStatus({ ...approved, racerStatus: 'PENDING' })).toBe('Awaiting Racer Approval');
    expect(participantStatus({ ...approved, racerStatus: 'REJECTED' })).toBe('Racer Not Approved');
    expect(participantStatus({ ...approved, isRacer: false })).toBe('Non Race Account');
  });
});

describe('the cart messages (doc 1 §8)', () => {
  it('says is or are', () => {
    expect(CART_MSG.alreadyInCart(['Emily Jones'])).toBe('Emily Jones is already in the cart.');
    expect(CART_MSG.alreadyInCart(['Ann Lee', 'Bob Lee'])).toBe('Ann Lee, Bob Lee are already in the cart.');
    expect(CART_MSG.added(2)).toBe('Successfully added 2 item(s) to cart.');
  });
});
