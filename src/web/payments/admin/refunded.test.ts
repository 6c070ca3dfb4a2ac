import { describe, expect, it } from 'vitest';
import { refundedText } from './refunded.ts';

const row = { amount: '25.00', refunded: '0.00', paid_amount: null as string | null };

describe('the Refunded figure of a payment row', () => {
  it('a dash when nothing went back; the figure when it is at most the amount', () => {
    expect(refundedText(row)).toBe('—');
    expect(refundedText({ ...row, refunded: '25.00' })).toBe('£25.00');
    expect(refundedText({ ...row, refunded: '7.50' })).toBe('£7.50');
  });

  it('more than the amount: says the provider took it (the demo seed: asked £25, took £30, all back)', () => {
    expect(refundedText({ ...row, refunded: '30.00', paid_amount: '30.00' })).toBe(
      '£30.00 — the provider took £30.00, £5.00 more than asked',
    );
    expect(refundedText({ ...row, refunded: '30.00' })).toBe('£30.00 — £5.00 more than the amount');
  });
});
