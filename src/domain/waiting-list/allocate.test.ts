import { describe, expect, it } from 'vitest';
import { allocatePlaces, listTakesFreedPlaces, offerEnd, type QueuedEntry } from './allocate.ts';

const entry = (id: number, mode: 'all' | 'any', waiting: number, offered = false): QueuedEntry => ({
  id,
  mode,
  waiting,
  offered,
});

describe('allocatePlaces', () => {
  const A = entry(1, 'all', 2);
  const B = entry(2, 'all', 1);
  const C = entry(3, 'all', 1);

  it('offers one freed place to the first entry it fits: B, not the larger A before it', () => {
    expect(allocatePlaces(1, [A, B, C])).toEqual({ offers: [{ entryId: 2, places: 1 }], kept: 0 });
  });

  it('passes over an entry with an open offer', () => {
    expect(allocatePlaces(1, [A, { ...B, offered: true }, C])).toEqual({
      offers: [{ entryId: 3, places: 1 }],
      kept: 0,
    });
  });

  it('keeps a place no entry fits (A needs two; B and C are answering offers)', () => {
    expect(allocatePlaces(1, [A, { ...B, offered: true }, { ...C, offered: true }])).toEqual({ offers: [], kept: 1 });
  });

  it('offers A both places once two are free, A keeping its position', () => {
    expect(allocatePlaces(2, [A, B, C])).toEqual({ offers: [{ entryId: 1, places: 2 }], kept: 0 });
  });

  it('gives an "any" entry as many places as are free, and the rest to the next', () => {
    expect(allocatePlaces(2, [entry(5, 'any', 3), B])).toEqual({ offers: [{ entryId: 5, places: 2 }], kept: 0 });
    expect(allocatePlaces(4, [entry(5, 'any', 3), B])).toEqual({
      offers: [
        { entryId: 5, places: 3 },
        { entryId: 2, places: 1 },
      ],
      kept: 0,
    });
  });

  it('offers nothing with no place free, and keeps what is left over', () => {
    expect(allocatePlaces(0, [A, B])).toEqual({ offers: [], kept: 0 });
    expect(allocatePlaces(5, [A])).toEqual({ offers: [{ entryId: 1, places: 2 }], kept: 3 });
    expect(allocatePlaces(3, [])).toEqual({ offers: [], kept: 3 });
  });
});

describe('offer ends and open sale', () => {
  const now = new Date('2027-01-10T12:00:00Z');
  it('lasts the offer hours, or until entries close if sooner', () => {
    expect(offerEnd(now, null, 48).toISOString()).toBe('2027-01-12T12:00:00.000Z');
    expect(offerEnd(now, new Date('2027-01-11T09:00:00Z'), 48).toISOString()).toBe('2027-01-11T09:00:00.000Z');
    expect(offerEnd(now, new Date('2027-02-01T00:00:00Z'), 6).toISOString()).toBe('2027-01-10T18:00:00.000Z');
  });

  it('keeps freed places for the list until six hours before the close, then not', () => {
    expect(listTakesFreedPlaces(now, null)).toBe(true);
    expect(listTakesFreedPlaces(now, new Date('2027-01-10T18:00:01Z'))).toBe(true);
    expect(listTakesFreedPlaces(now, new Date('2027-01-10T18:00:00Z'))).toBe(false);
    expect(listTakesFreedPlaces(now, new Date('2027-01-10T13:00:00Z'))).toBe(false);
  });
});

describe('offerEndText', () => {
  it('says the London day and time, across the clock change', async () => {
    const { offerEndText } = await import('./messages.ts');
    expect(offerEndText(new Date('2026-12-03T14:00:00Z'))).toBe('Thursday 3rd December 2026, 14:00 UK time');
    expect(offerEndText(new Date('2027-04-01T13:00:00Z'))).toBe('Thursday 1st April 2027, 14:00 UK time');
  });
});
