import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayPrice, formatPrice, isFree, MAX_PRICE_PENCE, parsePrice } from './money.ts';

describe('parsePrice', () => {
  it('reads pounds with up to two decimals as pence', () => {
    expect(parsePrice('25')).toBe(2500);
    expect(parsePrice('25.5')).toBe(2550);
    expect(parsePrice('25.50')).toBe(2550);
    expect(parsePrice('25.05')).toBe(2505);
    expect(parsePrice('0')).toBe(0);
    expect(parsePrice('0.00')).toBe(0);
    expect(parsePrice('0.01')).toBe(1);
    expect(parsePrice(' 7.99 ')).toBe(799);
    expect(parsePrice('007')).toBe(700);
  });

  it('refuses everything else', () => {
    for (const bad of [
      '',
      ' ',
      '25.',
      '.5',
      '25.555',
      '-1',
      '+1',
      '£25',
      '25,00',
      '1,000',
      '1e3',
      'abc',
      '2 5',
      '0x10',
    ]) {
      expect(parsePrice(bad), bad).toBeNull();
    }
  });

  it('refuses numbers too large to be exact', () => {
    expect(parsePrice('99999999999999999999')).toBeNull();
  });

  it('round-trips with formatPrice for every price up to the maximum', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_PRICE_PENCE }), (pence) => {
        expect(parsePrice(formatPrice(pence))).toBe(pence);
      }),
    );
  });
});

describe('formatPrice', () => {
  it('writes pence as pounds with two decimals', () => {
    expect(formatPrice(2550)).toBe('25.50');
    expect(formatPrice(2500)).toBe('25.00');
    expect(formatPrice(5)).toBe('0.05');
    expect(formatPrice(0)).toBe('0.00');
    expect(formatPrice(123456)).toBe('1234.56');
  });
});

describe('displayPrice', () => {
  it('shows FREE for 0 and pounds otherwise', () => {
    expect(displayPrice(0)).toBe('FREE');
    expect(displayPrice(2550)).toBe('£25.50');
    expect(displayPrice(1)).toBe('£0.01');
  });

  it('accepts the API string form: 0 and 0.00 are FREE', () => {
    expect(displayPrice('0')).toBe('FREE');
    expect(displayPrice('0.00')).toBe('FREE');
    expect(displayPrice('0.0')).toBe('FREE');
    expect(displayPrice('25.00')).toBe('£25.00');
    expect(displayPrice('25.5')).toBe('£25.50');
  });

  it('shows an unreadable price as £0.00, not as FREE', () => {
    expect(displayPrice('abc')).toBe('£0.00');
    expect(displayPrice('')).toBe('£0.00');
  });

  it('isFree agrees', () => {
    expect(isFree(0)).toBe(true);
    expect(isFree('0.00')).toBe(true);
    expect(isFree('0.01')).toBe(false);
    expect(isFree('')).toBe(false);
  });
});
