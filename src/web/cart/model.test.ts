import { describe, expect, it } from 'vitest';
import { bulkAddMessages, cartTotalLabel, selectable } from './model.ts';

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
        already_in_cart: [{ product: 1, participant: 'lee' }],
        errors: [{ ...item, error: 'This event is full.' }],
      }),
    ).toEqual([
      { kind: 'warning', text: 'Successfully added 1 item(s) to cart.' },
      { kind: 'warning', text: 'lee is already in the cart.' },
      { kind: 'error', text: 'Failed to add some items: This event is full.' },
    ]);
    expect(bulkAddMessages({ added_items: [{} as never, {} as never], already_in_cart: [], errors: [] })).toEqual([
      { kind: 'success', text: 'Successfully added 2 item(s) to cart.' },
    ]);
  });
});
