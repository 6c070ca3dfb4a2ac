import { describe, expect, it } from 'vitest';
import { bulkAddMessages, cartTotalLabel, refusalText, selectable } from './model.ts';

describe('the cart total (doc 1 §3)', () => {
  it('adds the prices as decimals, strings or numbers, and shows £0.00 when one is invalid', () => {
    expect(cartTotalLabel([{ product_price: '25.50' }, { product_price: 10 }, { product_price: '0' }])).toBe('£35.50');
    expect(cartTotalLabel([])).toBe('£0.00');
    expect(cartTotalLabel([{ product_price: 'abc' }, { product_price: '5' }])).toBe('£0.00');
  });
});

describe('the participants modal', () => {
  it('lets only available racers be chosen', () => {
    const p = { name: 'A B', username: 'a', firstName: 'A', lastName: 'B', isRacer: true };
    expect(selectable({ ...p, status: 'Available' })).toBe(true);
    expect(selectable({ ...p, status: 'In Cart' })).toBe(false);
    expect(selectable({ ...p, status: 'Available', isRacer: false })).toBe(false);
  });

  it('reports a mixed result in warning style, with each part in the spec’s words', () => {
    const item = { product: 1, participant: 'kim' };
    expect(
      bulkAddMessages({
        added_items: [{} as never],
        already_in_cart: [{ product: 1, participant: 'lee.jones', participant_name: 'Lee Jones' }],
        errors: [{ ...item, error: 'This event is full.' }],
      }),
    ).toEqual([
      { kind: 'warning', text: 'Successfully added 1 item(s) to cart.' },
      { kind: 'warning', text: 'Lee Jones is already in the cart.' },
      { kind: 'error', text: 'Failed to add some items: This event is full.' },
    ]);
    expect(bulkAddMessages({ added_items: [{} as never, {} as never], already_in_cart: [], errors: [] })).toEqual([
      { kind: 'success', text: 'Successfully added 2 item(s) to cart.' },
    ]);
    // several, by name, never by username
    expect(
      bulkAddMessages({
        added_items: [],
        already_in_cart: [
          { product: 1, participant: 'emily.jones', participant_name: 'Emily Jones' },
          { product: 2, participant: 'tomjones1', participant_name: 'Tom Jones' },
        ],
        errors: [],
      }),
    ).toEqual([{ kind: 'warning', text: 'Emily Jones, Tom Jones are already in the cart.' }]);
  });
});

describe('a free booking refused at checkout', () => {
  it('names the participant once: before a text that does not name them, not before one that does', () => {
    expect(refusalText('Emily Jones', 'That participant is not in your cart for this event.')).toBe(
      'Emily Jones: That participant is not in your cart for this event.',
    );
    expect(refusalText('Emily Jones', 'Emily Jones is already booked on this event.')).toBe(
      'Emily Jones is already booked on this event.',
    );
  });
});
