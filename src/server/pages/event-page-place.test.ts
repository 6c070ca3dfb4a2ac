import { describe, expect, it } from 'vitest';
import { slopeAddressFor } from './event-page-place.ts';

const slope = (slopeName: string, postcode: string, locality = '') => ({
  slopeName,
  addressLine1: '',
  addressLine2: '',
  locality,
  postcode,
});

describe("an event's slope address, from the clubs' details", () => {
  const clubs = [
    slope('The Snow Centre', 'HP3 9NH', 'Hemel Hempstead'),
    slope('Harlow Ski Slope', ''),
    slope('Snozone', 'MK9 3XS'),
    slope('Snozone Milton Keynes', 'MK9 3XX'),
  ];
  const postcode = (name: string) => slopeAddressFor(name, clubs)?.postcode ?? null;

  it('is the slope of the same name, whatever its spaces and capitals', () => {
    expect(postcode('The Snow Centre')).toBe('HP3 9NH');
    expect(postcode('  the  snow CENTRE ')).toBe('HP3 9NH');
  });

  it("is the slope the event's name begins with before a comma (the slope with its town)", () => {
    expect(postcode('The Snow Centre, Hemel Hempstead')).toBe('HP3 9NH');
    expect(postcode('The Snow Centre Annexe')).toBeNull();
  });

  it('is the longest name that matches, and none for a slope without an address or a place no club has', () => {
    expect(postcode('Snozone Milton Keynes, Xscape')).toBe('MK9 3XX');
    expect(postcode('Snozone, Milton Keynes')).toBe('MK9 3XS');
    expect(postcode('Harlow Ski Slope')).toBeNull();
    expect(postcode('Alexandra Palace, London')).toBeNull();
  });
});
